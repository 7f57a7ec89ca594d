// The change feed's functions are defined once, in drizzle/repeatable/change_feed.sql; the ordered
// migrations that once defined them keep only the feed's tables (the file's header says why that
// is safe). These tests hold it: a fresh database ends with the feed's functions and triggers
// exactly as the snapshot taken before that change; one upgraded from the middle of the migrations
// (rows written there) keeps its rows and ends with the same feed, which then feeds every write;
// and drizzle's migrator runs no applied migration again, whatever its text has become.
//
// FEED_UPGRADE_FROM_REV=<commit> takes the migrations up to the middle from that commit (git show),
// as a deployment that ran them then has them, instead of from this tree.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/bulk.js';
import type { Database } from '../../src/db/database.js';
import { freshDatabase } from '../support/database.js';
import { feedDefinitions } from '../support/feed-definitions.js';

const DRIZZLE = fileURLToPath(new URL('../../drizzle', import.meta.url));
const SNAPSHOT = './__snapshots__/feed-definitions.txt';
const FROM_REV = process.env.FEED_UPGRADE_FROM_REV;
const CHAIN = 31337;
const MARKET = '0x' + 'a1'.repeat(20);
const NFT = '0x' + 'c1'.repeat(20);
const SELLER = '0x' + 'e1'.repeat(20);
const BUYER = '0x' + 'f1'.repeat(20);
const T = '2026-11-01T10:15:00Z';

const journal = JSON.parse(
  fs.readFileSync(path.join(DRIZZLE, 'meta', '_journal.json'), 'utf8'),
) as {
  entries: { tag: string }[];
};
const fromTree = (tag: string) => fs.readFileSync(path.join(DRIZZLE, `${tag}.sql`), 'utf8');
const fromRev = (rev: string) => (tag: string) =>
  execFileSync('git', ['show', `${rev}:./${tag}.sql`], { cwd: DRIZZLE, encoding: 'utf8' });

/** A migrations folder of the journal's entries up to `lastTag`, each file's text from `text`. */
function migrationsFolder(lastTag: string, text: (tag: string) => string): string {
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  const entries = journal.entries.slice(0, last + 1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drizzle-upto-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const { tag } of entries) fs.writeFileSync(path.join(dir, `${tag}.sql`), text(tag));
  return dir;
}

/** drizzle's migrator alone (no repeatable file), over `folder`. */
async function migrateOrdered(database: Database, folder: string) {
  const config = { migrationsFolder: folder };
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, config);
  else await migratePg(database.db as unknown as NodePgDatabase<Record<string, never>>, config);
  fs.rmSync(folder, { recursive: true, force: true });
}

describe('the change feed after a fresh migrate', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(() => fresh.drop());

  it('has the functions and triggers the migrations have always given it', async () => {
    const { text, summary } = await feedDefinitions(fresh.database.db);
    expect(summary).toBe('37 functions, 25 triggers');
    await expect(text).toMatchFileSnapshot(SNAPSHOT);
  });
});

describe('the ordered migrations from the feed on', () => {
  it('write no watched table (they run before the feed has its triggers)', () => {
    const repeatable = fs.readFileSync(path.join(DRIZZLE, 'repeatable', 'change_feed.sql'), 'utf8');
    // change_feed_generate()'s list: ('orders', $k$…
    const watched = [...repeatable.matchAll(/\('(\w+)', \$k\$/g)].map((m) => m[1]!);
    expect(watched).toHaveLength(8);
    const write = new RegExp(
      `\\b(insert\\s+into|update|delete\\s+from|truncate|copy|merge\\s+into)\\s+` +
        `(table\\s+)?(only\\s+)?("?public"?\\.)?"?(${watched.join('|')})\\b`,
      'i',
    );
    const first = journal.entries.findIndex((e) => e.tag === '0019_change_feed_triggers');
    const writers = journal.entries
      .slice(first)
      .filter(({ tag }) => write.test(fromTree(tag).replace(/--.*$/gm, '')))
      .map((e) => e.tag);
    expect(writers).toEqual([]);
    // The one data move among them, into tables the feed does not watch.
    expect(write.test('INSERT INTO "trait_sets"')).toBe(false);
    expect(write.test('insert into "offers" (chain_id)')).toBe(true);
  });
});

/** The rows written in the middle, by table: as the watched tables were then. */
const WRITES = {
  holdings: sql`insert into holdings values (${CHAIN}, ${NFT}, 1, ${SELLER}, 3)`,
  orders: sql`
    insert into orders (chain_id, market_addr, order_id, status, chain_status, price, money_addr,
      contract_addr, token_id, contract_type, amount, left_amount, owner_addr, created_block,
      created_tx, created_at, updated_block, updated_at, price_value)
    values (${CHAIN}, ${MARKET}, 1, 0, 0, 5, ${'0x' + '0'.repeat(40)}, ${NFT}, 1, 'ERC1155', 1, 1,
      ${SELLER}, 5, ${'0x' + '5'.repeat(64)}, ${T}, 5, ${T}, 5)`,
  activities: sql`
    insert into activities (chain_id, block_number, tx_hash, log_index, sub_index, method,
      contract_addr, token_id, amount, from_addr, to_addr, block_time)
    values (${CHAIN}, 5, ${'0x' + '5'.repeat(64)}, 0, 0, 1, ${NFT}, 1, 1, ${SELLER}, null, ${T})`,
};
type Watched = keyof typeof WRITES;

describe.each([
  '0020_metadata_refresh',
  '0021_change_feed_json',
  '0023_change_feed_typed_staging',
  '0026_orders_hold',
])('upgrading a database migrated up to %s', (lastTag) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  const before = new Map<Watched, Record<string, unknown>[]>();
  const rowsOfTable = async (table: Watched) =>
    rowsOf<{ row: Record<string, unknown> }>(
      await database.db.execute(
        sql`select to_jsonb(t) as row from ${sql.identifier(table)} t order by t::text`,
      ),
    ).map((r) => r.row);
  const lastFeedId = async () =>
    rowsOf<{ id: string }>(
      await database.db.execute(sql`select coalesce(max(id), 0)::text as id from change_feed`),
    )[0]!.id;

  beforeAll(async () => {
    fresh = await freshDatabase({ migrate: false });
    database = fresh.database;
    await migrateOrdered(
      database,
      migrationsFolder(lastTag, FROM_REV ? fromRev(FROM_REV) : fromTree),
    );
    for (const [table, write] of Object.entries(WRITES) as [Watched, (typeof WRITES)[Watched]][]) {
      await database.db.execute(write);
      before.set(table, await rowsOfTable(table));
    }
    await database.migrate();
  }, 120_000);
  afterAll(() => fresh.drop());

  it('keeps the rows written before (a column added since has its default)', async () => {
    for (const [table, rows] of before) {
      const after = await rowsOfTable(table);
      expect(after).toHaveLength(rows.length);
      after.forEach((row, i) => expect(row).toMatchObject(rows[i]!));
    }
    expect((await rowsOfTable('orders'))[0]).toMatchObject({ hold: 0 });
  });

  it('ends with the feed of a fresh database', async () => {
    const { text } = await feedDefinitions(database.db);
    await expect(text).toMatchFileSnapshot(SNAPSHOT);
  });

  it('feeds the writes made after it, each table its way', async () => {
    const since = await lastFeedId();
    const db = database.db;
    await db.execute(sql`update orders set status = 1, left_amount = 0 where order_id = 1`);
    await db.execute(sql`delete from holdings where owner_addr = ${SELLER}`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into holdings values (${CHAIN}, ${NFT}, 1, ${BUYER}, 1)`);
      await tx.execute(sql`
        insert into activities (chain_id, block_number, tx_hash, log_index, sub_index, method,
          contract_addr, token_id, amount, from_addr, to_addr, block_time)
        values (${CHAIN}, 6, ${'0x' + '6'.repeat(64)}, 0, 0, 2, ${NFT}, 1, 1, ${SELLER}, ${BUYER},
          ${T})`);
    });
    // Written again unchanged (as the indexer re-derives state): no event.
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from holdings where owner_addr = ${BUYER}`);
      await tx.execute(sql`insert into holdings values (${CHAIN}, ${NFT}, 1, ${BUYER}, 1)`);
    });
    const events = rowsOf<{
      kind: string;
      op: string;
      topics: string[];
      data: Record<string, unknown>;
    }>(
      await db.execute(sql`
        select kind, op, topics, data from change_feed where id > ${since}::bigint order by id`),
    );
    const item = `item:${NFT}:1`;
    const coll = `collection:${NFT}`;
    expect(events).toEqual([
      {
        kind: 'order',
        op: 'update',
        topics: [item, coll, `account:${SELLER}`, 'market'],
        data: expect.objectContaining({ orderId: '1', status: 1, leftAmount: '0', hold: 0 }),
      },
      {
        kind: 'holding',
        op: 'delete',
        topics: [item, coll, `account:${SELLER}`],
        data: { chainId: CHAIN, contractAddr: NFT, tokenId: '1', ownerAddr: SELLER, amount: '3' },
      },
      {
        kind: 'holding',
        op: 'insert',
        topics: [item, coll, `account:${BUYER}`],
        data: { chainId: CHAIN, contractAddr: NFT, tokenId: '1', ownerAddr: BUYER, amount: '1' },
      },
      {
        kind: 'activity',
        op: 'insert',
        topics: [item, coll, `account:${SELLER}`, `account:${BUYER}`, 'market'],
        data: expect.objectContaining({ method: 2, fromAddr: SELLER, toAddr: BUYER }),
      },
    ]);
  });

  it('runs no applied migration again, whatever its text has become', async () => {
    const applied = async () =>
      rowsOf<{ id: number; hash: string; created_at: string }>(
        await database.db.execute(sql`select * from drizzle.__drizzle_migrations order by id`),
      );
    const recorded = await applied();
    expect(recorded).toHaveLength(journal.entries.length);
    // The migrator compares only the timestamp of the last applied entry with the journal's, never
    // a file's hash: an edited text, even one that would fail, is neither run nor refused.
    await migrateOrdered(
      database,
      migrationsFolder(journal.entries.at(-1)!.tag, () => 'SELECT 1/0;'),
    );
    expect(await applied()).toEqual(recorded);
  });
});
