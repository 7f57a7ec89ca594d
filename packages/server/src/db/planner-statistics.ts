// Planner statistics of the chain tables, refreshed after bulk writes. A back-fill grows them from
// empty faster than autovacuum samples them (PGlite has no autovacuum; this machine's PostgreSQL
// runs without it): with an empty table's statistics the planner answers a one-key lookup of
// `holdings` by hashing the whole table, 6 ms instead of 0.1 ms, and a step at the head after a
// 60,000-event back-fill spent 15 ms of its 100 ms writing one listing's order.
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from './database.js';
import * as chainSchema from './schema-chain.js';
import * as listingsSchema from './schema-listings.js';
import * as offersSchema from './schema-offers.js';

/** Every table the indexer writes (the change feed aside: it is read by its key only). */
const CHAIN_TABLES = [chainSchema, listingsSchema, offersSchema]
  .flatMap((m) => Object.values(m as Record<string, unknown>))
  .filter((t): t is PgTable => is(t, PgTable))
  .map((t) => getTableName(t));

export async function analyzeChainTables(db: AppDb): Promise<void> {
  await db.execute(sql.raw(`analyze ${CHAIN_TABLES.map((t) => `"${t}"`).join(', ')}`));
}

/**
 * When to refresh: once the events written since the last refresh reach `minimum`, and as many as
 * were written before it (so statistics stay within a factor of two of the tables while they grow,
 * for about one ANALYZE per doubling).
 */
export function statisticsDue(written: number, atLastRefresh: number, minimum: number): boolean {
  const since = written - atLastRefresh;
  return since >= minimum && since >= atLastRefresh;
}
