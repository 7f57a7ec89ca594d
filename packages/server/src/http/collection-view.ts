import { z } from 'zod';
import type { CollectionVO, ContractType } from '@aiamarket/shared';
import { CONTRACT_TYPE, royaltyRateToPercent } from '@aiamarket/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/database.js';
import { collections, collectionStats, collectionVolumeHours } from '../db/schema-chain.js';
import { collectionProfiles, type CollectionProfileRow } from '../db/schema-market.js';
import { WINDOW_HOURS, windowStart } from './volume-windows.js';

const p = collectionProfiles;
const h = collectionVolumeHours;
const s = collectionStats;

/** A numeric column as text ("1.500000000000000000") -> the shortest exact decimal ("1.5"). */
export function trimAmount(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '' || trimmed === '-0' ? '0' : trimmed;
}

export const collectionStatsFields = {
  lowestPrice: z.string().nullable().describe('floor: lowest listed price, null when none'),
  totalTransaction: z.string().describe('all-time traded volume (coin units, across coins)'),
  totalTokens: z.number().int().describe('token ids with a holder'),
  totalHolder: z.number().int().describe('distinct holders'),
  totalOrder: z.number().int().describe('listed orders'),
  day1totalTransaction: z.string().describe('volume over the last 24 hours'),
  day7totalTransaction: z.string().describe('volume over the last 7 days'),
  day30totalTransaction: z.string().describe('volume over the last 30 days'),
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
  royalty: z.number().nullable().describe('percent (<= 10, one decimal), as set on chain'),
  royaltyAddr: z.string().nullable(),
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
  lowestPrice: string | null;
  totalTransaction: string | null;
  totalTokens: number | null;
  totalHolder: number | null;
  totalOrder: number | null;
  day1: string;
  day7: string;
  day30: string;
}

export function toContractType(value: string | null): ContractType {
  return value === CONTRACT_TYPE.erc1155 ? CONTRACT_TYPE.erc1155 : CONTRACT_TYPE.erc721;
}

export function toCollectionVO(row: CollectionJoinedRow): CollectionVO {
  const p = row.profile;
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
    royalty: p.royaltyRate === null ? null : royaltyRateToPercent(p.royaltyRate),
    royaltyAddr: p.royaltyAddr,
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
  };
}

/** Volume of the profile's collection since `from` (up to now), as numeric text. */
export function volumeSince(from: Date): SQL<string> {
  return sql<string>`coalesce((select sum(${h.volume}) from ${h} where ${h.chainId} = ${p.chainId} and ${h.contractAddr} = ${p.contractAddr} and ${h.hour} >= ${from.toISOString()}::timestamptz), 0)::text`;
}

/** Profiles with registry type, stats and the 1d / 7d / 30d volumes. */
export function selectCollectionRows(db: AppDb, now: Date) {
  return db
    .select({
      profile: p,
      contractType: collections.contractType,
      lowestPrice: sql<string | null>`${s.lowestPrice}::text`,
      totalTransaction: sql<string | null>`${s.totalTransaction}::text`,
      totalTokens: s.totalTokens,
      totalHolder: s.totalHolder,
      totalOrder: s.totalOrder,
      day1: volumeSince(windowStart(now, WINDOW_HOURS['1d'])),
      day7: volumeSince(windowStart(now, WINDOW_HOURS['7d'])),
      day30: volumeSince(windowStart(now, WINDOW_HOURS['30d'])),
    })
    .from(p)
    .leftJoin(
      collections,
      and(eq(collections.chainId, p.chainId), eq(collections.address, p.contractAddr)),
    )
    .leftJoin(s, and(eq(s.chainId, p.chainId), eq(s.contractAddr, p.contractAddr)));
}
