// The activity row of each fact: a market event's (with its listing before it) and a transfer's.
import { ACTIVITY_METHOD, CONTRACT_TYPE } from '@aiamarket/shared';
import {
  ZERO_ADDRESS,
  type ActivityRow,
  type MarketRow,
  type TransferRow,
} from '../sync/fact-rows.js';
import type { ListingState } from './listing-fold.js';

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
