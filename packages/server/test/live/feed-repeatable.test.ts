// The change feed's functions come from one repeatable file (drizzle/repeatable/change_feed.sql)
// that migrate() runs after the ordered migrations: a column change of a watched table reaches the
// feed with no hand step, and a start on an up-to-date database leaves the functions alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/bulk.js';
import type { AppDb, Database } from '../../src/db/database.js';
import { freshDatabase } from '../support/database.js';

const CHAIN = 31337;
const COLL = '0x' + 'c7'.repeat(20);
const OWNER = '0x' + 'a7'.repeat(20);

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
let db: AppDb;
beforeAll(async () => {
  fresh = await freshDatabase();
  database = fresh.database;
  db = database.db;
});
afterAll(() => fresh.drop());

/** The feed data of the holding of `tokenId` (its latest event). */
async function fedHolding(tokenId: number): Promise<Record<string, unknown>> {
  const [row] = rowsOf<{ data: Record<string, unknown> }>(
    await db.execute(sql`
      select data from change_feed
      where data ->> 'contractAddr' = ${COLL} and data ->> 'tokenId' = ${String(tokenId)}
      order by id desc limit 1`),
  );
  expect(row).toBeDefined();
  return row!.data;
}

/** Every change_feed function's definition, by name. */
async function definitions(): Promise<Map<string, string>> {
  const rows = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def
      from pg_proc p where p.proname like 'change\_feed%'`),
  );
  return new Map(rows.map((r) => [r.name, r.def]));
}

describe('the change feed functions, from the repeatable file', () => {
  it('a column added to a watched table is in the feed after migrate(), with no hand step', async () => {
    await db.execute(sql`alter table holdings add column note text, add column weight numeric`);
    // The staging functions still have the columns they were generated from...
    await db.execute(sql`
      insert into holdings (chain_id, contract_addr, token_id, owner_addr, amount, note, weight)
      values (${CHAIN}, ${COLL}, 1, ${OWNER}, 1, 'before', 1)`);
    expect(await fedHolding(1)).not.toHaveProperty('note');
    // ...until the next start's migrate() generates them again from the table.
    await database.migrate();
    const weight = (2n ** 200n).toString();
    await db.execute(sql`
      insert into holdings (chain_id, contract_addr, token_id, owner_addr, amount, note, weight)
      values (${CHAIN}, ${COLL}, 2, ${OWNER}, 1, 'after', ${weight})`);
    // camelCase like every field; numeric as a decimal string, exact beyond 2^53.
    expect(await fedHolding(2)).toEqual({
      chainId: CHAIN,
      contractAddr: COLL,
      tokenId: '2',
      ownerAddr: OWNER,
      amount: '1',
      note: 'after',
      weight,
    });
  });

  it('a column dropped from a watched table keeps its writes working after migrate()', async () => {
    // Staging generated with a column fails every write to the table once the column is gone.
    await db.execute(sql`alter table holdings add column gone text`);
    await db.execute(sql`select change_feed_generate()`);
    await db.execute(
      sql`alter table holdings drop column note, drop column weight, drop column gone`,
    );
    await database.migrate();
    await db.execute(sql`
      insert into holdings (chain_id, contract_addr, token_id, owner_addr, amount)
      values (${CHAIN}, ${COLL}, 3, ${OWNER}, 1)`);
    expect(Object.keys(await fedHolding(3)).sort()).toEqual([
      'amount',
      'chainId',
      'contractAddr',
      'ownerAddr',
      'tokenId',
    ]);
  });

  it('a start on an up-to-date database leaves every function as it is', async () => {
    const before = await definitions();
    const [{ xmin: xminBefore } = { xmin: '' }] = rowsOf<{ xmin: string }>(
      await db.execute(sql`
        select string_agg(xmin::text, ',' order by oid) as xmin
        from pg_proc where proname like 'change\_feed%'`),
    );
    await database.migrate();
    expect(await definitions()).toEqual(before);
    // Not even replaced by the same text: a replaced function gets a new row version.
    const [{ xmin: xminAfter } = { xmin: '' }] = rowsOf<{ xmin: string }>(
      await db.execute(sql`
        select string_agg(xmin::text, ',' order by oid) as xmin
        from pg_proc where proname like 'change\_feed%'`),
    );
    expect(xminAfter).toBe(xminBefore);
    expect(before.size).toBeGreaterThan(30);
  });

  it("a watched table's missing triggers are created again when the file runs", async () => {
    await db.execute(sql`drop trigger change_feed_ins on holdings`);
    // Any change of the columns makes the next start run the file.
    await db.execute(sql`alter table holdings add column probe integer`);
    await database.migrate();
    await db.execute(sql`
      insert into holdings (chain_id, contract_addr, token_id, owner_addr, amount, probe)
      values (${CHAIN}, ${COLL}, 4, ${OWNER}, 1, 7)`);
    expect(await fedHolding(4)).toMatchObject({ tokenId: '4', probe: 7 });
    await db.execute(sql`alter table holdings drop column probe`);
    await database.migrate();
  });
});
