import { z } from 'zod';
import { and, eq, gte, sql } from 'drizzle-orm';
import { ROYALTY, type CollectionVO, type ContractType } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import {
  collectionProfiles,
  collections,
  collectionStats,
  collectionVolumeHours,
} from '../../db/schema.js';
import { contractTypeSchema } from '../../http/order-view.js';
import { plainDecimal } from '../../http/decimal-text.js';

export const collectionVoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  linkCollection: z.string(),
  headUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  description: z.string().nullable(),
  contractAddr: z.string(),
  contractType: contractTypeSchema,
  createAddr: z.string().nullable(),
  ownerAddr: z.string().nullable(),
  royalty: z.number().nullable().describe('percent'),
  royaltyAddr: z.string().nullable(),
  linkSkypegmwcn: z.string().nullable(),
  linkTwitter: z.string().nullable(),
  linkDiscord: z.string().nullable(),
  linkInstagram: z.string().nullable(),
  linkMedium: z.string().nullable(),
  lowestPrice: z.string().nullable(),
  totalTransaction: z.string(),
  totalTokens: z.number().int(),
  totalHolder: z.number().int(),
  totalOrder: z.number().int(),
  day1totalTransaction: z.string(),
  day7totalTransaction: z.string(),
  day30totalTransaction: z.string(),
}) satisfies z.ZodType<CollectionVO>;

const DAY_MS = 24 * 3600 * 1000;

/** The collection of an item as CollectionVO (null when the collection has no page). */
export async function collectionOf(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  now = new Date(),
): Promise<CollectionVO | null> {
  const [row] = await db
    .select({
      profile: collectionProfiles,
      contractType: collections.contractType,
      lowestPrice: sql<string | null>`${collectionStats.lowestPrice}::text`,
      totalTransaction: sql<string | null>`${collectionStats.totalTransaction}::text`,
      totalTokens: collectionStats.totalTokens,
      totalHolder: collectionStats.totalHolder,
      totalOrder: collectionStats.totalOrder,
    })
    .from(collectionProfiles)
    .innerJoin(
      collections,
      and(
        eq(collections.chainId, collectionProfiles.chainId),
        eq(collections.address, collectionProfiles.contractAddr),
      ),
    )
    .leftJoin(
      collectionStats,
      and(
        eq(collectionStats.chainId, collectionProfiles.chainId),
        eq(collectionStats.contractAddr, collectionProfiles.contractAddr),
      ),
    )
    .where(
      and(
        eq(collectionProfiles.chainId, chainId),
        eq(collectionProfiles.contractAddr, contractAddr),
      ),
    );
  if (!row) return null;
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const window = (days: number) =>
    sql<string>`coalesce(sum(${collectionVolumeHours.volume}) filter (where ${collectionVolumeHours.hour} >= ${since(days).toISOString()}::timestamptz), 0)::text`;
  const [volumes] = await db
    .select({ d1: window(1), d7: window(7), d30: window(30) })
    .from(collectionVolumeHours)
    .where(
      and(
        eq(collectionVolumeHours.chainId, chainId),
        eq(collectionVolumeHours.contractAddr, contractAddr),
        gte(collectionVolumeHours.hour, since(30)),
      ),
    );
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
    contractType: row.contractType as ContractType,
    createAddr: p.createAddr,
    ownerAddr: p.ownerAddr,
    royalty: p.royaltyRate === null ? null : p.royaltyRate / ROYALTY.chainScale,
    royaltyAddr: p.royaltyAddr,
    linkSkypegmwcn: p.linkSkypegmwcn,
    linkTwitter: p.linkTwitter,
    linkDiscord: p.linkDiscord,
    linkInstagram: p.linkInstagram,
    linkMedium: p.linkMedium,
    lowestPrice: plainDecimal(row.lowestPrice),
    totalTransaction: plainDecimal(row.totalTransaction) ?? '0',
    totalTokens: row.totalTokens ?? 0,
    totalHolder: row.totalHolder ?? 0,
    totalOrder: row.totalOrder ?? 0,
    day1totalTransaction: plainDecimal(volumes?.d1 ?? '0') ?? '0',
    day7totalTransaction: plainDecimal(volumes?.d7 ?? '0') ?? '0',
    day30totalTransaction: plainDecimal(volumes?.d30 ?? '0') ?? '0',
  };
}
