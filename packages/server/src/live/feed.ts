// The change feed: rows are written by the database triggers (drizzle/repeatable/
// change_feed.sql) at the commit of every transaction that changes a watched table; this module
// reads them as LiveEventVO, tells where the feed stands, prunes it to the retention window, and
// lets the indexer say which block its transaction writes.
import { asc, gt, sql } from 'drizzle-orm';
import type { LiveEventVO, LiveKind, LiveOp } from '@aiamarket/shared';
import type { AppDb, Tx } from '../db/database.js';
import { appConfig } from '../db/schema.js';
import { changeFeed } from '../db/schema-live.js';

/** app_config name of the highest pruned feed id (a resume from below it gets a reset). */
export const FEED_PRUNED_THROUGH = 'live_feed_pruned_through';

/**
 * Inside the indexer's range / rollback / poll transaction: the block the feed rows written at
 * its commit carry (transaction-local; API writes leave it unset, so their rows carry null).
 */
export async function setFeedBlock(tx: Tx, block: number | undefined): Promise<void> {
  if (block === undefined) return;
  await tx.execute(sql`select set_config('aiamarket.feed_block', ${String(block)}, true)`);
}

type FeedRow = typeof changeFeed.$inferSelect;

/** A feed row as the stream and the webhooks send it. */
export function toLiveEvent(row: FeedRow): LiveEventVO {
  return {
    id: String(row.id),
    kind: row.kind as LiveKind,
    op: row.op as LiveOp,
    topics: row.topics,
    data: row.data as Record<string, unknown>,
    blockNumber: row.blockNumber === null ? null : Number(row.blockNumber),
    at: new Date(row.createdAt).toISOString(),
  };
}

/** Up to `limit` events after `afterId`, in id (= commit) order. */
export async function readFeed(db: AppDb, afterId: number, limit: number): Promise<LiveEventVO[]> {
  const rows = await db
    .select()
    .from(changeFeed)
    .where(gt(changeFeed.id, afterId))
    .orderBy(asc(changeFeed.id))
    .limit(limit);
  return rows.map(toLiveEvent);
}

/** The highest feed id (0 when the feed is empty). */
export async function maxFeedId(db: AppDb): Promise<number> {
  const [row] = await db
    .select({ max: sql<string | number | null>`max(${changeFeed.id})` })
    .from(changeFeed);
  return Number(row?.max ?? 0);
}

/** Ids at or below this were pruned (0 before any pruning). */
export async function prunedThrough(db: AppDb | Tx): Promise<number> {
  const [row] = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(sql`${appConfig.name} = ${FEED_PRUNED_THROUGH}`);
  const n = Number(row?.value ?? 0);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * Deletes the events older than `maxAgeMs` and records the highest deleted id. It deletes by id
 * (every id up to the newest old one), so "at or below the watermark" means "gone" without
 * holes even when created_at and id order differ by a few milliseconds. Returns the rows deleted.
 */
export async function pruneFeed(
  db: AppDb,
  opts: { maxAgeMs: number; now?: Date },
): Promise<{ deleted: number; prunedThrough: number }> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.maxAgeMs);
  const result = await db.transaction(async (tx) => {
    const [edge] = await tx
      .select({ max: sql<string | number | null>`max(${changeFeed.id})` })
      .from(changeFeed)
      .where(sql`${changeFeed.createdAt} < ${cutoff.toISOString()}::timestamptz`);
    const through = Number(edge?.max ?? 0);
    if (through === 0) return { deleted: 0, prunedThrough: await prunedThrough(tx) };
    const deleted = await tx
      .delete(changeFeed)
      .where(sql`${changeFeed.id} <= ${through}`)
      .returning({ id: changeFeed.id });
    // greatest(): a concurrent pruner with an older cutoff never moves the watermark back.
    await tx
      .insert(appConfig)
      .values({ name: FEED_PRUNED_THROUGH, value: String(through) })
      .onConflictDoUpdate({
        target: appConfig.name,
        set: {
          value: sql`greatest(${appConfig.value}::bigint, excluded.value::bigint)::text`,
          updatedAt: sql`now()`,
        },
      });
    return { deleted: deleted.length, prunedThrough: await prunedThrough(tx) };
  });
  // Every transaction appends to the stage and deletes its rows at commit; embedded PGlite has no
  // autovacuum, so without this the freed space is never reused and the tables only grow.
  await db.execute(
    sql`vacuum change_feed_stage, change_feed_append, change_feed_pending, change_feed`,
  );
  return result;
}
