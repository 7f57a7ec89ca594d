import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { collections, collectionStats, collectionVolumeHours } from '../../db/schema-chain.js';
import { collectionProfiles, type CollectionProfileRow } from '../../db/schema-market.js';
import type { CollectionJoinedRow } from './view.js';
import { WINDOW_HOURS, windowStart } from './windows.js';

const p = collectionProfiles;
const h = collectionVolumeHours;
const s = collectionStats;

/** Volume of the profile's collection since `from` (up to now), as numeric text. */
function volumeSince(from: Date): SQL<string> {
  return sql<string>`coalesce((select sum(${h.volume}) from ${h} where ${h.chainId} = ${p.chainId} and ${h.contractAddr} = ${p.contractAddr} and ${h.hour} >= ${from.toISOString()}::timestamptz), 0)::text`;
}

/** Profiles with registry type, stats and the 1d / 7d / 30d volumes. */
function selectJoined(db: AppDb, now: Date) {
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

export async function findCollectionByLink(
  db: AppDb,
  chainId: number,
  link: string,
  now = new Date(),
): Promise<CollectionJoinedRow | undefined> {
  const rows = await selectJoined(db, now).where(
    and(eq(p.chainId, chainId), sql`lower(${p.linkCollection}) = ${link.toLowerCase()}`),
  );
  return rows[0];
}

export async function findCollectionById(
  db: AppDb,
  chainId: number,
  id: number,
  now = new Date(),
): Promise<CollectionJoinedRow | undefined> {
  const rows = await selectJoined(db, now).where(and(eq(p.chainId, chainId), eq(p.id, id)));
  return rows[0];
}

/** The collections an address may edit (ownerAddr), oldest first. */
export async function listOwnedCollections(
  db: AppDb,
  chainId: number,
  ownerAddr: string,
  now = new Date(),
): Promise<CollectionJoinedRow[]> {
  return selectJoined(db, now)
    .where(and(eq(p.chainId, chainId), eq(p.ownerAddr, ownerAddr.toLowerCase())))
    .orderBy(asc(p.id));
}

/** The home carousel: featured ones by featured_rank, then the rest by 7-day volume. */
export async function listRecommended(
  db: AppDb,
  chainId: number,
  limit: number,
  now = new Date(),
): Promise<CollectionJoinedRow[]> {
  const week = volumeSince(windowStart(now, WINDOW_HOURS['7d']));
  return selectJoined(db, now)
    .where(eq(p.chainId, chainId))
    .orderBy(sql`${p.featuredRank} asc nulls last`, sql`(${week})::numeric desc`, asc(p.id))
    .limit(limit);
}

export async function findProfileById(
  db: AppDb,
  chainId: number,
  id: number,
): Promise<CollectionProfileRow | undefined> {
  const rows = await db
    .select()
    .from(p)
    .where(and(eq(p.chainId, chainId), eq(p.id, id)));
  return rows[0];
}

/** True when another profile (any chain) already uses `link` in any letter case. */
export async function isLinkTaken(db: AppDb, link: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        sql`lower(${p.linkCollection}) = ${link.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(p.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type ProfileChanges = Partial<
  Omit<typeof p.$inferInsert, 'id' | 'chainId' | 'contractAddr' | 'createdAt' | 'updatedAt'>
>;

export async function updateProfileRow(
  db: AppDb,
  id: number,
  changes: ProfileChanges,
): Promise<CollectionProfileRow | undefined> {
  const rows = await db
    .update(p)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(p.id, id))
    .returning();
  return rows[0];
}
