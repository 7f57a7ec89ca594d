import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SIGN_IN } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { findBy } from '../../db/find-by.js';
import { authNonces, users, userSessions } from '../../db/schema.js';
import { hashToken } from '../../http/auth.js';

export interface NonceRow {
  nonce: string;
  address: string;
  issuedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * Issues a fresh nonce for an address, and drops nonces that expired an hour ago and sessions
 * that expired a month ago (both through their expiry indexes).
 */
export async function issueNonce(db: AppDb, address: string): Promise<NonceRow> {
  const issuedAt = new Date();
  const row: NonceRow = {
    nonce: randomBytes(SIGN_IN.nonceBytes).toString('hex'),
    address,
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + SIGN_IN.nonceTtlSeconds * 1000),
    usedAt: null,
  };
  await db.delete(authNonces).where(lt(authNonces.expiresAt, sql`now() - interval '1 hour'`));
  await db.delete(userSessions).where(lt(userSessions.expiresAt, sql`now() - interval '30 days'`));
  await db.insert(authNonces).values(row);
  return row;
}

export const findNonce = (db: AppDb, nonce: string): Promise<NonceRow | undefined> =>
  findBy(db, authNonces, authNonces.nonce, nonce);

/** A nonce that can still be used by this address, or undefined. */
export async function usableNonce(
  db: AppDb,
  nonce: string,
  address: string,
): Promise<NonceRow | undefined> {
  const row = await findNonce(db, nonce);
  if (!row || row.address !== address || row.usedAt) return undefined;
  if (row.expiresAt.getTime() <= Date.now()) return undefined;
  return row;
}

/**
 * Consumes the nonce and opens a session in one transaction. The nonce is taken with a single
 * conditional UPDATE, so of two concurrent sign-ins with one nonce exactly one gets a row back;
 * the other gets null and nothing changes. Sessions are per device: a new sign-in leaves the
 * address's other sessions open (only logout ends a session, and only its own).
 */
export async function openSession(
  db: AppDb,
  opts: { nonce: string; address: string; ttlHours: number },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(authNonces)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(authNonces.nonce, opts.nonce),
          eq(authNonces.address, opts.address),
          isNull(authNonces.usedAt),
          gt(authNonces.expiresAt, sql`now()`),
        ),
      )
      .returning({ nonce: authNonces.nonce });
    if (taken.length !== 1) return null;

    await tx
      .insert(users)
      .values({ address: opts.address, lastSignInAt: sql`now()` })
      .onConflictDoUpdate({ target: users.address, set: { lastSignInAt: sql`now()` } });

    const token = randomBytes(SIGN_IN.tokenBytes).toString('base64url');
    await tx.insert(userSessions).values({
      tokenHash: hashToken(token),
      address: opts.address,
      expiresAt: new Date(Date.now() + opts.ttlHours * 3_600_000),
    });
    return token;
  });
}

/** Ends a session by logout; a session already ended keeps its first reason. */
export async function endSession(db: AppDb, tokenHash: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endedReason: 'logout' })
    .where(and(eq(userSessions.tokenHash, tokenHash), isNull(userSessions.endedAt)));
}
