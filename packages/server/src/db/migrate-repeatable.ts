// Repeatable migrations: SQL files (drizzle/repeatable/*.sql) that define objects derived from the
// schema, such as the change feed's functions generated from the watched tables' columns. They
// run after the ordered migrations, so such an object follows every column change with no hand
// step and lives in one file instead of a new copy in each migration that touches it. Each file
// must therefore be idempotent (CREATE OR REPLACE, create-if-missing).
//
// Running them costs a start a tenth of a second or more (PL/pgSQL functions are validated as
// they are replaced), so every start compares a fingerprint of what they depend on (their text,
// the columns of the schema's tables, the ordered migrations applied) with the one recorded when
// they last ran, in one query, and runs them only when it differs. The fingerprint is the
// migrator's bookkeeping, kept beside drizzle's own (drizzle.__drizzle_migrations), not in the
// application's tables.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppDb } from './handle.js';
import { rowsOf } from './bulk.js';

/** Where the fingerprint of the last run is kept (one row). */
export const REPEATABLE_TABLE = 'drizzle.__repeatable_migrations';

/** Splits a file into its statements, at drizzle's marker (PGlite's extended protocol runs one a call). */
function statementsOf(text: string): string[] {
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/**
 * The catalog the files depend on: the columns of the schema's tables (a table created again gets
 * a new oid) and how many ordered migrations ran (one may have replaced an object they define).
 */
const catalogFingerprint = sql`md5(concat_ws('|',
  (select string_agg(concat(a.attrelid::bigint, ':', a.attnum, ':', a.attname, ':',
      a.atttypid::bigint, ':', a.atttypmod), ',' order by a.attrelid, a.attnum)
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped),
  (select count(*) from drizzle.__drizzle_migrations)))`;

/**
 * Runs every .sql file of `folder` in name order, all in one transaction, unless nothing they
 * depend on changed since they last ran. Returns whether they ran.
 */
export async function applyRepeatable(db: AppDb, folder: string): Promise<boolean> {
  const files = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const texts = files.map((file) => fs.readFileSync(path.join(folder, file), 'utf8'));
  const hash = createHash('sha256');
  files.forEach((file, i) => hash.update(`${file}\0${texts[i]}\0`));
  const filesHash = hash.digest('hex');
  // The drizzle schema exists: the ordered migrations ran first.
  await db.execute(
    sql.raw(`create table if not exists ${REPEATABLE_TABLE} (
      id smallint primary key, fingerprint text not null, applied_at timestamptz not null)`),
  );
  const [state] = rowsOf<{ recorded: string | null; catalog: string }>(
    await db.execute(sql`
      select (select fingerprint from ${sql.raw(REPEATABLE_TABLE)} where id = 1) as recorded,
        ${catalogFingerprint} as catalog`),
  );
  if (state!.recorded === `${filesHash}:${state!.catalog}`) return false;
  // One transaction: a file that fails leaves every object as it was, and the start fails.
  await db.transaction(async (tx) => {
    for (const text of texts)
      for (const statement of statementsOf(text)) await tx.execute(sql.raw(statement));
    // Taken after the run, in case a file changes a table.
    const [after] = rowsOf<{ catalog: string }>(
      await tx.execute(sql`select ${catalogFingerprint} as catalog`),
    );
    await tx.execute(sql`
      insert into ${sql.raw(REPEATABLE_TABLE)} (id, fingerprint, applied_at)
      values (1, ${`${filesHash}:${after!.catalog}`}, now())
      on conflict (id) do update set fingerprint = excluded.fingerprint, applied_at = now()`);
  });
  return true;
}
