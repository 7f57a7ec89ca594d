// The row of a table whose key column (an id, an address, a nonce) holds a value.
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from './database.js';

/** The row of `table` whose `column` (a unique key of it) equals `value`; undefined when none. */
export async function findBy<T extends PgTable>(
  db: AppDb,
  table: T,
  column: AnyPgColumn,
  value: unknown,
): Promise<T['$inferSelect'] | undefined> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(eq(column, value));
  return rows[0] as T['$inferSelect'] | undefined;
}
