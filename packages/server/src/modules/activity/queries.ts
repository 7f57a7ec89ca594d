import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/database.js';
import { tokenMetadataOf } from '../../db/token-metadata-join.js';
import { activities, marketEvents, tokenMetadata } from '../../db/schema-chain.js';
import { collectionProfiles } from '../../db/schema-market.js';
import { users } from '../../db/schema.js';
import { ACTIVITY_METHOD, type ActivityRole } from '@aiamarket/shared';
import { ofContract } from '../../db/keys.js';

const a = activities;
const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

/**
 * Totals are counted up to this many rows (500 pages of 20): counting every row of a busy
 * collection would cost more than the page itself; the newest rows are what a history shows.
 */
export const ACTIVITY_COUNT_CAP = 10_000;

export interface ActivityQuery {
  chainId: number;
  /** An item's or a collection's history. */
  contractAddr?: string | undefined;
  tokenId?: string | undefined;
  /** An account's history: rows where it is the sender or the receiver. */
  userAddr?: string | undefined;
  /** Only the rows where userAddr is the sender (from) or the receiver (to). */
  role?: ActivityRole | undefined;
  /** Method codes to keep; empty or missing = all. */
  types?: number[] | undefined;
}

function userSide(user: string, role: ActivityRole | undefined): SQL | undefined {
  if (role === 'from') return eq(a.fromAddr, user);
  if (role === 'to') return eq(a.toAddr, user);
  return or(eq(a.fromAddr, user), eq(a.toAddr, user));
}

function whereOf(q: ActivityQuery): SQL | undefined {
  const user = q.userAddr?.toLowerCase();
  return and(
    eq(a.chainId, q.chainId),
    q.contractAddr ? eq(a.contractAddr, q.contractAddr.toLowerCase()) : undefined,
    q.tokenId !== undefined ? eq(a.tokenId, q.tokenId) : undefined,
    user ? userSide(user, q.role) : undefined,
    q.types?.length ? inArray(a.method, q.types) : undefined,
  );
}

/** A page of activity rows, newest first, with names, item and collection. */
export async function findActivities(db: AppDb, q: ActivityQuery, page: number, size: number) {
  const where = whereOf(q);
  const [rows, totals] = await Promise.all([
    db
      .select({
        method: a.method,
        price: sql<string | null>`${a.price}::text`,
        coin: a.coin,
        refRate: sql<string | null>`${marketEvents.refRate}::text`,
        amount: sql<string>`${a.amount}::text`,
        fromAddr: a.fromAddr,
        toAddr: a.toAddr,
        fromName: fromUser.username,
        toName: toUser.username,
        blockTime: a.blockTime,
        txHash: a.txHash,
        tokenId: sql<string>`${a.tokenId}::text`,
        contractAddr: a.contractAddr,
        imageUrl: tokenMetadata.imageUrl,
        nmName: tokenMetadata.name,
        collectionName: collectionProfiles.name,
        linkCollection: collectionProfiles.linkCollection,
      })
      .from(a)
      // A trade's sale, for the rate stored with it (same log as the activity).
      .leftJoin(
        marketEvents,
        and(
          eq(a.method, ACTIVITY_METHOD.trade),
          eq(marketEvents.chainId, a.chainId),
          eq(marketEvents.txHash, a.txHash),
          eq(marketEvents.logIndex, a.logIndex),
        ),
      )
      .leftJoin(fromUser, eq(fromUser.address, a.fromAddr))
      .leftJoin(toUser, eq(toUser.address, a.toAddr))
      .leftJoin(tokenMetadata, tokenMetadataOf(a))
      .leftJoin(collectionProfiles, ofContract(collectionProfiles, a.chainId, a.contractAddr))
      .where(where)
      .orderBy(desc(a.blockNumber), desc(a.logIndex), desc(a.subIndex))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(a)
        .where(where)
        .limit(ACTIVITY_COUNT_CAP)
        .as('c'),
    ),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export type ActivityRow = Awaited<ReturnType<typeof findActivities>>['rows'][number];
