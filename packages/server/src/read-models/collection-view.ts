import { z } from 'zod';
import type { CoinRate, CollectionVO, ContractType } from '@aiamarket/shared';
import {
  CONTRACT_TYPE,
  REFERENCE_UNIT,
  royaltyRateOf,
  royaltyRateToPercent,
  trimDecimal,
  type RoyaltyRate,
} from '@aiamarket/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/database.js';
import { collections, collectionStats, collectionVolumeHours } from '../db/schema-chain.js';
import { collectionProfiles, type CollectionProfileRow } from '../db/schema-market.js';
import { coinParts } from '../db/coin-rates.js';
import type { CoinAmounts } from '../db/schema-chain.js';
import { WINDOW_HOURS, windowStart } from './volume-windows.js';

const p = collectionProfiles;
const h = collectionVolumeHours;
const s = collectionStats;

/** A numeric column as text ("1.500000000000000000") -> the shortest exact decimal ("1.5"). */
export function trimAmount(value: string | null | undefined): string {
  return trimDecimal(value ?? '');
}

/** One coin's part of an aggregate (CoinPart). */
export const coinPartSchema = z.object({
  currency: z.string().describe('lowercase coin address, the zero address for AIA'),
  symbol: z.string(),
  amount: z.string().describe('in whole coins of that coin'),
});

export const coinPartsSchema = z
  .array(coinPartSchema)
  .describe('the per-coin parts of the aggregate, in coin units (payment coins order)');

export const collectionStatsFields = {
  lowestPrice: z
    .string()
    .nullable()
    .describe('floor: lowest listed price in the reference unit (priceUnit), null when none'),
  totalTransaction: z
    .string()
    .describe('all-time traded volume in the reference unit, each sale at its own rate'),
  totalTokens: z.number().int().describe('token ids with a holder'),
  totalHolder: z.number().int().describe('distinct holders'),
  totalOrder: z.number().int().describe('listed orders'),
  day1totalTransaction: z.string().describe('volume over the last 24 hours (reference unit)'),
  day7totalTransaction: z.string().describe('volume over the last 7 days (reference unit)'),
  day30totalTransaction: z.string().describe('volume over the last 30 days (reference unit)'),
  priceUnit: z.string().describe('symbol of the reference unit of the prices and volumes (AIA)'),
  coinParts: z
    .object({
      lowestPrice: coinPartsSchema.describe('the lowest listed price in each coin'),
      totalTransaction: coinPartsSchema,
      day1totalTransaction: coinPartsSchema,
      day7totalTransaction: coinPartsSchema,
      day30totalTransaction: coinPartsSchema,
    })
    .describe('per-coin parts of the floor and the volumes, in coin units'),
};

export const collectionVOSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  linkCollection: z.string().describe('URL name: /collection/{linkCollection}'),
  headUrl: z.string().nullable().describe('profile image'),
  coverUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  description: z.string().nullable(),
  contractAddr: z.string(),
  contractType: z.enum([CONTRACT_TYPE.erc721, CONTRACT_TYPE.erc1155]),
  createAddr: z.string().nullable(),
  ownerAddr: z.string().nullable().describe('who may edit the collection'),
  royalty: z
    .number()
    .nullable()
    .describe(
      'percent (<= 10) every sale pays: the market rate when set, else the token contract ERC-2981 (capped at 10 %), null when none',
    ),
  royaltyAddr: z.string().nullable().describe('who receives it (null when nothing is paid)'),
  royaltySource: z
    .enum(['market', 'erc2981', 'none'])
    .describe('market: the rate set on the marketplace; erc2981: the token contract; none'),
  linkSkypegmwcn: z.string().nullable().describe('official site'),
  linkTwitter: z.string().nullable(),
  linkDiscord: z.string().nullable(),
  linkInstagram: z.string().nullable(),
  linkMedium: z.string().nullable(),
  ...collectionStatsFields,
}) satisfies z.ZodType<CollectionVO>;

/** A profile joined with its registry row, stats and volume windows (selectCollectionRows). */
export interface CollectionJoinedRow {
  profile: CollectionProfileRow;
  contractType: string | null;
  /** The token contract's ERC-2981 royalty (collections registry), null when none. */
  erc2981Rate: number | null;
  erc2981Receiver: string | null;
  lowestPrice: string | null;
  totalTransaction: string | null;
  totalTokens: number | null;
  totalHolder: number | null;
  totalOrder: number | null;
  day1: string;
  day7: string;
  day30: string;
  coinVolumes: CoinAmounts | null;
  coinFloors: CoinAmounts | null;
  day1Parts: CoinAmounts | null;
  day7Parts: CoinAmounts | null;
  day30Parts: CoinAmounts | null;
}

export function toContractType(value: string | null): ContractType {
  return value === CONTRACT_TYPE.erc1155 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721;
}

/**
 * The royalty a collection's sales pay, by the shared rule: the market's rate stored on the page
 * (null: never set on the market), else the ERC-2981 one the indexer read.
 */
export function collectionRoyalty(
  profile: Pick<CollectionProfileRow, 'royaltyRate' | 'royaltyAddr'>,
  erc2981: { erc2981Rate: number | null; erc2981Receiver: string | null } | null,
): RoyaltyRate {
  return royaltyRateOf(
    profile.royaltyRate === null
      ? null
      : { rate: profile.royaltyRate, receiver: profile.royaltyAddr ?? '' },
    erc2981?.erc2981Rate == null || erc2981.erc2981Receiver === null
      ? null
      : { receiver: erc2981.erc2981Receiver, amount: BigInt(erc2981.erc2981Rate) },
  );
}

/** `rates`: the payment coins (currentCoinRates), for the symbols of the per-coin parts. */
export function toCollectionVO(row: CollectionJoinedRow, rates: CoinRate[]): CollectionVO {
  const p = row.profile;
  const royalty = collectionRoyalty(p, row);
  return {
    id: p.id,
    name: p.name,
    linkCollection: p.linkCollection,
    headUrl: p.headUrl,
    coverUrl: p.coverUrl,
    backgroundUrl: p.backgroundUrl,
    description: p.description,
    contractAddr: p.contractAddr,
    contractType: toContractType(row.contractType),
    createAddr: p.createAddr,
    ownerAddr: p.ownerAddr,
    royalty: royalty.source === 'none' ? null : royaltyRateToPercent(royalty.rate),
    royaltyAddr: royalty.receiver,
    royaltySource: royalty.source,
    linkSkypegmwcn: p.linkSkypegmwcn,
    linkTwitter: p.linkTwitter,
    linkDiscord: p.linkDiscord,
    linkInstagram: p.linkInstagram,
    linkMedium: p.linkMedium,
    lowestPrice: row.lowestPrice === null ? null : trimAmount(row.lowestPrice),
    totalTransaction: trimAmount(row.totalTransaction),
    totalTokens: row.totalTokens ?? 0,
    totalHolder: row.totalHolder ?? 0,
    totalOrder: row.totalOrder ?? 0,
    day1totalTransaction: trimAmount(row.day1),
    day7totalTransaction: trimAmount(row.day7),
    day30totalTransaction: trimAmount(row.day30),
    priceUnit: REFERENCE_UNIT.symbol,
    coinParts: {
      lowestPrice: coinParts(row.coinFloors, rates),
      totalTransaction: coinParts(row.coinVolumes, rates),
      day1totalTransaction: coinParts(row.day1Parts, rates),
      day7totalTransaction: coinParts(row.day7Parts, rates),
      day30totalTransaction: coinParts(row.day30Parts, rates),
    },
  };
}

/** Volume of the profile's collection since `from` (up to now), as numeric text. */
export function volumeSince(from: Date): SQL<string> {
  return sql<string>`coalesce((select sum(${h.volume}) from ${h} where ${h.chainId} = ${p.chainId} and ${h.contractAddr} = ${p.contractAddr} and ${h.hour} >= ${from.toISOString()}::timestamptz), 0)::text`;
}

/** Per coin, the volume of the profile's collection since `from` (coin units). */
export function coinVolumesSince(from: Date): SQL<CoinAmounts | null> {
  return sql<CoinAmounts | null>`(select jsonb_object_agg(x.coin, x.amount) from (select cv.key as coin, sum(cv.value::numeric)::text as amount from ${h}, jsonb_each_text(${h.coinVolumes}) as cv where ${h.chainId} = ${p.chainId} and ${h.contractAddr} = ${p.contractAddr} and ${h.hour} >= ${from.toISOString()}::timestamptz group by cv.key) x)`;
}

/** Profiles with registry type, stats and the 1d / 7d / 30d volumes. */
export function selectCollectionRows(db: AppDb, now: Date) {
  return db
    .select({
      profile: p,
      contractType: collections.contractType,
      erc2981Rate: collections.erc2981Rate,
      erc2981Receiver: collections.erc2981Receiver,
      lowestPrice: sql<string | null>`${s.lowestPrice}::text`,
      totalTransaction: sql<string | null>`${s.totalTransaction}::text`,
      totalTokens: s.totalTokens,
      totalHolder: s.totalHolder,
      totalOrder: s.totalOrder,
      day1: volumeSince(windowStart(now, WINDOW_HOURS['1d'])),
      day7: volumeSince(windowStart(now, WINDOW_HOURS['7d'])),
      day30: volumeSince(windowStart(now, WINDOW_HOURS['30d'])),
      coinVolumes: s.coinVolumes,
      coinFloors: s.coinFloors,
      day1Parts: coinVolumesSince(windowStart(now, WINDOW_HOURS['1d'])),
      day7Parts: coinVolumesSince(windowStart(now, WINDOW_HOURS['7d'])),
      day30Parts: coinVolumesSince(windowStart(now, WINDOW_HOURS['30d'])),
    })
    .from(p)
    .leftJoin(
      collections,
      and(eq(collections.chainId, p.chainId), eq(collections.address, p.contractAddr)),
    )
    .leftJoin(s, and(eq(s.chainId, p.chainId), eq(s.contractAddr, p.contractAddr)));
}
