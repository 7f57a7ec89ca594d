// The rows a range's facts are made of, and the one builder of a sale's rows: every contract that
// sells (the market, signed listings, offers) writes a trade the same way.
import type {
  activities,
  launchpadEvents,
  marketEvents,
  nftTransfers,
  orders,
  royaltyPayments,
} from '../../db/schema-chain.js';
import type { OfferEventRow } from '../../db/schema-offers.js';
import type { ListingEventRow } from '../../db/schema-listings.js';
import type { IndexedEvent } from '../sources/events.js';
import type { MetadataRefreshRow } from '../sources/metadata/metadata-events.js';

export type TransferRow = typeof nftTransfers.$inferInsert;
export type MarketRow = typeof marketEvents.$inferInsert;
export type LaunchpadRow = typeof launchpadEvents.$inferInsert;
export type ActivityRow = typeof activities.$inferInsert;
export type RoyaltyRow = typeof royaltyPayments.$inferInsert;
export type OrderRow = typeof orders.$inferInsert;
export type { OfferEventRow, ListingEventRow };

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * market_events kinds of the market's settings (no item, no collection: `contract_addr` is the
 * market): a coin allowed or refused (`coin`, code 1 allowed), a pause or unpause (code 1 paused).
 */
export const MARKET_SETTING = { coin: 'coinAllowed', pause: 'paused' } as const;
export const isMarketSetting = (kind: string) =>
  kind === MARKET_SETTING.coin || kind === MARKET_SETTING.pause;

export const lower = (a: string) => a.toLowerCase();
export const str = (n: bigint | number) => n.toString();

export interface RangeFacts {
  transfers: TransferRow[];
  market: MarketRow[];
  launchpad: LaunchpadRow[];
  royalties: RoyaltyRow[];
  /** Offers contract events (an acceptance is also a 'sold' market row and a royalty row). */
  offers: OfferEventRow[];
  /** `coin|owner` of every coin move or approval (and acceptance): their funding is read again. */
  funds: string[];
  /** Listings contract events (a fill is also a 'sold' market row and a royalty row). */
  listings: ListingEventRow[];
  /** `collection|owner|operator` of every ApprovalForAll: signed listings read it again. */
  approvals: string[];
  /** Token ids whose metadata an event says changed (ERC-4906, ERC1155 URI). */
  metadata: MetadataRefreshRow[];
}

/** Facts of a range without any event. */
export function emptyFacts(): RangeFacts {
  return {
    transfers: [],
    market: [],
    launchpad: [],
    royalties: [],
    offers: [],
    funds: [],
    listings: [],
    approvals: [],
    metadata: [],
  };
}

export type EventSource = IndexedEvent['source'];
export type EventOf<S extends EventSource> = Extract<IndexedEvent, { source: S }>;
/** The columns every fact row starts with: where its log is on the chain. */
export interface FactPosition {
  chainId: number;
  blockNumber: number;
  txHash: string;
  logIndex: number;
  blockTime: Date;
}
/** Appends the facts of one decoded log of a source (each source's facts.ts). */
export type FactHandler<S extends EventSource> = (
  facts: RangeFacts,
  e: EventOf<S>,
  pos: FactPosition,
) => void;

/** A trade as its contract's event tells it. */
export interface Sale {
  /** The contract that sold: the market, the Listings or the Offers contract. */
  marketAddr: string;
  /** The market row's item id: the market's item, a signed listing's order id; null for an offer. */
  itemId: string | null;
  /** The royalty row's order id. */
  orderId: string;
  collection: string;
  tokenId: bigint;
  seller: string;
  buyer: string;
  coin: string;
  /** Per unit. */
  price: bigint;
  amount: bigint;
  /** What the listing keeps unsold (market items only). */
  leftAmount?: bigint;
  fee: bigint;
  royalty: bigint;
  royaltyReceiver: string;
}

/**
 * A trade's facts: a 'sold' market row and, with a royalty, a royalty row, so that activities,
 * stats, volumes and the creator dashboard count every trade without a second derivation.
 */
export function pushSale(facts: RangeFacts, pos: FactPosition, s: Sale) {
  const contractAddr = lower(s.collection);
  const tokenId = str(s.tokenId);
  const coin = lower(s.coin);
  const receiver = lower(s.royaltyReceiver);
  facts.market.push({
    ...pos,
    kind: 'sold',
    marketAddr: s.marketAddr,
    itemId: s.itemId,
    contractAddr,
    tokenId,
    seller: lower(s.seller),
    buyer: lower(s.buyer),
    coin,
    price: str(s.price),
    amount: str(s.amount),
    ...(s.leftAmount === undefined ? {} : { leftAmount: str(s.leftAmount) }),
    fee: str(s.fee),
    royalty: str(s.royalty),
    royaltyReceiver: receiver,
  });
  if (s.royalty > 0n) {
    facts.royalties.push({
      ...pos,
      marketAddr: s.marketAddr,
      orderId: s.orderId,
      contractAddr,
      tokenId,
      receiver,
      coin,
      price: str(s.price),
      amount: str(s.amount),
      totalTrans: str(s.price * s.amount),
      royalty: str(s.royalty),
    });
  }
}

/** A signed order's fill as its contract's event tells it (ListingFilled, OfferAccepted). */
export interface SignedFill {
  orderHash: string;
  collection: string;
  tokenId: bigint;
  seller: string;
  coin: string;
  pricePerUnit: bigint;
  units: bigint;
  fee: bigint;
  royalty: bigint;
  royaltyReceiver: string;
}

/**
 * A signed order's fill as a trade: sold by `contract` (Listings, Offers) to `buyer`, its royalty
 * row's order id the order hash as a number; `itemId` is the market row's item id.
 */
export function pushSignedSale(
  facts: RangeFacts,
  pos: FactPosition,
  contract: string,
  fill: SignedFill,
  buyer: string,
  itemId: string | null,
) {
  pushSale(facts, pos, {
    marketAddr: contract,
    itemId,
    orderId: str(BigInt(fill.orderHash)),
    collection: fill.collection,
    tokenId: fill.tokenId,
    seller: fill.seller,
    buyer,
    coin: fill.coin,
    price: fill.pricePerUnit,
    amount: fill.units,
    fee: fill.fee,
    royalty: fill.royalty,
    royaltyReceiver: fill.royaltyReceiver,
  });
}
