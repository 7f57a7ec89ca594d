// The pages-only indexes of `activities` and the primary keys of `activities` and `nft_transfers`
// are dropped for an initial sync and built at the head (src/db/deferred-indexes.ts): the same
// definitions come back, a crash or a migration in between loses none, and a database that already
// holds rows, or a sync of one range, keeps them.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/bulk.js';
import type { AppDb } from '../../src/db/database.js';
import { DEFERRED_INDEXES, deferIndexes, restoreIndexes } from '../../src/db/deferred-indexes.js';
import { freshDatabase } from '../support/database.js';
import { newIndexer, scenarioSteps, startChain, type Chain } from './support.js';

/** The secondary indexes of `activities`: name -> [oid, definition]. */
async function activityIndexes(db: AppDb): Promise<Map<string, [number, string]>> {
  const rows = rowsOf<{ name: string; oid: number | string; definition: string }>(
    await db.execute(sql`
      select c.relname as name, c.oid::int8 as oid, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'activities'::regclass and not i.indisprimary order by 1`),
  );
  return new Map(rows.map((r) => [r.name, [Number(r.oid), r.definition]]));
}

/** The primary keys of the facts whose keys are deferred: constraint name -> definition. */
async function factKeys(db: AppDb): Promise<Map<string, string>> {
  const rows = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select k.conname as name, k.conrelid::regclass::text || ' ' || pg_get_constraintdef(k.oid) as definition
      from pg_constraint k
      where k.contype = 'p' and k.conrelid in ('activities'::regclass, 'nft_transfers'::regclass)
      order by 1`),
  );
  return new Map(rows.map((r) => [r.name, r.definition]));
}

const definitions = (m: Map<string, [number, string]>) => [...m.values()].map(([, d]) => d);

async function kept(db: AppDb): Promise<string | undefined> {
  const [row] = rowsOf<{ value: string }>(
    await db.execute(sql`select value from app_config where name = ${DEFERRED_INDEXES}`),
  );
  return row?.value;
}

describe('deferIndexes / restoreIndexes', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(() => fresh?.drop());
  afterEach(async () => {
    await restoreIndexes(fresh.database.db);
    await fresh.database.db.execute(sql`delete from activities`);
  });

  it('drops the secondary indexes and the keys, keeps their definitions, and builds the same ones back', async () => {
    const db = fresh.database.db;
    const before = await activityIndexes(db);
    const keys = await factKeys(db);
    expect(before.size).toBe(6);
    expect(keys.size).toBe(2);
    expect(await deferIndexes(db, 10)).toBe(8);
    expect(await activityIndexes(db)).toEqual(new Map());
    expect(await factKeys(db)).toEqual(new Map());
    expect(JSON.parse((await kept(db))!)).toHaveLength(8);
    expect(await restoreIndexes(db)).toBe(8);
    expect(definitions(await activityIndexes(db))).toEqual(definitions(before));
    expect(await factKeys(db)).toEqual(keys);
    expect(await kept(db)).toBeUndefined();
    // Nothing deferred: nothing to do.
    expect(await restoreIndexes(db)).toBe(0);
  });

  it('keeps them when the table already holds as many rows as the limit', async () => {
    const db = fresh.database.db;
    for (const i of [0, 1]) {
      await db.execute(sql`
        insert into activities (chain_id, block_number, tx_hash, log_index, sub_index, method,
          contract_addr, token_id, amount, from_addr, block_time)
        values (1, 1, '0xt', ${i}, 0, 1, '0xc', 1, 1, '0xf', now())`);
    }
    const before = await activityIndexes(db);
    const keys = await factKeys(db);
    expect(await deferIndexes(db, 2)).toBe(0);
    expect(await activityIndexes(db)).toEqual(before);
    expect(await factKeys(db)).toEqual(keys);
    expect(await kept(db)).toBeUndefined();
  });

  it('migrate() builds deferred indexes before migrating (a migration may name them)', async () => {
    const db = fresh.database.db;
    const before = await activityIndexes(db);
    const keys = await factKeys(db);
    await deferIndexes(db, 10);
    await fresh.database.migrate();
    expect(definitions(await activityIndexes(db))).toEqual(definitions(before));
    expect(await factKeys(db)).toEqual(keys);
    expect(await kept(db)).toBeUndefined();
  });
});

describe('indexer: an initial sync builds the pages-only indexes at the head', () => {
  let c: Chain;
  const dbs: Awaited<ReturnType<typeof freshDatabase>>[] = [];
  beforeAll(async () => {
    c = await startChain();
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list();
  }, 120_000);
  afterAll(async () => {
    for (const d of dbs) await d.drop();
    await c?.stop();
  });
  const database = async () => {
    const d = await freshDatabase();
    dbs.push(d);
    return d.database.db;
  };

  it('drops them at its first range, builds them when it reaches the head', async () => {
    const db = await database();
    const before = await activityIndexes(db);
    const keys = await factKeys(db);
    const indexer = newIndexer(db, c.publicClient, c.deployment, { batchBlocks: 2 });
    expect(await indexer.step()).toBe('range');
    expect(await activityIndexes(db)).toEqual(new Map());
    expect(await factKeys(db)).toEqual(new Map());
    expect(await kept(db)).toBeDefined();
    await indexer.catchUp();
    expect(definitions(await activityIndexes(db))).toEqual(definitions(before));
    expect(await factKeys(db)).toEqual(keys);
    expect(await kept(db)).toBeUndefined();
    const [n] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from activities`),
    );
    expect(Number(n!.n)).toBeGreaterThan(0);
  });

  it('after a crash mid-sync, the next indexer builds them at the head', async () => {
    const db = await database();
    const before = await activityIndexes(db);
    const keys = await factKeys(db);
    const crashed = newIndexer(db, c.publicClient, c.deployment, { batchBlocks: 2 });
    await crashed.step();
    await crashed.step();
    expect(await activityIndexes(db)).toEqual(new Map());
    expect(await factKeys(db)).toEqual(new Map());
    await newIndexer(db, c.publicClient, c.deployment, { batchBlocks: 2 }).catchUp();
    expect(definitions(await activityIndexes(db))).toEqual(definitions(before));
    expect(await factKeys(db)).toEqual(keys);
    expect(await kept(db)).toBeUndefined();
  });

  it('a sync of one range keeps them (never dropped: same index objects)', async () => {
    const db = await database();
    const before = await activityIndexes(db);
    const keys = await factKeys(db);
    await newIndexer(db, c.publicClient, c.deployment).catchUp();
    expect(await activityIndexes(db)).toEqual(before);
    expect(await factKeys(db)).toEqual(keys);
  });
});
