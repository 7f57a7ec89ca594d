// The change feed's row data is built by functions generated from the watched tables' columns
// (migration 0021). A migration that changes a watched table's columns must generate them again
// (`SELECT change_feed_generate();`): this test fails when one did not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/bulk.js';
import { freshDatabase } from '../support/database.js';

const WATCHED = [
  'orders',
  'holdings',
  'activities',
  'offers',
  'collection_stats',
  'launchpad_counters',
  'launchpad_sales',
  'token_metadata',
];

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh.drop());

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe('change feed data builders', () => {
  it.each(WATCHED)('%s: one camelCase field per column of the table', async (table) => {
    const db = fresh.database.db;
    const columns = rowsOf<{ name: string }>(
      await db.execute(sql`
        select attname as name from pg_attribute
        where attrelid = ${table}::regclass and attnum > 0 and not attisdropped order by attnum`),
    ).map((c) => c.name);
    // A row of the table with every column null, as its text.
    const empty = `(${','.repeat(columns.length - 1)})`;
    const [built] = rowsOf<{ data: Record<string, unknown> }>(
      await db.execute(sql`select change_feed_data(${table}, ${empty}) as data`),
    );
    expect(Object.keys(built!.data).sort()).toEqual(columns.map(camel).sort());
  });

  it('numeric columns are decimal strings, exact beyond 2^53', async () => {
    const db = fresh.database.db;
    const id = (2n ** 256n - 1n).toString();
    await db.execute(sql`
      insert into holdings (chain_id, contract_addr, token_id, owner_addr, amount)
      values (1, '0xc', ${id}, '0xo', 12345678901234567890)`);
    const [built] = rowsOf<{ data: Record<string, unknown> }>(
      await db.execute(sql`select change_feed_data('holdings', h::text) as data from holdings h`),
    );
    expect(built!.data).toEqual({
      chainId: 1,
      contractAddr: '0xc',
      tokenId: id,
      ownerAddr: '0xo',
      amount: '12345678901234567890',
    });
  });
});
