import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { collectionProfiles, type CollectionProfileRow } from '../../db/schema-market.js';
import {
  selectCollectionRows,
  volumeSince,
  type CollectionJoinedRow,
} from '../../read-models/collection-view.js';
import { WINDOW_HOURS, windowStart } from '../../read-models/volume-windows.js';
import { collections, holdings } from '../../db/schema-chain.js';

const p = collectionProfiles;

/** A collection of `chainId` by its page link (any case) or its profile id, joined. */
export async function findCollection(
  db: AppDb,
  chainId: number,
  by: { link: string } | { id: number },
  now = new Date(),
): Promise<CollectionJoinedRow | undefined> {
  const match =
    'link' in by ? sql`lower(${p.linkCollection}) = ${by.link.toLowerCase()}` : eq(p.id, by.id);
  const rows = await selectCollectionRows(db, now).where(and(eq(p.chainId, chainId), match));
  return rows[0];
}

/** The collections an address may edit (ownerAddr), oldest first. */
export async function listOwnedCollections(
  db: AppDb,
  chainId: number,
  ownerAddr: string,
  now = new Date(),
): Promise<CollectionJoinedRow[]> {
  return selectCollectionRows(db, now)
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
  return selectCollectionRows(db, now)
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

/** A token id of the collection to read its ERC-2981 with: the lowest held, else 0. */
export async function sampleTokenId(
  db: AppDb,
  chainId: number,
  contractAddr: string,
): Promise<string> {
  const rows = await db
    .select({ tokenId: sql<string | null>`min(${holdings.tokenId})::text` })
    .from(holdings)
    .where(and(eq(holdings.chainId, chainId), eq(holdings.contractAddr, contractAddr)));
  return rows[0]?.tokenId ?? '0';
}

/** Stores the token contract's ERC-2981 royalty read for a collection (null: it pays none). */
export async function storeErc2981(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  erc2981: { rate: number; receiver: string } | null,
): Promise<void> {
  await db
    .update(collections)
    .set({ erc2981Rate: erc2981?.rate ?? null, erc2981Receiver: erc2981?.receiver ?? null })
    .where(and(eq(collections.chainId, chainId), eq(collections.address, contractAddr)));
}
