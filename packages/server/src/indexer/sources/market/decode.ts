// The Marketplace events the indexer keeps, decoded through the generated ABI.
import type { Log } from 'viem';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { decodeLog } from '../../../chain/event-decoder.js';
import type { Decoded } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

export type MarketEvent = Extract<
  Decoded<typeof marketplaceAbi>,
  {
    eventName:
      | 'MarketItemCreated'
      | 'MarketItemSold'
      | 'MarketItemCancelled'
      | 'MarketItemPriceChanged'
      | 'RoyaltyRateSet'
      | 'CoinAllowed'
      | 'Paused'
      | 'Unpaused';
  }
>;

// Not decoded: PaymentDeferred and OwedWithdrawn (market, Offers, Listings). A payout credited
// to a payee that refused it changes nothing the indexer keeps: the sale event carries the same
// figures either way, so such a fill is a sale like any other.
const MARKET_EVENTS = new Set([
  'MarketItemCreated',
  'MarketItemSold',
  'MarketItemCancelled',
  'MarketItemPriceChanged',
  'RoyaltyRateSet',
  // The market's settings that decide whether its orders and offers can be filled now.
  'CoinAllowed',
  'Paused',
  'Unpaused',
]);

export function decodeMarket(log: Log, role: AddressRole) {
  if (!role.market) return null;
  const d = decodeLog(marketplaceAbi, log);
  return d && MARKET_EVENTS.has(d.eventName)
    ? { source: 'market' as const, event: d as MarketEvent }
    : null;
}
