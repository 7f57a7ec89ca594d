// Upgrading a database indexed before the reference unit (migration 0011): the stats it holds add
// 4 USDT and 0.1 AIA as 4.1 and take the 3 USDT listing as the floor under a 5 AIA one, and its
// page royalty predates the RoyaltyRateSet rule. After the upgrade (0012) the collection answers
// the reference-unit figures (no USDT rate yet: 0.1 AIA traded, floor 5 AIA) with the per-coin
// parts, and the page royalty the market set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trimDecimal, type CollectionVO } from '@aiamarket/shared';
import { buildApp } from '../src/app.js';
import { createChainClient } from '../src/chain/client.js';
import { loadConfig } from '../src/config.js';
import { loadIndexerConfig } from '../src/indexer/config.js';
import { freshDatabase } from './support/database.js';

const DRIZZLE = fileURLToPath(new URL('../drizzle', import.meta.url));
const CHAIN = 31337;
const NFT = '0x00000000000000000000000000000000000000c1';
const MARKET = '0x00000000000000000000000000000000000000a1';
const USDT = '0x00000000000000000000000000000000000000d1';
const AIA = '0x0000000000000000000000000000000000000000';
const SELLER = '0x00000000000000000000000000000000000000e1';
const RECEIVER = '0x00000000000000000000000000000000000000f1';

/** A copy of the migrations folder that stops after `lastTag` (the database before an upgrade). */
function migrationsUpTo(lastTag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drizzle-old-'));
  fs.cpSync(DRIZZLE, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
beforeAll(async () => {
  fresh = await freshDatabase({ migrate: false });
  const { database } = fresh;
  const old = { migrationsFolder: migrationsUpTo('0010_market_keyword_lowercase') };
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase<Record<string, never>>, old);
  else await migratePg(database.db as unknown as NodePgDatabase<Record<string, never>>, old);
  const db = database.db;
  const t = new Date('2026-11-01T10:15:00Z');
  await db.execute(sql`
    insert into collections (chain_id, address, contract_type, name, deployment_block, source)
    values (${CHAIN}, ${NFT}, 'ERC1155', 'Mixed', 1, 'registered')`);
  await db.execute(sql`
    insert into collection_profiles (chain_id, contract_addr, link_collection, name)
    values (${CHAIN}, ${NFT}, 'mixed-coins', 'Mixed')`);
  await db.execute(sql`insert into coin_decimals values (${CHAIN}, ${USDT}, 6)`);
  await db.execute(sql`
    insert into nft_transfers (chain_id, block_number, tx_hash, log_index, sub_index, contract_addr,
      token_id, from_addr, to_addr, amount, batch, block_time)
    values (${CHAIN}, 1, ${'0x' + '1'.repeat(64)}, 0, 0, ${NFT}, 1, ${AIA}, ${SELLER}, 10, false, ${t})`);
  await db.execute(sql`insert into holdings values (${CHAIN}, ${NFT}, 1, ${SELLER}, 10)`);
  // Sales: 1 at 0.1 AIA, 2 at 2 USDT; the market's royalty for the collection: 2.5 %.
  const event = (
    n: number,
    kind: string,
    coin: string | null,
    price: string,
    amount: number,
  ) => sql`
    insert into market_events (chain_id, block_number, tx_hash, log_index, kind, market_addr,
      contract_addr, token_id, coin, price, amount, royalty_receiver, block_time)
    values (${CHAIN}, ${n}, ${'0x' + String(n).repeat(64)}, 0, ${kind}, ${MARKET}, ${NFT}, 1,
      ${coin}, ${price}, ${amount}, ${kind === 'royaltyRate' ? RECEIVER : null}, ${t})`;
  await db.execute(event(2, 'royaltyRate', null, '250', 0));
  await db.execute(event(3, 'sold', AIA, '100000000000000000', 1));
  await db.execute(event(4, 'sold', USDT, '2000000', 2));
  // Listed: 5 AIA and 3 USDT.
  const order = (id: number, coin: string, price: string, value: string) => sql`
    insert into orders (chain_id, market_addr, order_id, status, chain_status, price, money_addr,
      contract_addr, token_id, contract_type, amount, left_amount, owner_addr, created_block,
      created_tx, created_at, updated_block, updated_at, price_value)
    values (${CHAIN}, ${MARKET}, ${id}, 0, 0, ${price}, ${coin}, ${NFT}, 1, 'ERC1155', 1, 1,
      ${SELLER}, 5, ${'0x' + '5'.repeat(64)}, ${t}, 5, ${t}, ${value})`;
  await db.execute(order(1, AIA, '5000000000000000000', '5'));
  await db.execute(order(2, USDT, '3000000', '3'));
  // What the old indexer wrote: every coin added as one unit.
  await db.execute(sql`
    insert into collection_stats (chain_id, contract_addr, lowest_price, total_transaction,
      total_trades, total_tokens, total_holder, total_order)
    values (${CHAIN}, ${NFT}, 3, 4.1, 2, 1, 1, 2)`);
  await db.execute(sql`
    insert into collection_volume_hours values (${CHAIN}, ${NFT}, '2026-11-01T10:00:00Z', 4.1, 2)`);

  await database.migrate();
  const config = loadConfig({
    RPC_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-dir',
  });
  app = await buildApp({
    config,
    database,
    chain: createChainClient(config.rpcUrl, config.chainId),
    deployment: null,
    indexer: loadIndexerConfig(),
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

describe('upgrading a database indexed before the reference unit', () => {
  it('rebuilds the stats in the reference unit with the per-coin parts', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/v1/api/collections/link?linkCollection=mixed-coins',
    });
    expect(res.statusCode).toBe(200);
    const c = (res.json() as { data: CollectionVO }).data;
    expect(c).toMatchObject({ priceUnit: 'AIA', totalTransaction: '0.1', lowestPrice: '5' });
    const parts = (list: { symbol: string; amount: string }[]) =>
      list.map((p) => `${p.amount} ${p.symbol}`);
    expect(parts(c.coinParts.totalTransaction)).toHaveLength(2);
    expect(parts(c.coinParts.totalTransaction)[0]).toBe('0.1 AIA');
    expect(parts(c.coinParts.lowestPrice)[0]).toBe('5 AIA');
    const hours = await fresh.database.db.execute(
      sql`select volume::text as volume, trades, coin_volumes from collection_volume_hours`,
    );
    const rows = (
      hours as unknown as {
        rows: { volume: string; trades: number; coin_volumes: Record<string, string> }[];
      }
    ).rows;
    expect(rows.map((r) => [r.volume, r.trades])).toEqual([['0.100000000000000000', 2]]);
    expect(
      Object.entries(rows[0]!.coin_volumes).map(([coin, amount]) => [coin, trimDecimal(amount)]),
    ).toEqual([
      [AIA, '0.1'],
      [USDT, '4'],
    ]);
  });

  it('backfills the page royalty from the market', async () => {
    const rows = await fresh.database.db.execute(
      sql`select royalty_rate, royalty_addr from collection_profiles`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { royalty_rate: 250, royalty_addr: RECEIVER },
    ]);
  });
});
