// The re-pricing of a coin's orders after a rate change, in batches (src/db/coin-rates.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { rowsOf } from '../../src/db/bulk.js';
import { repriceOrders } from '../../src/db/coin-rates.js';
import { freshDatabase } from '../support/database.js';

const CHAIN_ID = 31337;
const MARKET = `0x${'9'.repeat(40)}`;
const STABLE = `0x${'5'.repeat(40)}`;
const AIA = `0x${'0'.repeat(40)}`;

describe('repriceOrders', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.drop;
    // 23 orders of two markets in 3 collections; the stable coin (at 2 AIA) for those not a multiple
    // of 3, so in the collections 1 and 2 only.
    await database.db.execute(
      sql.raw(`insert into orders (chain_id, market_addr, order_id, status, chain_status, price,
        money_addr, contract_addr, token_id, contract_type, amount, left_amount, owner_addr,
        price_value, price_ref, created_block, created_tx, created_at, updated_block, updated_at)
      select ${CHAIN_ID}, case when g % 2 = 0 then '${MARKET}' else '0x${'8'.repeat(40)}' end, g,
        g % 4, least(g % 4, 2), g, case when g % 3 = 0 then '${AIA}' else '${STABLE}' end,
        '0x' || lpad(to_hex(1000 + g % 3), 40, '0'), g, 'ERC721', 1, 1, '0x${'1'.repeat(40)}',
        g / 7.0, case when g % 3 = 0 then g / 7.0 else trunc(g / 7.0 * 2, 18) end, g, '0x', now(), g,
        now()
      from generate_series(1, 23) g`),
    );
    await database.db
      .execute(sql`insert into coin_rates (chain_id, coin, effective_at, rate, symbol,
      decimals) values (${CHAIN_ID}, ${STABLE}, 'epoch', 2, 'USDT', 6),
      (${CHAIN_ID}, ${STABLE}, now(), 3.5, 'USDT', 6)`);
  }, 120_000);

  afterAll(async () => {
    await drop?.();
  });

  const prices = async () =>
    rowsOf<{ order_id: string; coin: string; ref: string; expected: string }>(
      await database.db.execute(sql`select order_id::text, money_addr as coin,
        price_ref::text as ref, (case when money_addr = ${STABLE}
          then trunc(price_value * 3.5, 18) else price_value end)::text as expected
        from orders order by order_id`),
    );

  it('re-prices every order of the coin at its rate in force, batch after batch', async () => {
    // Batches of 2 (12 of them over two markets): each starts where the last one ended.
    const touched = await repriceOrders(database.db, CHAIN_ID, STABLE, 2);
    const rows = await prices();
    expect(rows).toHaveLength(23);
    for (const r of rows) expect(r.ref).toBe(r.expected);
    expect(rows.filter((r) => r.coin === STABLE)).toHaveLength(16);
    expect(touched.sort()).toEqual(
      [1, 2].map((c) => `0x${(1000 + c).toString(16).padStart(40, '0')}`),
    );
  });

  it('changes nothing, and touches no collection, when the prices are those of the rate', async () => {
    expect(await repriceOrders(database.db, CHAIN_ID, STABLE, 5)).toEqual([]);
    for (const r of await prices()) expect(r.ref).toBe(r.expected);
  });
});
