import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: AppDb, address: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.address, address));
  return rows[0];
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
