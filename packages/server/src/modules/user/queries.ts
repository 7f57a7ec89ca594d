import { and, eq, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { findBy } from '../../db/find-by.js';
import { activities, holdings, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export const findUser = (db: AppDb, address: string): Promise<UserRow | undefined> =>
  findBy(db, users, users.address, address);

/**
 * Whether an address that never signed in is still a known account: it holds an NFT, or appears
 * in an activity (minted, bought, sold, listed, transferred). Both lookups use their indexes.
 */
export async function hasChainHistory(
  db: AppDb,
  chainId: number,
  address: string,
): Promise<boolean> {
  const [held, active] = await Promise.all([
    db
      .select({ one: sql<number>`1` })
      .from(holdings)
      .where(and(eq(holdings.chainId, chainId), eq(holdings.ownerAddr, address)))
      .limit(1),
    db
      .select({ one: sql<number>`1` })
      .from(activities)
      .where(
        and(
          eq(activities.chainId, chainId),
          or(eq(activities.fromAddr, address), eq(activities.toAddr, address)),
        ),
      )
      .limit(1),
  ]);
  return held.length > 0 || active.length > 0;
}

export interface ProfileChanges {
  username?: string;
  email?: string;
  bio?: string;
  avatarUrl?: string | null;
  bannerUrl?: string | null;
}

/** Applies the given fields (missing ones keep their value) and returns the row. */
export async function updateProfile(
  db: AppDb,
  address: string,
  changes: ProfileChanges,
): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({ address, ...changes })
    .onConflictDoUpdate({ target: users.address, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return rows[0]!;
}
