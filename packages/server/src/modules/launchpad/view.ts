import { formatUnits } from 'viem';
import {
  ACTIVITY_STATUS,
  countdownParts,
  LAUNCHPAD_STATE,
  SALE_STATE,
  type LaunchpadProjectVO,
} from '@aiamarket/shared';
import type { ProjectRow } from './queries.js';
import type { SaleOnChain } from './chain.js';

/**
 * The project state of the spec from the contract's SaleState:
 * - not started (0) and active (1) → 1 "in progress" (listed in the in-progress section; the
 *   countdown runs to the start, then to the end; `status` tells which);
 * - ended (2) and sold out (3) → 2 "ended";
 * - down (4), not configured (5), or a contract that cannot be read → 3 "other".
 * `status` uses the primary-sale numbers: 0 begins in, 1 ends in, 2 ended, 3 sold out.
 */
export function projectState(sale: SaleOnChain | null): { state: number; status: number } {
  switch (sale?.state) {
    case SALE_STATE.notStarted:
      return { state: LAUNCHPAD_STATE.inProgress, status: ACTIVITY_STATUS.waiting };
    case SALE_STATE.active:
      return { state: LAUNCHPAD_STATE.inProgress, status: ACTIVITY_STATUS.inProgress };
    case SALE_STATE.ended:
      return { state: LAUNCHPAD_STATE.ended, status: ACTIVITY_STATUS.ended };
    case SALE_STATE.soldOut:
      return { state: LAUNCHPAD_STATE.ended, status: ACTIVITY_STATUS.soldOut };
    default:
      return { state: LAUNCHPAD_STATE.inactive, status: ACTIVITY_STATUS.ended };
  }
}

export interface CoinMeta {
  symbol: string;
  decimals: number;
  iconUrl: string | null;
}

/** One project record as the launchpad pages read it. */
export function projectRecord(
  row: ProjectRow,
  sale: SaleOnChain | null,
  coinMeta: (address: string) => CoinMeta,
  now: Date,
): LaunchpadProjectVO {
  const { state, status } = projectState(sale);
  const startMs = sale ? Number(sale.startAt) * 1000 : null;
  const endMs = sale ? Number(sale.endAt) * 1000 : null;
  const countdown: [number, number, number, number] =
    status === ACTIVITY_STATUS.waiting && startMs !== null
      ? [...countdownParts(startMs, now)]
      : status === ACTIVITY_STATUS.inProgress && endMs !== null && state === 1
        ? [...countdownParts(endMs, now)]
        : [0, 0, 0, 0];
  return {
    id: row.id,
    state,
    status,
    chainState: sale?.state ?? null,
    countdown,
    mintStartTime: startMs,
    mintEndTime: endMs,
    mintNum: sale ? Number(sale.collectionSize) : 0,
    mintMaxLimit: sale ? sale.maxUserSize : 0,
    maxBatchSize: sale ? sale.maxBatchSize : 0,
    minted: sale ? Number(sale.totalSupply) : 0,
    mintCoin: (sale?.coins ?? []).map((c) => {
      const meta = coinMeta(c.coinAddr);
      return {
        coin: meta.symbol,
        number: formatUnits(c.coinAmount, meta.decimals),
        iconUrl: meta.iconUrl,
        address: c.coinAddr,
        contract: c.coinAddr,
        decimals: meta.decimals,
        maxAmount: Number(c.coinMaxAmount),
      };
    }),
    contractAddr: row.contractAddr,
    contractType: row.contractType === 'ERC1155' ? 1155 : 721,
    tokenId: row.tokenId,
    isExchange: sale?.swapFlag ? 1 : 0,
    exchangeAddr: sale?.swapFlag ? sale.fromNft : null,
    newNum: sale?.toAmount ?? 1,
    oldNum: sale?.fromAmount ?? 1,
    collectionsVO: {
      name: row.name,
      description: row.description,
      coverUrl: row.coverUrl,
      boxUrl: row.boxUrl,
      headUrl: row.headUrl,
      backgroundUrl: row.backgroundUrl,
      projectDesc: row.projectDesc,
      linkCollection: row.linkCollection,
      linkSkypegmwcn: row.linkSkypegmwcn,
      linkTwitter: row.linkTwitter,
      linkDiscord: row.linkDiscord,
      linkInstagram: row.linkInstagram,
      linkMedium: row.linkMedium,
    },
  };
}
