// The Marketplace events the indexer keeps, decoded through the generated ABI.
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { eventsDecoder, type NamedEvent } from '../abi-events.js';

// Not decoded: PaymentDeferred and OwedWithdrawn (market, Offers, Listings). A payout credited
// to a payee that refused it changes nothing the indexer keeps: the sale event carries the same
// figures either way, so such a fill is a sale like any other.
const MARKET_EVENTS = [
  'MarketItemCreated',
  'MarketItemSold',
  'MarketItemCancelled',
  'MarketItemPriceChanged',
  'RoyaltyRateSet',
  // The market's settings that decide whether its orders and offers can be filled now.
  'CoinAllowed',
  'Paused',
  'Unpaused',
] as const;

export type MarketEvent = NamedEvent<typeof marketplaceAbi, typeof MARKET_EVENTS>;

export const decodeMarket = eventsDecoder('market', marketplaceAbi, MARKET_EVENTS);
