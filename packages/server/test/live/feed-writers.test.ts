// The change feed from the database side (drizzle/repeatable/change_feed.sql), without a chain:
// the topics of every kind, API writes (no block), commit-ordered ids with concurrent writers on
// two and more connections (PostgreSQL), NOTIFY after commit with the highest id, savepoints, and
// retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { liveTopic } from '@aiamarket/shared';
import { freshDatabase } from '../support/database.js';
import type { AppDb } from '../../src/db/database.js';
import { appConfig } from '../../src/db/schema.js';
import { offers } from '../../src/db/schema-offers.js';
import { launchpadProjects } from '../../src/db/schema-content.js';
import {
  FEED_PRUNED_THROUGH,
  maxFeedId,
  prunedThrough,
  pruneFeed,
  readFeed,
  setFeedBlock,
} from '../../src/live/feed.js';

const CHAIN = 31337;
const COLL = '0x' + 'c1'.repeat(20);
const ALICE = '0x' + 'a1'.repeat(20);
const BOB = '0x' + 'b0'.repeat(20);
const LAUNCHPAD = '0x' + 'd2'.repeat(20);
let salt = 0;

/** An offer row as offer/create stores it (state columns at their defaults). */
function offerRow(tokenId: string | null) {
  salt++;
  return {
    chainId: CHAIN,
    offersAddr: '0x' + '0f'.repeat(20),
    orderHash: '0x' + salt.toString(16).padStart(64, '0'),
    offerer: ALICE,
    contractAddr: COLL,
    kind: tokenId === null ? 1 : 0,
    erc1155: false,
    identifier: tokenId ?? '0',
    tokenId,
    units: '1',
    coin: '0x' + '00'.repeat(20),
    pricePerUnit: '1000000000000000000',
    priceValue: '1',
    startTime: new Date(0),
    endTime: new Date(Date.now() + 86_400_000),
    salt: String(salt),
    counter: '0',
    signature: '0x',
  };
}

const holdingSql = (tokenId: number, owner = BOB, amount = 1) =>
  `insert into holdings values (${CHAIN}, '${COLL}', ${tokenId}, '${owner}', ${amount})`;

describe('change feed: writers, order, notifications, retention', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: AppDb;
  beforeAll(async () => {
    fresh = await freshDatabase();
    db = fresh.database.db;
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('an API write (an offer stored) is an offer event without a block; topics per offer kind', async () => {
    const from = await maxFeedId(db);
    const itemOffer = offerRow('7');
    await db.insert(offers).values(itemOffer);
    await db.insert(offers).values(offerRow(null));
    const events = await readFeed(db, from, 10);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ kind: 'offer', op: 'insert', blockNumber: null });
    expect(events[0]!.topics).toEqual([
      liveTopic.item(COLL, '7'),
      liveTopic.collection(COLL),
      liveTopic.account(ALICE),
    ]);
    // A collection offer names no token.
    expect(events[1]!.topics).toEqual([liveTopic.collection(COLL), liveTopic.account(ALICE)]);
    // camelCase fields, uint256 as exact decimal text, numbers for small integers.
    expect(events[0]!.data).toMatchObject({
      orderHash: itemOffer.orderHash,
      pricePerUnit: '1000000000000000000',
      tokenId: '7',
      chainId: CHAIN,
      kind: 0,
    });
    // The indexer's bookkeeping column alone is no change.
    const before = await maxFeedId(db);
    await db.execute(sql`update offers set state_block = 5`);
    expect(await readFeed(db, before, 10)).toEqual([]);
    await db.execute(sql`update offers set funded = false where token_id is null`);
    const funded = await readFeed(db, before, 10);
    expect(funded).toHaveLength(1);
    expect(funded[0]).toMatchObject({ kind: 'offer', op: 'update', data: { funded: false } });
  });

  it('metadata, launchpad, stats and activity events carry their topics and the feed block', async () => {
    const from = await maxFeedId(db);
    const [project] = await db
      .insert(launchpadProjects)
      .values({ contractAddr: LAUNCHPAD, contractType: 'ERC1155', tokenId: '4', name: 'P' })
      .returning({ id: launchpadProjects.id });
    await db.transaction(async (tx) => {
      await setFeedBlock(tx, 77);
      await tx.execute(sql`insert into token_metadata (chain_id, contract_addr, token_id, name, status, fetched_at)
        values (${CHAIN}, ${COLL}, 9, 'Hero', 'ok', now())`);
      await tx.execute(sql`insert into launchpad_sales values
        (${CHAIN}, ${LAUNCHPAD}, 4, 1, 0, 10), (${CHAIN}, ${LAUNCHPAD}, 5, 1, 0, 10)`);
      await tx.execute(sql`insert into launchpad_counters values
        (${CHAIN}, ${LAUNCHPAD}, 4, '0x0000000000000000000000000000000000000000', 'mint', 1, 100)`);
      await tx.execute(sql`insert into collection_stats (chain_id, contract_addr, total_transaction,
        total_trades, total_tokens, total_holder, total_order) values (${CHAIN}, ${COLL}, 0, 0, 1, 1, 0)`);
      await tx.execute(sql`insert into activities (chain_id, block_number, tx_hash, log_index, sub_index,
        method, contract_addr, token_id, amount, from_addr, to_addr, block_time) values
        (${CHAIN}, 77, ${'0x' + 'ee'.repeat(32)}, 0, 0, 4, ${COLL}, 9, 1, ${ALICE}, null, now()),
        (${CHAIN}, 77, ${'0x' + 'ee'.repeat(32)}, 1, 0, 4, ${COLL}, 9, 1, ${ALICE}, ${BOB}, now())`);
    });
    const events = await readFeed(db, from, 20);
    expect(events.every((e) => e.blockNumber === 77)).toBe(true);
    expect(events.map((e) => [e.kind, e.op, e.topics])).toEqual([
      ['metadata', 'insert', [liveTopic.item(COLL, 9n), liveTopic.collection(COLL)]],
      ['launchpad', 'insert', [liveTopic.launchpad(project!.id), 'market']],
      // No project row for sale 5: launchpad:0.
      ['launchpad', 'insert', [liveTopic.launchpad(0), 'market']],
      ['launchpad', 'insert', [liveTopic.launchpad(project!.id), 'market']],
      ['stats', 'insert', [liveTopic.collection(COLL), 'market']],
      [
        'activity',
        'insert',
        [liveTopic.item(COLL, 9n), liveTopic.collection(COLL), liveTopic.account(ALICE), 'market'],
      ],
      [
        'activity',
        'insert',
        [
          liveTopic.item(COLL, 9n),
          liveTopic.collection(COLL),
          liveTopic.account(ALICE),
          liveTopic.account(BOB),
          'market',
        ],
      ],
    ]);
    expect(events[0]!.data).toMatchObject({ contractAddr: COLL, tokenId: '9', name: 'Hero' });
    // A later API transaction on the same connection carries no block (transaction-local).
    const after = await maxFeedId(db);
    await db.execute(sql`update token_metadata set name = 'Hero 2'`);
    const [renamed] = await readFeed(db, after, 5);
    expect(renamed).toMatchObject({ kind: 'metadata', op: 'update', blockNumber: null });
  });

  it('activities, staged unpaired, are numbered in staging order among the paired rows', async () => {
    const from = await maxFeedId(db);
    const activity = (logIndex: number) =>
      sql`insert into activities (chain_id, block_number, tx_hash, log_index, sub_index, method,
        contract_addr, token_id, amount, from_addr, to_addr, block_time) values
        (${CHAIN}, 78, ${'0x' + 'ef'.repeat(32)}, ${logIndex}, 0, 4, ${COLL}, 12, 1, ${ALICE}, ${BOB}, now())`;
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(holdingSql(110)));
      await tx.execute(activity(0));
      await tx.execute(sql.raw(holdingSql(111)));
      await tx.execute(activity(1));
      // Paired: one insert event at the holding's first staging, with its final amount.
      await tx.execute(sql`update holdings set amount = 2 where token_id = 110`);
    });
    const events = await readFeed(db, from, 10);
    expect(
      events.map((e) => [e.kind, e.op, e.data.tokenId, e.data.amount, e.data.logIndex ?? null]),
    ).toEqual([
      ['holding', 'insert', '110', '2', null],
      ['activity', 'insert', '12', '1', 0],
      ['holding', 'insert', '111', '1', null],
      ['activity', 'insert', '12', '1', 1],
    ]);
    expect(events.map((e) => Number(e.id))).toEqual([from + 1, from + 2, from + 3, from + 4]);
  });

  it('a rolled-back savepoint leaves no event; the rest of the transaction does', async () => {
    const from = await maxFeedId(db);
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(holdingSql(100)));
      await tx
        .transaction(async (sp) => {
          await sp.execute(sql.raw(holdingSql(101)));
          throw new Error('undo');
        })
        .catch(() => undefined);
    });
    const events = await readFeed(db, from, 10);
    expect(events.map((e) => e.data.tokenId)).toEqual(['100']);
    // A transaction that rolls back writes nothing.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(holdingSql(102)));
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await readFeed(db, from + 1, 10)).toEqual([]);
    const staged = (await db.execute(
      sql`select (select count(*) from change_feed_stage) + (select count(*) from change_feed_append)
        + (select count(*) from change_feed_pending) as n`,
    )) as unknown as { rows: { n: number | string }[] };
    expect(Number(staged.rows[0]!.n)).toBe(0);
  });

  it('NOTIFY change_feed arrives after commit with the highest id, the rows then readable', async () => {
    const payloads: string[] = [];
    let wake: () => void = () => undefined;
    const listening = await fresh.database.listen('change_feed', {
      onNotify: (p) => {
        payloads.push(p);
        wake();
      },
    });
    try {
      const from = await maxFeedId(db);
      const arrived = new Promise<void>((resolve) => (wake = resolve));
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(holdingSql(200)));
        await tx.execute(sql.raw(holdingSql(201)));
        await tx.execute(sql.raw(holdingSql(202)));
      });
      await withTimeout(arrived, 5_000);
      expect(payloads).toEqual([String(from + 3)]);
      const rows = await readFeed(db, from, 10);
      expect(rows.map((e) => e.id)).toEqual([from + 1, from + 2, from + 3].map(String));
    } finally {
      await listening.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'ids grow in commit order: an API offer insert concurrent with a range (two connections)',
    async () => {
      const range = new pg.Client({ connectionString: fresh.url });
      const api = new pg.Client({ connectionString: fresh.url });
      await range.connect();
      await api.connect();
      try {
        const from = await maxFeedId(db);
        // The range starts and writes first, the API commits first: the API's event comes first.
        await range.query('begin');
        await range.query(`select set_config('aiamarket.feed_block', '500', true)`);
        await range.query(holdingSql(300));
        await range.query(holdingSql(301));
        await api.query('begin');
        const o = offerRow('300');
        await api.query(
          `insert into offers (chain_id, offers_addr, order_hash, offerer, contract_addr, kind, erc1155,
           identifier, token_id, units, coin, price_per_unit, price_value, start_time, end_time, salt,
           counter, signature) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)`,
          [
            o.chainId,
            o.offersAddr,
            o.orderHash,
            o.offerer,
            o.contractAddr,
            o.kind,
            o.erc1155,
            o.identifier,
            o.tokenId,
            o.units,
            o.coin,
            o.pricePerUnit,
            o.priceValue,
            o.startTime,
            o.endTime,
            o.salt,
            o.counter,
            o.signature,
          ],
        );
        await api.query('commit');
        await range.query('commit');
        const events = await readFeed(db, from, 10);
        expect(events.map((e) => [e.id, e.kind, e.blockNumber])).toEqual([
          [String(from + 1), 'offer', null],
          [String(from + 2), 'holding', 500],
          [String(from + 3), 'holding', 500],
        ]);
        // And the other way round.
        const mid = from + 3;
        await api.query('begin');
        await api.query(`update offers set funded = false where order_hash = $1`, [o.orderHash]);
        await range.query('begin');
        await range.query(`select set_config('aiamarket.feed_block', '501', true)`);
        await range.query(`delete from holdings where token_id in (300, 301)`);
        await range.query('commit');
        await api.query('commit');
        expect((await readFeed(db, mid, 10)).map((e) => [e.kind, e.op, e.blockNumber])).toEqual([
          ['holding', 'delete', 501],
          ['holding', 'delete', 501],
          ['offer', 'update', null],
        ]);
      } finally {
        await range.end();
        await api.end();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'a reader following id > last during concurrent commits never sees an id before a lower one',
    async () => {
      const writers = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const client = new pg.Client({ connectionString: fresh.url });
          await client.connect();
          return client;
        }),
      );
      try {
        const start = await maxFeedId(db);
        const perWriter = 15;
        let done = false;
        const seen: number[] = [];
        const reader = (async () => {
          let last = start;
          for (;;) {
            const finished = done;
            const rows = await readFeed(db, last, 1_000);
            for (const r of rows) {
              seen.push(Number(r.id));
              last = Number(r.id);
            }
            if (finished && rows.length === 0) return;
            await new Promise((r) => setImmediate(r));
          }
        })();
        await Promise.all(
          writers.map(async (w, wi) => {
            for (let k = 0; k < perWriter; k++) {
              await w.query('begin');
              await w.query(holdingSql(1_000 + wi * 100 + k));
              await w.query(holdingSql(5_000 + wi * 100 + k));
              await w.query('commit');
            }
          }),
        );
        done = true;
        await reader;
        const total = writers.length * perWriter * 2;
        // Every id exactly once and in order: a reader resuming after `last` missed nothing.
        expect(seen).toEqual(Array.from({ length: total }, (_, i) => start + 1 + i));
      } finally {
        await Promise.all(writers.map((w) => w.end()));
      }
    },
  );

  it('pruneFeed removes the rows older than the window and records the watermark', async () => {
    await db.transaction(async (tx) => {
      for (let t = 400; t < 405; t++) await tx.execute(sql.raw(holdingSql(t)));
    });
    const max = await maxFeedId(db);
    const oldThrough = max - 2;
    await db.execute(
      sql`update change_feed set created_at = now() - interval '30 hours' where id <= ${oldThrough}`,
    );
    const pruned = await pruneFeed(db, { maxAgeMs: 24 * 3_600_000 });
    expect(pruned).toEqual({ deleted: oldThrough, prunedThrough: oldThrough });
    expect(await prunedThrough(db)).toBe(oldThrough);
    const left = await readFeed(db, 0, 10);
    expect(left.map((e) => Number(e.id))).toEqual([max - 1, max]);
    // Nothing old left: nothing deleted, the watermark stays.
    expect(await pruneFeed(db, { maxAgeMs: 24 * 3_600_000 })).toEqual({
      deleted: 0,
      prunedThrough: oldThrough,
    });
    // A pruner with a wider window never moves the watermark back.
    await db
      .update(appConfig)
      .set({ value: String(max + 100) })
      .where(sql`${appConfig.name} = ${FEED_PRUNED_THROUGH}`);
    await pruneFeed(db, { maxAgeMs: 0, now: new Date(Date.now() + 1_000) });
    expect(await prunedThrough(db)).toBe(max + 100);
    expect(await readFeed(db, 0, 10)).toEqual([]);
  });
});

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no notification within ${ms} ms`)), ms),
    ),
  ]);
}
