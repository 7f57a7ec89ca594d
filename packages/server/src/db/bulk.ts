// Set-based SQL helpers for the writers (the indexer, metadata): many-row inserts and key lists
// as ONE JSON parameter each, far cheaper than a parameter per value on PGlite (its protocol
// handling costs per parameter) and fewer round trips on PostgreSQL.
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './handle.js';

/** Rows per statement (each becomes one JSON parameter of a few MB at most). */
const ROWS_PER_STATEMENT = 5_000;

/** Keys per statement of the writers' key lists (`valuesOf`, one JSON parameter each). */
export const KEYS_PER_STATEMENT = 5_000;

/** An identifier quoted for SQL text (COPY statements are plain strings). */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

const ident = (name: string) => sql.raw(quoteIdent(name));

function driverValue(column: PgColumn, value: unknown): unknown {
  if (value === null) return null;
  // json/jsonb: the value itself goes into the JSON document (not its text).
  if (column.dataType === 'json') return value;
  const mapped = column.mapToDriverValue(value);
  return typeof mapped === 'bigint' ? mapped.toString() : mapped;
}

/**
 * `insert into table (...) select ... from json_populate_recordset(...)` of `rows`, grouped by
 * the columns they set (a column a row leaves undefined keeps its default, as with drizzle).
 * `onConflict` is appended as it is (e.g. sql`on conflict do nothing`).
 */
export async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  onConflict?: SQL,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const keys = Object.keys(row).filter(
      (k) => (row as Record<string, unknown>)[k] !== undefined && k in columns,
    );
    const signature = keys.join(',');
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = []));
    group.push(row as Record<string, unknown>);
  }
  const name = ident(getTableName(table));
  for (const [signature, group] of groups) {
    const keys = signature === '' ? [] : signature.split(',');
    const names = keys.map((k) => columns[k]!.name);
    const list = sql.join(
      names.map((n) => ident(n)),
      sql`, `,
    );
    for (let i = 0; i < group.length; i += ROWS_PER_STATEMENT) {
      const json = JSON.stringify(
        group.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
          const out: Record<string, unknown> = {};
          for (const [j, k] of keys.entries()) out[names[j]!] = driverValue(columns[k]!, row[k]);
          return out;
        }),
      );
      await tx.execute(
        sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${json}::json) ${onConflict ?? sql``}`,
      );
    }
  }
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * A list of key tuples as a subquery with typed columns, for row-wise `in` tests and joins:
 * `(a, b) in ${valuesOf(...)}` or `join ${valuesOf(...)} as k(a, b) on ...`. One parameter.
 */
export function valuesOf(rows: readonly (readonly string[])[], types: readonly string[]): SQL {
  const columns = types.map((t, i) => `c${i} ${t}`).join(', ');
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))));
  return sql`(select * from json_to_recordset(${json}::json) as v(${sql.raw(columns)}))`;
}
