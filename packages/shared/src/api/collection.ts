// Collection shapes (spec doc 1 section 3). Volumes and prices are human decimal strings, in the
// reference unit (priceUnit) across coins; the per-coin parts are in each coin's units.
import type { ContractType } from '../constants.js';
import type { CoinPart } from '../money/reference.js';
import type { BestOfferVO } from './offer.js';
import type { RoyaltySource } from '../royalty.js';

export interface CollectionStatsVO {
  /** Floor: lowest listed price, null when nothing is listed. */
  lowestPrice: string | null;
  /** All-time traded volume. */
  totalTransaction: string;
  totalTokens: number;
  totalHolder: number;
  /** Listed orders. */
  totalOrder: number;
  day1totalTransaction: string;
  day7totalTransaction: string;
  day30totalTransaction: string;
  /** Symbol of the reference unit the prices and volumes above are in. */
  priceUnit: string;
  /** The per-coin parts of the floor (lowest listed price in each coin) and of the volumes. */
  coinParts: {
    lowestPrice: CoinPart[];
    totalTransaction: CoinPart[];
    day1totalTransaction: CoinPart[];
    day7totalTransaction: CoinPart[];
    day30totalTransaction: CoinPart[];
  };
}

export interface CollectionVO extends CollectionStatsVO {
  id: number;
  name: string;
  linkCollection: string;
  headUrl: string | null;
  coverUrl: string | null;
  backgroundUrl: string | null;
  description: string | null;
  contractAddr: string;
  contractType: ContractType;
  createAddr: string | null;
  /** Who may edit it (the contract owner or the address set by the admin). */
  ownerAddr: string | null;
  /**
   * Percent (<= 10) every sale pays, by the shared rule (royaltyRateOf): the market's rate when
   * set, else the token contract's ERC-2981 capped at 10 %; null when none.
   */
  royalty: number | null;
  /** Who receives it; null when nothing is paid. */
  royaltyAddr: string | null;
  /** Where it comes from: the market's rate, the token contract (read-only here), or none. */
  royaltySource: RoyaltySource;
  linkSkypegmwcn: string | null;
  linkTwitter: string | null;
  linkDiscord: string | null;
  linkInstagram: string | null;
  linkMedium: string | null;
}

/** GET /v1/api/collections/link: the collection page, with its best collection offer. */
export interface CollectionDetailVO extends CollectionVO {
  /** The best active collection offer (any token of the collection), null when none. */
  bestCollectionOffer: BestOfferVO | null;
}

/** POST /v1/api/collections/update (owner only). */
export interface CollectionUpdateRequest {
  id: number;
  name: string;
  linkCollection: string;
  description: string;
  headUrl: string;
  coverUrl: string;
  backgroundUrl?: string | null;
  /** Percent as typed ("2.5") or as CollectionVO.royalty answers it (2.5). */
  royalty: string | number;
  royaltyAddr: string;
  linkSkypegmwcn?: string | null;
  linkTwitter?: string | null;
  linkDiscord?: string | null;
  linkInstagram?: string | null;
  linkMedium?: string | null;
}

/** GET /v1/api/collections/collectionCount (size 20 or 5): the trading ranking preview row. */
export interface CollectionCountRow {
  id: number;
  name: string;
  headUrl: string | null;
  linkCollection: string;
  /** Volume over the window (default 7 days). */
  volume: string;
  lowestPrice: string | null;
  totalHolder: number;
  totalTokens: number;
  /** Percent change of the volume against the previous window, null without history. */
  change: number | null;
  /** Symbol of the reference unit of volume and lowestPrice. */
  priceUnit: string;
  /** The per-coin parts of the window's volume, in coin units. */
  volumeParts: CoinPart[];
  /** The lowest listed price in each coin. */
  lowestPriceParts: CoinPart[];
}

/** Ranking windows of GET /v1/api/collections/ranking. */
export type RankingWindow = '1d' | '7d' | '30d' | 'all';

/** GET /v1/api/collections/listAndSummary: the current user's collections and royalty totals. */
export interface CollectionListAndSummary {
  collections: CollectionVO[];
  totalTrans: string;
  totalTransToday: string;
}

/** GET /v1/api/collections/ranking (window, page, size 20): one row of /rankings. */
export interface RankingRow extends CollectionCountRow {
  rank: number;
  /** Trades in the window. */
  trades: number;
  totalOrder: number;
}
