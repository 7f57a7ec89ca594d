import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { AppDb } from './database.js';

/**
 * Replaces the row `id` of an edited table (the operator's saves) by `values`, its updatedAt now;
 * a 404 saying `missing` when there is no such row.
 */
export async function replaceById<T extends PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn }>(
  db: AppDb,
  table: T,
  id: number,
  values: PgUpdateSetSource<T>,
  missing: string,
): Promise<T['$inferSelect']> {
  const set = { ...values, updatedAt: sql`now()` } as PgUpdateSetSource<T>;
  const rows = (await db
    .update(table)
    .set(set)
    .where(eq(table.id, id))
    .returning()) as T['$inferSelect'][];
  if (!rows[0]) throw new ApiError(ERRORS.notFound, missing);
  return rows[0];
}
