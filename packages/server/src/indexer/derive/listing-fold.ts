// The fold of a market listing's events into its state, and the order row derived from it.
import { CONTRACT_TYPE, ORDER_STATUS, orderRoyaltyRate } from '@aiamarket/shared';
import type { MarketRow, OrderRow } from '../sync/fact-rows.js';

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
