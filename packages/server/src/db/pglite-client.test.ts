// The embedded database behind its worker thread: what the server relies on from PGlite
// (answers, errors with their codes, transactions, LISTEN, a stopped engine) and the reason it
// is there: a long statement does not hold the server's event loop.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteClient } from './pglite-client.js';

let client: PgliteClient;
beforeAll(async () => {
  client = await PgliteClient.start(undefined);
  await client.exec('create table t (id int primary key, note text)');
}, 60_000);
afterAll(async () => {
  await client?.close();
});

describe('PgliteClient', () => {
  it('dumps its data folder, and a client started from the dump holds the same rows', async () => {
    await client.query(`insert into t values (41, 'kept')`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-dump-'));
    const file = path.join(dir, 'dump.tar');
    try {
      fs.writeFileSync(file, await client.dump());
      const copy = await PgliteClient.start(undefined, file);
      try {
        const rows = await copy.query<{ note: string }>('select note from t where id = 41');
        expect(rows.rows).toEqual([{ note: 'kept' }]);
        // The copy is its own database: a write there leaves the original as it was.
        await copy.query(`update t set note = 'changed' where id = 41`);
      } finally {
        await copy.close();
      }
      const original = await client.query<{ note: string }>('select note from t where id = 41');
      expect(original.rows).toEqual([{ note: 'kept' }]);
    } finally {
      await client.query('delete from t where id = 41');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers rows in both row modes, with parameters and typed values', async () => {
    const objects = await client.query<{ n: number; s: string; b: Uint8Array; j: unknown }>(
      `select $1::int as n, $2::text as s, '\\x0102'::bytea as b, '{"a":[1]}'::jsonb as j`,
      [7, 'seven'],
    );
    expect(objects.rows).toEqual([{ n: 7, s: 'seven', b: new Uint8Array([1, 2]), j: { a: [1] } }]);
    const arrays = await client.query<unknown[]>('select 1 as a, 2 as b', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['a', 'b']);
  });

  it('keeps the text of the types whose parser keeps it (drizzle parses dates itself)', async () => {
    const keep = (v: string) => v;
    const sql = `select '2026-01-02 03:04:05+00'::timestamptz as at`;
    const parsed = await client.query<{ at: unknown }>(sql);
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    const text = await client.query<{ at: unknown }>(sql, [], { parsers: { 1184: keep } });
    expect(text.rows[0]!.at).toBe('2026-01-02 03:04:05+00');
    await expect(
      client.query(sql, [], { parsers: { 1184: (v: string) => v.length } }),
    ).rejects.toThrow(/cannot run in the database worker/);
  });

  it("passes a database error's code and fields, and goes on", async () => {
    await client.query(`insert into t values (1, 'a')`);
    const err = await client.query(`insert into t values (1, 'b')`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const value = await client.transaction(async (tx) => {
      await tx.query(`insert into t values (2, 'kept')`);
      return 'done';
    });
    expect(value).toBe('done');
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`insert into t values (3, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await client.transaction(async (tx) => {
      await tx.query(`insert into t values (4, 'rolled back')`);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow(/closed/);
    });
    const ids = await client.query<{ id: number }>('select id from t order by id');
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('runs other statements after an open transaction, never inside it', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = client.transaction(async (t) => {
      await t.query(`insert into t values (5, 'tx')`);
      inside();
      await held;
      throw new Error('rolled back');
    });
    await opened;
    const outside = client.query<{ n: number }>('select count(*)::int as n from t where id = 5');
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('takes COPY input from a blob', async () => {
    await client.transaction(async (tx) => {
      await tx.query(`copy t from '/dev/blob'`, [], { blob: new Blob(['10\tten\n11\t\\N\n']) });
    });
    const rows = await client.query('select id, note from t where id >= 10 order by id');
    expect(rows.rows).toEqual([
      { id: 10, note: 'ten' },
      { id: 11, note: null },
    ]);
  });

  it('delivers notifications until unlistened', async () => {
    const got: string[] = [];
    const unlisten = await client.listen('news', (payload) => got.push(payload));
    await client.query(`select pg_notify('news', 'one')`);
    await client.query(`select pg_notify('other', 'ignored')`);
    await unlisten();
    await client.query(`select pg_notify('news', 'two')`);
    await client.query('select 1');
    expect(got).toEqual(['one']);
  });

  it('keeps the event loop turning while a long statement runs', async () => {
    let turns = 0;
    let longest = 0;
    let last = performance.now();
    let running = true;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const started = performance.now();
    // Several hundred ms of engine work in one statement.
    await client.query('select sum(g) from generate_series(1, 3000000) g');
    const took = performance.now() - started;
    running = false;
    // In this thread the statement would be one turn as long as itself.
    expect(took).toBeGreaterThan(100);
    expect(turns).toBeGreaterThan(10);
    expect(longest).toBeLessThan(took / 2);
  });
});

describe('a stopped engine', () => {
  it('refuses what is asked after close, and close is harmless twice', async () => {
    const other = await PgliteClient.start(undefined);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
    await other.close();
  }, 60_000);
});
