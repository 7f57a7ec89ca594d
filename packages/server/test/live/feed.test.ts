// The change feed filled by the database triggers (drizzle/repeatable/change_feed.sql) while the
// real indexer follows a real anvil: a sale range's events with their topics, no event for state
// re-derived unchanged, and a reorg's reversal events after the rolled-back ones. Runs on PGlite,
// and on PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import type { LiveEventVO } from '@aiamarket/shared';
import { liveTopic } from '@aiamarket/shared';
import { useChainAndDatabase, type FreshDatabase } from '../support/chain-database.js';
import { maxFeedId, readFeed } from '../../src/live/feed.js';
import {
  ACTORS,
  CHAIN_ID,
  lower,
  newIndexer,
  scenarioSteps,
  send,
  type Chain,
} from '../indexer/support.js';

describe('change feed: the indexer on anvil', () => {
  let c: Chain;
  let fresh: FreshDatabase;
  let indexer: ReturnType<typeof newIndexer>;
  let afterList = 0;
  let afterBuy = 0;
  let saleEvents: LiveEventVO[] = [];
  const alice = lower(ACTORS.alice.address);
  const carol = lower(ACTORS.carol.address);

  useChainAndDatabase(async (started) => {
    ({ c, fresh } = started);
    indexer = newIndexer(fresh.database.db, c.publicClient, c.deployment);
    const steps = scenarioSteps(c);
    await steps.mint();
    await steps.list();
    await indexer.catchUp();
    afterList = await maxFeedId(fresh.database.db);
    await steps.buy();
    await indexer.catchUp();
    afterBuy = await maxFeedId(fresh.database.db);
    saleEvents = await readFeed(fresh.database.db, afterList, 10_000);
  });

  it('records the listings range, numbered from 1 with the range block', async () => {
    expect(afterList).toBeGreaterThan(0);
    const first = await readFeed(fresh.database.db, 0, afterList);
    expect(first.map((e) => Number(e.id))).toEqual(first.map((_, i) => i + 1));
    const listed = first.filter((e) => e.kind === 'order' && e.op === 'insert');
    expect(listed).toHaveLength(3);
    expect(first.every((e) => e.blockNumber !== null && e.blockNumber > 0)).toBe(true);
  });

  it('a sale range gives the order update, the holding changes, the activity and the stats update', () => {
    const g721 = lower(c.addr('GameItems721'));
    const item = liveTopic.item(g721, 1n);
    const head = Math.max(...saleEvents.map((e) => e.blockNumber ?? 0));
    expect(saleEvents.every((e) => e.blockNumber === head)).toBe(true);

    const order = saleEvents.find((e) => e.kind === 'order' && e.data.orderId === '1');
    expect(order).toMatchObject({
      op: 'update',
      data: { status: 1, contractAddr: g721, tokenId: '1' },
    });
    expect(order!.topics).toEqual([
      item,
      liveTopic.collection(g721),
      liveTopic.account(alice),
      'market',
    ]);

    const holdings = saleEvents.filter((e) => e.kind === 'holding' && e.topics[0] === item);
    expect(holdings.map((e) => [e.op, e.data.ownerAddr]).sort()).toEqual([
      ['delete', alice],
      ['insert', carol],
    ]);
    expect(holdings.find((e) => e.op === 'insert')!.topics).toEqual([
      item,
      liveTopic.collection(g721),
      liveTopic.account(carol),
    ]);

    const sale = saleEvents.find(
      (e) => e.kind === 'activity' && e.topics[0] === item && e.data.orderId === '1',
    );
    expect(sale).toMatchObject({ op: 'insert', data: { fromAddr: alice, toAddr: carol } });
    expect(sale!.topics).toEqual([
      item,
      liveTopic.collection(g721),
      liveTopic.account(alice),
      liveTopic.account(carol),
      'market',
    ]);

    const stats = saleEvents.find((e) => e.kind === 'stats' && e.data.contractAddr === g721);
    expect(stats).toMatchObject({ op: 'update', topics: [liveTopic.collection(g721), 'market'] });
    expect(stats!.data.totalTrades).toBe(1);
    // Ids grow without holes inside the range's transaction.
    expect(saleEvents.map((e) => Number(e.id))).toEqual(
      saleEvents.map((_, i) => afterList + 1 + i),
    );
  });

  it('state re-derived unchanged gives no event', async () => {
    const db = fresh.database.db;
    // An empty block: a range that moves only the cursor.
    await c.testClient.mine({ blocks: 1 });
    await indexer.catchUp();
    expect(await readFeed(db, afterBuy, 100)).toEqual([]);
    // The indexer's DELETE + INSERT of touched keys, with the same rows (state tables: the
    // activities are facts, inserted once, never derived again; their events are not paired).
    await db.transaction(async (tx) => {
      for (const t of ['orders', 'holdings', 'collection_stats', 'launchpad_sales']) {
        await tx.execute(
          sql.raw(`create temp table keep_${t} on commit drop as select * from ${t}`),
        );
        await tx.execute(sql.raw(`delete from ${t}`));
        const cols = t === 'orders' ? await orderColumns(tx) : '*';
        await tx.execute(
          sql.raw(
            `insert into ${t}${t === 'orders' ? ` (${cols})` : ''} select ${cols} from keep_${t}`,
          ),
        );
      }
      await tx.execute(sql`update collection_stats set total_trades = total_trades + 1`);
      await tx.execute(sql`update collection_stats set total_trades = total_trades - 1`);
    });
    expect(await readFeed(db, afterBuy, 100)).toEqual([]);
  });

  it('a reorg rollback gives delete events reversing the rolled-back inserts, after them', async () => {
    const db = fresh.database.db;
    // The four buy blocks and the empty one are replaced by empty blocks.
    await c.testClient.request({ method: 'anvil_reorg', params: [5, []] } as never);
    await indexer.catchUp();
    const reversal = await readFeed(db, afterBuy, 10_000);
    expect(reversal.length).toBeGreaterThan(0);
    const key = (e: LiveEventVO) => `${e.kind}|${JSON.stringify(e.data)}`;
    const deleted = new Set(reversal.filter((e) => e.op === 'delete').map(key));
    const inserts = saleEvents.filter((e) => e.kind === 'activity' && e.op === 'insert');
    expect(inserts.length).toBeGreaterThanOrEqual(3);
    for (const e of inserts) expect(deleted.has(key(e))).toBe(true);
    // Carol's hero goes back to alice; the order is listed again.
    const g721 = lower(c.addr('GameItems721'));
    const item = liveTopic.item(g721, 1n);
    const holdings = reversal.filter((e) => e.kind === 'holding' && e.topics[0] === item);
    expect(holdings.map((e) => [e.op, e.data.ownerAddr]).sort()).toEqual([
      ['delete', carol],
      ['insert', alice],
    ]);
    expect(reversal.find((e) => e.kind === 'order' && e.data.orderId === '1')).toMatchObject({
      op: 'update',
      data: { status: 0 },
    });
    // The rollback's block is the fork point, below the rolled-back range's.
    const forkBlock = reversal[0]!.blockNumber!;
    expect(forkBlock).toBeLessThan(saleEvents[0]!.blockNumber!);
    expect(reversal.every((e) => Number(e.id) > afterBuy)).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'ids grow in commit order: an API offer insert open across a whole range comes after it',
    async () => {
      const db = fresh.database.db;
      const api = new pg.Client({ connectionString: fresh.url });
      await api.connect();
      try {
        const from = await maxFeedId(db);
        // The API's transaction starts first and stays open while the indexer writes a range.
        await api.query('begin');
        await api.query(
          `insert into offers (chain_id, offers_addr, order_hash, offerer, contract_addr, kind,
             erc1155, identifier, token_id, units, coin, price_per_unit, price_value, start_time,
             end_time, salt, counter, signature)
           values ($1, $2, $3, $4, $5, 0, false, 3, 3, 1, $6, 1, 0.000000000000000001, now(),
             now() + interval '1 day', 1, 0, '0x')`,
          [
            CHAIN_ID,
            lower(c.addr('Offers')),
            '0x' + 'ab'.repeat(32),
            carol,
            lower(c.addr('GameItems721')),
            '0x' + '00'.repeat(20),
          ],
        );
        await send(c, 'owner', {
          address: c.addr('GameItems721'),
          abi: gameItems721Abi,
          functionName: 'mint',
          args: [ACTORS.alice.address, 1n],
        });
        await indexer.catchUp();
        const range = await readFeed(db, from, 100);
        expect(range.length).toBeGreaterThan(0);
        expect(range.every((e) => e.blockNumber !== null && e.kind !== 'offer')).toBe(true);
        await api.query('commit');
        const after = await readFeed(db, from, 100);
        expect(after.slice(0, range.length)).toEqual(range);
        expect(after.slice(range.length)).toMatchObject([
          { id: String(from + range.length + 1), kind: 'offer', op: 'insert', blockNumber: null },
        ]);
      } finally {
        await api.end();
      }
    },
  );
});

/** orders has a generated column (name_lower): copy every other column. */
async function orderColumns(tx: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }) {
  const res = (await tx.execute(
    sql`select string_agg(column_name, ',' order by ordinal_position) as cols
        from information_schema.columns
        where table_name = 'orders' and table_schema = current_schema() and is_generated = 'NEVER'`,
  )) as { rows: { cols: string }[] };
  return res.rows[0]!.cols;
}
