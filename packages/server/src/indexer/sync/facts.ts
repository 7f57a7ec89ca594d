// Pure functions: decoded logs -> fact rows, and the fold of a listing's events into an order.
import { ACTIVITY_METHOD, CONTRACT_TYPE, ORDER_STATUS, orderRoyaltyRate } from '@aiamarket/shared';
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
import type { IndexedEvent } from './decode.js';
import type { MetadataRefreshRow } from '../sources/metadata/metadata-events.js';
import { forEachSlice } from './slices.js';

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

const lower = (a: string) => a.toLowerCase();
const str = (n: bigint | number) => n.toString();

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

type Source = IndexedEvent['source'];
type EventOf<S extends Source> = Extract<IndexedEvent, { source: S }>;
/** The columns every fact row starts with: where its log is on the chain. */
interface FactPosition {
  chainId: number;
  blockNumber: number;
  txHash: string;
  logIndex: number;
  blockTime: Date;
}
type Handler<S extends Source> = (facts: RangeFacts, e: EventOf<S>, pos: FactPosition) => void;

/**
 * A transfer fact, every field written out: tens of thousands a range, built with one shape
 * (a spread of the position and then the rest cost about twice as much, in time and garbage).
 */
function transferRow(
  pos: FactPosition,
  contractAddr: string,
  subIndex: number,
  tokenId: string,
  fromAddr: string,
  toAddr: string,
  amount: string,
  batch: boolean,
): TransferRow {
  return {
    chainId: pos.chainId,
    blockNumber: pos.blockNumber,
    txHash: pos.txHash,
    logIndex: pos.logIndex,
    subIndex,
    contractAddr,
    tokenId,
    fromAddr,
    toAddr,
    amount,
    batch,
    blockTime: pos.blockTime,
  };
}

/** One handler per event source (see decode.ts): appends the facts of one decoded log. */
const HANDLERS: { [S in Source]: Handler<S> } = {
  erc721: (facts, e, pos) => {
    const a = e.event.args;
    facts.transfers.push(
      transferRow(pos, e.address, 0, str(a.tokenId), lower(a.from), lower(a.to), '1', false),
    );
  },
  erc1155: (facts, e, pos) => {
    if (e.event.eventName === 'TransferSingle') {
      const a = e.event.args;
      facts.transfers.push(
        transferRow(pos, e.address, 0, str(a.id), lower(a.from), lower(a.to), str(a.value), false),
      );
    } else {
      const a = e.event.args;
      const from = lower(a.from);
      const to = lower(a.to);
      a.ids.forEach((id, i) => {
        facts.transfers.push(
          transferRow(pos, e.address, i, str(id), from, to, str(a.values[i] ?? 0n), true),
        );
      });
    }
  },
  market: (facts, e, pos) => {
    const base = { ...pos, marketAddr: e.address };
    const ev = e.event;
    switch (ev.eventName) {
      case 'MarketItemCreated':
        facts.market.push({
          ...base,
          kind: 'created',
          itemId: str(ev.args.itemId),
          contractAddr: lower(ev.args.nftContract),
          tokenId: str(ev.args.tokenId),
          seller: lower(ev.args.seller),
          coin: lower(ev.args.coin),
          price: str(ev.args.price),
          amount: str(ev.args.amount),
          leftAmount: str(ev.args.amount),
          code: ev.args.contractType,
        });
        break;
      case 'MarketItemSold': {
        const a = ev.args;
        facts.market.push({
          ...base,
          kind: 'sold',
          itemId: str(a.itemId),
          contractAddr: lower(a.nftContract),
          tokenId: str(a.tokenId),
          seller: lower(a.seller),
          buyer: lower(a.buyer),
          coin: lower(a.coin),
          price: str(a.price),
          amount: str(a.amount),
          leftAmount: str(a.leftAmount),
          fee: str(a.fee),
          royalty: str(a.royalty),
          royaltyReceiver: lower(a.royaltyReceiver),
        });
        if (a.royalty > 0n) {
          facts.royalties.push({
            ...pos,
            marketAddr: e.address,
            orderId: str(a.itemId),
            contractAddr: lower(a.nftContract),
            tokenId: str(a.tokenId),
            receiver: lower(a.royaltyReceiver),
            coin: lower(a.coin),
            price: str(a.price),
            amount: str(a.amount),
            totalTrans: str(a.price * a.amount),
            royalty: str(a.royalty),
          });
        }
        break;
      }
      case 'MarketItemCancelled':
        facts.market.push({
          ...base,
          kind: 'cancelled',
          itemId: str(ev.args.itemId),
          contractAddr: lower(ev.args.nftContract),
          tokenId: str(ev.args.tokenId),
          seller: lower(ev.args.seller),
          buyer: lower(ev.args.canceller),
          code: ev.args.status,
        });
        break;
      case 'MarketItemPriceChanged':
        facts.market.push({
          ...base,
          kind: 'price',
          itemId: str(ev.args.itemId),
          contractAddr: lower(ev.args.nftContract),
          tokenId: str(ev.args.tokenId),
          seller: lower(ev.args.seller),
          price: str(ev.args.newPrice),
          oldPrice: str(ev.args.oldPrice),
        });
        break;
      case 'RoyaltyRateSet':
        facts.market.push({
          ...base,
          kind: 'royaltyRate',
          contractAddr: lower(ev.args.nftContract),
          seller: lower(ev.args.setter),
          royaltyReceiver: lower(ev.args.receiver),
          price: str(ev.args.rate),
        });
        break;
      // Settings facts name the market as their contract; code 1 = allowed / paused.
      case 'CoinAllowed':
        facts.market.push({
          ...base,
          kind: MARKET_SETTING.coin,
          contractAddr: e.address,
          coin: lower(ev.args.coin),
          code: ev.args.allowed ? 1 : 0,
        });
        break;
      case 'Paused':
      case 'Unpaused':
        facts.market.push({
          ...base,
          kind: MARKET_SETTING.pause,
          contractAddr: e.address,
          code: ev.eventName === 'Paused' ? 1 : 0,
        });
        break;
    }
  },
  offers: (facts, e, pos) => {
    offerFacts(facts, e.address, e.event, pos);
  },
  listings: (facts, e, pos) => {
    listingFacts(facts, e.address, e.event, pos);
  },
  metadata: (facts, e) => {
    facts.metadata.push({
      contractAddr: e.address,
      fromId: str(e.event.fromId),
      toId: str(e.event.toId),
      blockNumber: e.blockNumber,
    });
  },
  approval: (facts, e) => {
    facts.approvals.push(`${e.address}|${lower(e.event.owner)}|${lower(e.event.operator)}`);
  },
  coin: (facts, e) => {
    const ev = e.event;
    const touch = (owner: string) => facts.funds.push(`${e.address}|${lower(owner)}`);
    if (ev.eventName === 'Transfer') {
      touch(ev.args.from);
      touch(ev.args.to);
    } else if (ev.eventName === 'Approval') touch(ev.args.owner);
    else if (ev.eventName === 'Deposit') touch(ev.args.to);
    else touch(ev.args.from);
  },
  launchpad: (facts, e, pos) => {
    const ev = e.event;
    if (ev.eventName === 'Minted') {
      facts.launchpad.push({
        ...pos,
        kind: 'mint',
        launchpadAddr: e.address,
        saleId: str(ev.args.tokenId),
        userAddr: lower(ev.args.minter),
        coinOrSource: lower(ev.args.coin),
        count: str(ev.args.count),
        cost: str(ev.args.cost),
        totalSupply: str(ev.args.totalSupply),
      });
    } else {
      facts.launchpad.push({
        ...pos,
        kind: 'swap',
        launchpadAddr: e.address,
        saleId: str(ev.args.tokenId),
        userAddr: lower(ev.args.user),
        coinOrSource: lower(ev.args.source),
        count: str(ev.args.received),
        cost: null,
        totalSupply: str(ev.args.totalSupply),
      });
    }
  },
};

/** Turns decoded events into fact rows; `timeOf` gives a block's time. */
export async function factsOf(
  chainId: number,
  events: IndexedEvent[],
  timeOf: (block: number) => Date,
): Promise<RangeFacts> {
  const facts = emptyFacts();
  await forEachSlice(events, (slice) => {
    for (const e of slice) {
      const pos = {
        chainId,
        blockNumber: e.blockNumber,
        txHash: e.txHash,
        logIndex: e.logIndex,
        blockTime: timeOf(e.blockNumber),
      };
      (HANDLERS[e.source] as Handler<Source>)(facts, e, pos);
    }
  });
  realBuyers(facts);
  return facts;
}

/**
 * A market listing bought in a sweep: the market's MarketItemSold (same transaction) names the
 * Listings contract as buyer, the Listings contract's MarketItemSwept names the real one. The
 * sale (and so its trade activity) gets the real buyer.
 */
function realBuyers(facts: RangeFacts) {
  for (const s of facts.listings) {
    if (s.kind !== 'swept') continue;
    const sale = facts.market.find(
      (m) =>
        m.kind === 'sold' &&
        m.txHash === s.txHash &&
        m.itemId === s.itemId &&
        m.buyer === s.listingsAddr &&
        m.logIndex < s.logIndex,
    );
    if (sale) sale.buyer = s.account;
  }
}

type ListingsEvent = Extract<IndexedEvent, { source: 'listings' }>['event'];

/**
 * The facts of a Listings contract event. A fill is a trade like a market sale: a 'sold' market
 * row (market = the Listings contract, item id = the order hash as a number) and, with a royalty,
 * a royalty row, so that activities, stats, volumes and the creator dashboard count it.
 */
function listingFacts(
  facts: RangeFacts,
  listingsAddr: string,
  ev: ListingsEvent,
  pos: { chainId: number; blockNumber: number; txHash: string; logIndex: number; blockTime: Date },
) {
  const base = { ...pos, listingsAddr };
  switch (ev.eventName) {
    case 'ListingFilled': {
      const a = ev.args;
      const orderId = str(BigInt(a.orderHash));
      facts.listings.push({
        ...base,
        kind: 'filled',
        account: lower(a.seller),
        orderHash: lower(a.orderHash),
        units: str(a.units),
        filled: str(a.filled),
      });
      facts.market.push({
        ...pos,
        kind: 'sold',
        marketAddr: listingsAddr,
        itemId: orderId,
        contractAddr: lower(a.collection),
        tokenId: str(a.tokenId),
        seller: lower(a.seller),
        buyer: lower(a.buyer),
        coin: lower(a.coin),
        price: str(a.pricePerUnit),
        amount: str(a.units),
        fee: str(a.fee),
        royalty: str(a.royalty),
        royaltyReceiver: lower(a.royaltyReceiver),
      });
      if (a.royalty > 0n) {
        facts.royalties.push({
          ...pos,
          marketAddr: listingsAddr,
          orderId,
          contractAddr: lower(a.collection),
          tokenId: str(a.tokenId),
          receiver: lower(a.royaltyReceiver),
          coin: lower(a.coin),
          price: str(a.pricePerUnit),
          amount: str(a.units),
          totalTrans: str(a.pricePerUnit * a.units),
          royalty: str(a.royalty),
        });
      }
      break;
    }
    case 'ListingCancelled':
      facts.listings.push({
        ...base,
        kind: 'cancelled',
        account: lower(ev.args.seller),
        orderHash: lower(ev.args.orderHash),
      });
      break;
    case 'CounterIncremented':
      facts.listings.push({
        ...base,
        kind: 'counter',
        account: lower(ev.args.seller),
        counter: str(ev.args.counter),
      });
      break;
    case 'MarketItemSwept':
      facts.listings.push({
        ...base,
        kind: 'swept',
        account: lower(ev.args.buyer),
        itemId: str(ev.args.itemId),
        units: str(ev.args.amount),
      });
      break;
  }
}

type OffersEvent = Extract<IndexedEvent, { source: 'offers' }>['event'];

/**
 * The facts of an Offers contract event. An acceptance is a trade like a market sale: it is
 * written as a 'sold' market row (market = the Offers contract, no item id) and, with a royalty,
 * a royalty row (order id = the order hash as a number), so that activities, stats, volumes and
 * the creator dashboard count it without a second derivation.
 */
function offerFacts(
  facts: RangeFacts,
  offersAddr: string,
  ev: OffersEvent,
  pos: { chainId: number; blockNumber: number; txHash: string; logIndex: number; blockTime: Date },
) {
  const base = { ...pos, offersAddr, offerer: lower(ev.args.offerer) };
  if (ev.eventName === 'OfferAccepted') {
    const a = ev.args;
    const orderHash = lower(a.orderHash);
    facts.offers.push({
      ...base,
      kind: 'accepted',
      orderHash,
      units: str(a.units),
      filled: str(a.filled),
    });
    facts.market.push({
      ...pos,
      kind: 'sold',
      marketAddr: offersAddr,
      itemId: null,
      contractAddr: lower(a.collection),
      tokenId: str(a.tokenId),
      seller: lower(a.seller),
      buyer: lower(a.offerer),
      coin: lower(a.coin),
      price: str(a.pricePerUnit),
      amount: str(a.units),
      fee: str(a.fee),
      royalty: str(a.royalty),
      royaltyReceiver: lower(a.royaltyReceiver),
    });
    if (a.royalty > 0n) {
      facts.royalties.push({
        ...pos,
        marketAddr: offersAddr,
        orderId: str(BigInt(a.orderHash)),
        contractAddr: lower(a.collection),
        tokenId: str(a.tokenId),
        receiver: lower(a.royaltyReceiver),
        coin: lower(a.coin),
        price: str(a.pricePerUnit),
        amount: str(a.units),
        totalTrans: str(a.pricePerUnit * a.units),
        royalty: str(a.royalty),
      });
    }
    facts.funds.push(`${lower(a.coin)}|${base.offerer}`);
  } else if (ev.eventName === 'OfferCancelled') {
    facts.offers.push({ ...base, kind: 'cancelled', orderHash: lower(ev.args.orderHash) });
  } else {
    facts.offers.push({ ...base, kind: 'counter', counter: str(ev.args.counter) });
  }
}

/** Sorts facts by chain position. */
export interface Position {
  blockNumber: number;
  logIndex: number;
}

export function byPosition(a: Position, b: Position) {
  return a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
}

/** What happened to a listing up to some point: the fold of its market events. */
export interface ListingState {
  marketAddr: string;
  orderId: string;
  chainStatus: number;
  price: string;
  moneyAddr: string;
  contractAddr: string;
  tokenId: string;
  contractType: string;
  amount: string;
  leftAmount: string;
  ownerAddr: string;
  createdBlock: number;
  createdTx: string;
  createdAt: Date;
  createdLogIndex: number;
  /** The collection's ERC-2981 rate at the listing's block (from the created event). */
  erc2981Rate: number | null;
  updatedBlock: number;
  updatedAt: Date;
}

/** Folds a listing's events (sorted by position); null when its creation is not among them. */
export function foldListing(events: MarketRow[]): ListingState | null {
  let s: ListingState | null = null;
  for (const e of events) {
    if (e.kind === 'created') {
      s = {
        marketAddr: e.marketAddr,
        orderId: e.itemId!,
        chainStatus: ORDER_STATUS.listed,
        price: e.price!,
        moneyAddr: e.coin!,
        contractAddr: e.contractAddr,
        tokenId: e.tokenId!,
        contractType: e.code === 1 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721,
        amount: e.amount!,
        leftAmount: e.amount!,
        ownerAddr: e.seller!,
        createdBlock: e.blockNumber,
        createdTx: e.txHash,
        createdAt: e.blockTime,
        createdLogIndex: e.logIndex,
        erc2981Rate: e.erc2981Rate ?? null,
        updatedBlock: e.blockNumber,
        updatedAt: e.blockTime,
      };
      continue;
    }
    if (!s) continue;
    if (e.kind === 'sold') {
      s.leftAmount = e.leftAmount!;
      if (BigInt(s.leftAmount) === 0n) s.chainStatus = ORDER_STATUS.sold;
    } else if (e.kind === 'price') {
      s.price = e.price!;
    } else if (e.kind === 'cancelled') {
      s.chainStatus =
        e.code === ORDER_STATUS.forceCancel ? ORDER_STATUS.forceCancel : ORDER_STATUS.cancelled;
      s.leftAmount = '0';
    } else {
      continue;
    }
    s.updatedBlock = e.blockNumber;
    s.updatedAt = e.blockTime;
  }
  return s;
}

/** What an order shows of its item (token_metadata) and its price in coin units. */
export interface OrderItem {
  name: string | null;
  imageUrl: string | null;
  priceValue: string;
  /** priceValue in the reference unit at the coin's current rate; null without a rate. */
  priceRef?: string | null;
}

/**
 * The order's royalty rate (percent x 100): the market rate set for the collection before the
 * listing was created, else the collection's ERC-2981 rate read at the listing's block, else null.
 */
export function orderRoyalty(
  marketRates: { blockNumber: number; logIndex: number; rate: number }[],
  listing: { createdBlock: number; createdLogIndex: number },
  erc2981Rate: number | null,
): number | null {
  let rate: number | null = null;
  for (const r of marketRates) {
    if (
      byPosition(r, { blockNumber: listing.createdBlock, logIndex: listing.createdLogIndex }) >= 0
    )
      break;
    rate = r.rate;
  }
  return orderRoyaltyRate(rate, erc2981Rate);
}

/**
 * The order row of a listing: a listed order whose seller holds less than the amount left is
 * "force cancel" (3) until the amount returns; `sellerHolds` is null when the holdings of the
 * collection are not known (not indexed), and then the chain status stands.
 */
export function orderOf(
  chainId: number,
  s: ListingState,
  sellerHolds: bigint | null,
  royalty: number | null,
  item: OrderItem = { name: null, imageUrl: null, priceValue: '0' },
): OrderRow {
  const short = sellerHolds !== null && sellerHolds < BigInt(s.leftAmount);
  const status =
    s.chainStatus === ORDER_STATUS.listed && short ? ORDER_STATUS.forceCancel : s.chainStatus;
  return {
    chainId,
    marketAddr: s.marketAddr,
    orderId: s.orderId,
    status,
    chainStatus: s.chainStatus,
    price: s.price,
    moneyAddr: s.moneyAddr,
    contractAddr: s.contractAddr,
    tokenId: s.tokenId,
    contractType: s.contractType,
    amount: s.amount,
    leftAmount: s.leftAmount,
    ownerAddr: s.ownerAddr,
    royalty,
    name: item.name,
    imageUrl: item.imageUrl,
    priceValue: item.priceValue,
    priceRef: item.priceRef ?? null,
    createdBlock: s.createdBlock,
    createdTx: s.createdTx,
    createdAt: s.createdAt,
    updatedBlock: s.updatedBlock,
    updatedAt: s.updatedAt,
  };
}

/** The activity row of a market event; `before` is the listing just before the event. */
export function marketActivity(e: MarketRow, before: ListingState | null): ActivityRow | null {
  const pos = {
    chainId: e.chainId,
    blockNumber: e.blockNumber,
    txHash: e.txHash,
    logIndex: e.logIndex,
    subIndex: 0,
    blockTime: e.blockTime,
    contractAddr: e.contractAddr,
    tokenId: e.tokenId!,
    orderId: e.itemId ?? null,
  };
  switch (e.kind) {
    case 'created':
      return {
        ...pos,
        method: ACTIVITY_METHOD.listing,
        price: e.price!,
        coin: e.coin!,
        amount: e.amount!,
        fromAddr: e.seller!,
        toAddr: null,
      };
    case 'sold':
      return {
        ...pos,
        method: ACTIVITY_METHOD.trade,
        price: e.price!,
        coin: e.coin!,
        amount: e.amount!,
        fromAddr: e.seller!,
        toAddr: e.buyer!,
      };
    case 'cancelled':
      return {
        ...pos,
        method: ACTIVITY_METHOD.cancel,
        price: before?.price ?? null,
        coin: before?.moneyAddr ?? null,
        amount: before?.leftAmount ?? '0',
        fromAddr: e.seller!,
        toAddr: e.buyer ?? null,
      };
    case 'price':
      return {
        ...pos,
        method: ACTIVITY_METHOD.priceUpdate,
        price: e.price!,
        coin: before?.moneyAddr ?? null,
        amount: before?.leftAmount ?? '0',
        fromAddr: e.seller!,
        toAddr: null,
      };
    default:
      return null;
  }
}

/** What a transaction did besides its transfers (for the transfer's activity method). */
export interface TxContext {
  /** Sales: contract|tokenId|seller|buyer. */
  sales: Set<string>;
  /** Swaps: source collection|user. */
  swaps: Set<string>;
}

export const saleKey = (contract: string, tokenId: string, seller: string, buyer: string) =>
  `${contract}|${tokenId}|${seller}|${buyer}`;
export const swapKey = (source: string, user: string) => `${source}|${user}`;

/**
 * The activity row of a transfer, or null when a trade activity already stands for it (the NFT
 * moved by a market sale). 8 mint (from zero), 7 burn (to zero), 10 swap-in (given to a
 * launchpad swap, or sent to a launchpad), 3 ERC721, 4 ERC1155 single, 6 ERC1155 batch.
 */
export function transferActivity(
  t: TransferRow,
  contractType: string,
  tx: TxContext | undefined,
  launchpads: ReadonlySet<string>,
): ActivityRow | null {
  if (tx?.sales.has(saleKey(t.contractAddr, t.tokenId, t.fromAddr, t.toAddr))) return null;
  let method: number;
  if (t.fromAddr === ZERO_ADDRESS) method = ACTIVITY_METHOD.mint;
  else if (t.toAddr === ZERO_ADDRESS) method = ACTIVITY_METHOD.burn;
  else if (tx?.swaps.has(swapKey(t.contractAddr, t.fromAddr)) || launchpads.has(t.toAddr))
    method = ACTIVITY_METHOD.swapIn;
  else if (contractType === CONTRACT_TYPE.erc721) method = ACTIVITY_METHOD.transfer721;
  else method = t.batch ? ACTIVITY_METHOD.transfer1155Batch : ACTIVITY_METHOD.transfer1155;
  return {
    chainId: t.chainId,
    blockNumber: t.blockNumber,
    txHash: t.txHash,
    logIndex: t.logIndex,
    subIndex: t.subIndex,
    method,
    contractAddr: t.contractAddr,
    tokenId: t.tokenId,
    orderId: null,
    price: null,
    coin: null,
    amount: t.amount,
    fromAddr: t.fromAddr,
    toAddr: t.toAddr,
    blockTime: t.blockTime,
  };
}
