// The repeatable migrations' runner (src/db/migrate-repeatable.ts): a folder of SQL files run
// after the ordered migrations, in one transaction, again whenever its text, the tables' columns
// or the applied migrations change, and never on an up-to-date database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/bulk.js';
import type { AppDb } from '../src/db/database.js';
import { applyRepeatable, REPEATABLE_TABLE } from '../src/db/migrate-repeatable.js';
import { freshDatabase } from './support/database.js';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: AppDb;
let folder: string;
beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.database.db;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'repeatable-'));
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
  await fresh.drop();
});

/** A probe function defined by the folder's file, returning `n`. */
function writeProbe(n: number, extra = '') {
  fs.writeFileSync(
    path.join(folder, 'probe.sql'),
    `CREATE OR REPLACE FUNCTION h_probe() RETURNS int LANGUAGE sql AS $$ SELECT ${n} $$;
--> statement-breakpoint
${extra}`,
  );
}

async function probe(): Promise<number | null> {
  const [row] = rowsOf<{ n: number | null }>(
    await db.execute(sql`
      select case when to_regprocedure('h_probe()') is null then null else 0 end as n`),
  );
  if (row!.n === null) return null;
  const [value] = rowsOf<{ n: number }>(await db.execute(sql`select h_probe() as n`));
  return value!.n;
}

describe('repeatable migrations', () => {
  it('a failing file changes nothing and fails the start', async () => {
    writeProbe(1, 'SELECT no_such_function();');
    await expect(applyRepeatable(db, folder)).rejects.toThrow(/no_such_function/);
    expect(await probe()).toBeNull();
  });

  it('run once, then not again until their text or the columns change', async () => {
    writeProbe(1);
    expect(await applyRepeatable(db, folder)).toBe(true);
    expect(await probe()).toBe(1);
    expect(await applyRepeatable(db, folder)).toBe(false);

    writeProbe(2);
    expect(await applyRepeatable(db, folder)).toBe(true);
    expect(await probe()).toBe(2);
    expect(await applyRepeatable(db, folder)).toBe(false);

    // A function replaced by hand comes back at the next column change.
    await db.execute(
      sql`create or replace function h_probe() returns int language sql as $$ select 9 $$`,
    );
    expect(await applyRepeatable(db, folder)).toBe(false);
    await db.execute(sql`alter table app_config add column probe integer`);
    expect(await applyRepeatable(db, folder)).toBe(true);
    expect(await probe()).toBe(2);
    await db.execute(sql`alter table app_config drop column probe`);
    expect(await applyRepeatable(db, folder)).toBe(true);
    expect(await applyRepeatable(db, folder)).toBe(false);
  });

  it('run again after an ordered migration was applied', async () => {
    writeProbe(3);
    expect(await applyRepeatable(db, folder)).toBe(true);
    await db.execute(
      sql`create or replace function h_probe() returns int language sql as $$ select 9 $$`,
    );
    // What the migrator records for a migration it applied.
    await db.execute(sql`
      insert into drizzle.__drizzle_migrations (hash, created_at) values ('probe', 9999999999999)`);
    expect(await applyRepeatable(db, folder)).toBe(true);
    expect(await probe()).toBe(3);
    await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'probe'`);
  });

  it('record one fingerprint, beside the migrator’s own bookkeeping', async () => {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql.raw(`select id from ${REPEATABLE_TABLE}`)),
    );
    expect(rows).toEqual([{ id: 1 }]);
  });
});
