import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from './database.js';

/** A count query's one column: the number of matching rows. */
export const countColumn = { n: sql<number>`count(*)::int` };

/** The number of rows of `table` matching `where`, as a query for pageWithTotal. */
export function countWhere(db: AppDb, table: PgTable, where: SQL | undefined) {
  return db.select(countColumn).from(table).where(where);
}

/**
 * One page (from 1) of the sorted `rows` query and the exact total of `count`, read side by side:
 * the total is read apart from the page so that it ignores the limit.
 */
export async function pageWithTotal<Q extends PgSelect>(
  rows: Q,
  count: PromiseLike<{ n: number }[]>,
  page: number,
  size: number,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const [found, [counted]] = await Promise.all([rows.limit(size).offset((page - 1) * size), count]);
  return { rows: found, total: counted?.n ?? 0 };
}
