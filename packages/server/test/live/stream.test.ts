import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_BUSY, LIVE_LIMITS, liveTopic } from '@aiamarket/shared';
import { buildApp } from '../../src/app.js';
import { changeFeed } from '../../src/db/schema-live.js';
import { appConfig } from '../../src/db/schema.js';
import { LISTEN_APPLICATION_NAME } from '../../src/db/notifications.js';
import { FEED_PRUNED_THROUGH, readFeed } from '../../src/live/feed.js';
import { LiveStream } from '../../src/modules/live/stream.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { SseClient } from './sse-client.js';

/**
 * GET /v1/api/events on a real database (PGlite, or PostgreSQL with DATABASE_URL): feed rows are
 * written here as the feed's flush writes them (rows, then pg_notify with the highest id, in one
 * transaction), and real HTTP clients read the stream.
 */
let t: TestContext;
let app: FastifyInstance;
let base: string;
let nextId = 0;

const HERO = '0x' + 'a1'.repeat(20);
const OTHER = '0x' + 'b2'.repeat(20);
const itemTopic = liveTopic.item(HERO, 7n);
const otherItem = liveTopic.item(OTHER, 1n);

beforeAll(async () => {
  t = await createTestContext();
  t.ctx.live = { heartbeatMs: 150 };
  app = await buildApp(t.ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}/v1/api/events`;
  const rows = await t.ctx.database.db.execute(
    sql`select coalesce(max(id), 0) as max from change_feed`,
  );
  nextId = Number((rows as unknown as { rows: { max: string }[] }).rows[0]!.max);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

/** Writes feed rows in one transaction and notifies, like the feed's commit-time flush. */
async function emit(...topicLists: string[][]): Promise<number[]> {
  const ids: number[] = [];
  await t.ctx.database.db.transaction(async (tx) => {
    for (const topics of topicLists) {
      nextId += 1;
      ids.push(nextId);
      await tx.insert(changeFeed).values({
        id: nextId,
        chainId: t.ctx.config.chainId,
        kind: 'order',
        op: 'insert',
        topics,
        data: { n: nextId, price: '1000000000000000000' },
        blockNumber: 100 + nextId,
      });
    }
    await tx.execute(sql`select pg_notify('change_feed', ${String(nextId)})`);
  });
  return ids;
}

const url = (query: string) => `${base}?${query}`;
const ids = (c: SseClient) => c.changes.map((e) => Number(e.id));

describe('GET /events: input', () => {
  it('is in the OpenAPI document with its refusals', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<
        string,
        {
          get: {
            responses: Record<
              string,
              {
                content: Record<
                  string,
                  { schema: { properties: { code: { enum?: number[]; const?: number } } } }
                >;
              }
            >;
          };
        }
      >;
    };
    const op = doc.paths['/v1/api/events']!.get;
    const codes = (status: string) => {
      const code = op.responses[status]!.content['application/json']!.schema.properties.code;
      return code.enum ?? [code.const];
    };
    expect(codes('400')).toEqual(expect.arrayContaining([10001, 10046]));
    expect(codes('429')).toEqual([10047]);
  });

  it.each([
    ['no topics', ''],
    ['an empty list', 'topics=,,'],
    ['an unknown topic', 'topics=market,nft:1'],
    ['a short address', 'topics=collection:0x1234'],
    [
      'too many topics',
      `topics=${Array.from({ length: LIVE_LIMITS.maxTopics + 1 }, (_, i) => liveTopic.launchpad(i)).join(',')}`,
    ],
  ])('refuses %s with 10046', async (_name, query) => {
    const res = await fetch(url(query));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; message: string; data: unknown };
    expect(body.code).toBe(10046);
    expect(body.message).toContain(String(LIVE_LIMITS.maxTopics));
  });

  it('refuses a Last-Event-ID that is not an id with 10001, and NUL with 10001', async () => {
    const bad = await fetch(url('topics=market'), { headers: { 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: number }).code).toBe(10001);
    const nul = await fetch(url('topics=market%00'));
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { code: number }).code).toBe(10001);
  });
});

describe('LiveStream: the seam between replay and live rows', () => {
  it('sends a row that came both from the replay and from the hub once, and the later live rows after', async () => {
    const topic = liveTopic.launchpad(45);
    const before = nextId;
    const written = await emit([topic], [topic], [topic]);
    const rows = await readFeed(t.ctx.database.db, before, 10);
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const stream = new LiveStream(new Set([topic]), out, () => undefined);
    // The hub delivers the second and third rows while the replay (which reads all three) runs.
    stream.deliver(rows[1]!);
    stream.deliver(rows[2]!);
    await stream.replay(t.ctx.database.db, before, 2);
    const [later] = await emit([topic]);
    stream.deliver((await readFeed(t.ctx.database.db, later! - 1, 1))[0]!);
    stream.goLive();
    stream.close();
    const sent = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(sent).toEqual([...written, later]);
  });
});

describe('GET /events: the stream', () => {
  it('opens with retry and its position, is neither compressed nor buffered, keeps the security headers', async () => {
    const c = await SseClient.open(url(`topics=${itemTopic}`), { 'accept-encoding': 'gzip, br' });
    try {
      expect(c.status).toBe(200);
      expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(c.headers['content-encoding']).toBeUndefined();
      expect(c.headers['cache-control']).toBe('no-cache, no-transform');
      expect(c.headers['x-content-type-options']).toBe('nosniff');
      expect(c.headers['x-frame-options']).toBe('DENY');
      await c.waitFor('the opening blocks', (x) => x.blocks.length >= 2);
      expect(c.blocks[0]).toEqual({ retry: 1000 });
      expect(c.blocks[1]).toEqual({
        id: String(nextId),
        event: 'ready',
        data: JSON.stringify({ id: String(nextId) }),
      });
      // Heartbeats (150 ms in this test) on a stream with nothing to say.
      await c.waitFor('two pings', (x) => x.blocks.filter((b) => b.comment === 'ping').length >= 2);
    } finally {
      c.close();
    }
  });

  it('delivers only the subscribed topics, each event once, with its shape', async () => {
    const c = await SseClient.open(
      url(
        `topics=${itemTopic},${liveTopic.collection(HERO).toUpperCase().replace('COLLECTION', 'collection')}`,
      ),
    );
    try {
      await c.waitFor('position', (x) => x.lastEventId !== undefined);
      const [a] = await emit([itemTopic, liveTopic.collection(HERO), 'market']);
      await emit([otherItem, 'market']);
      const [b] = await emit([liveTopic.collection(HERO)]);
      await c.waitFor('two events', (x) => x.changes.length >= 2);
      const [c1] = await emit([itemTopic]);
      await c.waitFor('three events', (x) => x.changes.length >= 3);
      expect(ids(c)).toEqual([a, b, c1]);
      const first = c.changes[0]!.data;
      expect(first).toMatchObject({
        id: String(a),
        kind: 'order',
        op: 'insert',
        topics: [itemTopic, liveTopic.collection(HERO), 'market'],
        data: { n: a, price: '1000000000000000000' },
        blockNumber: 100 + a!,
      });
      expect(new Date(first.at as string).toISOString()).toBe(first.at);
    } finally {
      c.close();
    }
  });

  it('delivers exactly once across a forced disconnect and a resume with Last-Event-ID, rows arriving meanwhile', async () => {
    const topic = liveTopic.account(OTHER);
    const expected: number[] = [];
    const first = await SseClient.open(url(`topics=${topic}`));
    await first.waitFor('position', (x) => x.lastEventId !== undefined);
    for (let i = 0; i < 5; i++) {
      const [mine] = await emit([topic], ['market']);
      expected.push(mine!);
    }
    await first.waitFor('five events', (x) => x.changes.length >= 5);
    first.close();
    // Missed while away, more than one replay batch would need in a small test: 12 rows.
    for (let i = 0; i < 12; i++) expected.push(...(await emit([topic])));
    // Rows keep committing while the second connection replays: the seam.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 30 && writing; i++)
        expected.push(...(await emit([topic], [otherItem])).slice(0, 1));
    })();
    const second = await SseClient.open(url(`topics=${topic}`), {
      'last-event-id': first.lastEventId!,
    });
    await writer;
    writing = false;
    try {
      await second.waitFor('every event', (x) => (ids(x).at(-1) ?? 0) >= expected.at(-1)!, 15_000);
      const all = [...ids(first), ...ids(second)];
      expect(all).toEqual(expected);
      expect(new Set(all).size).toBe(all.length);
    } finally {
      second.close();
    }
  });

  it('resumes from the lastEventId parameter (a client switching replica); the header wins', async () => {
    const topic = liveTopic.launchpad(42);
    const [x, y] = await emit([topic], [topic]);
    const byQuery = await SseClient.open(url(`topics=${topic}&lastEventId=${x! - 1}`));
    const both = await SseClient.open(url(`topics=${topic}&lastEventId=${x! - 1}`), {
      'last-event-id': String(x),
    });
    try {
      await byQuery.waitFor('two replayed', (c) => c.changes.length >= 2);
      await both.waitFor('one replayed', (c) => c.changes.length >= 1);
      expect(ids(byQuery)).toEqual([x, y]);
      expect(ids(both)).toEqual([y]);
    } finally {
      byQuery.close();
      both.close();
    }
  });

  it('sends reset when the resume point was pruned or is not of this feed, then goes on live', async () => {
    const topic = liveTopic.launchpad(43);
    // A stream's position (the reset's id) is the hub's cursor, and the hub reads a row when its
    // NOTIFY arrives on its own connection: on PostgreSQL that can be after a request sent right
    // after the commit. A live client receiving `old` shows the hub has read it.
    const watcher = await SseClient.open(url(`topics=${topic}`));
    await watcher.waitFor('position', (x) => x.lastEventId !== undefined);
    const [old] = await emit([topic]);
    await watcher.waitFor('old, live', (x) => x.changes.length >= 1);
    watcher.close();
    await t.ctx.database.db
      .insert(appConfig)
      .values({ name: FEED_PRUNED_THROUGH, value: String(old) })
      .onConflictDoUpdate({ target: appConfig.name, set: { value: String(old) } });
    try {
      for (const from of [old! - 1, nextId + 1000]) {
        const c = await SseClient.open(url(`topics=${topic}`), { 'last-event-id': String(from) });
        try {
          await c.waitFor('reset', (x) => x.blocks.some((b) => b.event === 'reset'));
          const reset = c.blocks.find((b) => b.event === 'reset')!;
          expect(JSON.parse(reset.data!)).toEqual({ id: reset.id });
          expect(Number(reset.id)).toBeGreaterThanOrEqual(old!);
          expect(c.changes).toEqual([]);
          const [next] = await emit([topic]);
          await c.waitFor('the next event', (x) => x.changes.length >= 1);
          expect(ids(c)).toEqual([next]);
        } finally {
          c.close();
        }
      }
      // At the watermark itself, everything after it is still kept: a replay, no reset.
      const at = await SseClient.open(url(`topics=${topic}`), { 'last-event-id': String(old) });
      try {
        await at.waitFor('replay', (x) => x.changes.length >= 2);
        expect(at.blocks.some((b) => b.event === 'reset')).toBe(false);
      } finally {
        at.close();
      }
    } finally {
      await t.ctx.database.db
        .delete(appConfig)
        .where(sql`${appConfig.name} = ${FEED_PRUNED_THROUGH}`);
    }
  });

  it('bounds the open streams per client (429, 10047) and frees a slot when a client disconnects', async () => {
    const open: SseClient[] = [];
    try {
      for (let i = 0; i < LIVE_LIMITS.maxStreamsPerClient; i++) {
        const c = await SseClient.open(url('topics=market'));
        expect(c.status).toBe(200);
        open.push(c);
      }
      const refused = await fetch(url('topics=market'));
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { code: number; message: string };
      expect(body.code).toBe(10047);
      open.pop()!.close();
      // The slot comes back once the server has seen the disconnect.
      const deadline = Date.now() + 5_000;
      let again: SseClient | undefined;
      while (!again || again.status !== 200) {
        again?.close();
        if (Date.now() > deadline) throw new Error('the slot never came back');
        again = await SseClient.open(url('topics=market'));
        if (again.status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      open.push(again);
    } finally {
      for (const c of open) c.close();
    }
  });

  it('over the cap, a client asking for busy gets a 200 stream with one busy event and its retry, then the end', async () => {
    const open: SseClient[] = [];
    try {
      for (let i = 0; i < LIVE_LIMITS.maxStreamsPerClient; i++) {
        const c = await SseClient.open(url('topics=market'));
        expect(c.status).toBe(200);
        open.push(c);
      }
      const busy = await SseClient.open(url(`topics=market&${LIVE_BUSY.param}=${LIVE_BUSY.value}`));
      expect(busy.status).toBe(200);
      expect(String(busy.headers['content-type'])).toMatch(/^text\/event-stream/);
      await busy.waitFor('the end of the busy answer', (c) => c.ended);
      expect(busy.blocks).toEqual([
        { retry: LIVE_BUSY.retryMs },
        { event: LIVE_BUSY.event, data: JSON.stringify({ retryMs: LIVE_BUSY.retryMs }) },
      ]);
      // The refusal took no slot: the plain answer is still 429.
      const refused = await fetch(url('topics=market'));
      expect(refused.status).toBe(429);
      // Under the cap the parameter changes nothing.
      open.pop()!.close();
      const deadline = Date.now() + 5_000;
      let again: SseClient | undefined;
      while (!again || again.status !== 200 || again.blocks.some((b) => b.event === 'busy')) {
        again?.close();
        if (Date.now() > deadline) throw new Error('the slot never came back');
        again = await SseClient.open(url(`topics=market&${LIVE_BUSY.param}=${LIVE_BUSY.value}`));
        await again.waitFor('ready or busy', (c) =>
          c.blocks.some((b) => b.event === 'ready' || b.event === 'busy'),
        );
        if (again.blocks.some((b) => b.event === 'busy'))
          await new Promise((r) => setTimeout(r, 50));
      }
      expect(again.ended).toBe(false);
      open.push(again);
    } finally {
      for (const c of open) c.close();
    }
  });

  it('holds at most the cap when one client opens many streams at once', async () => {
    const opened = await Promise.all(
      Array.from({ length: LIVE_LIMITS.maxStreamsPerClient + 4 }, () =>
        SseClient.open(url('topics=market')),
      ),
    );
    try {
      const statuses = opened.map((c) => c.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIVE_LIMITS.maxStreamsPerClient);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    } finally {
      for (const c of opened) c.close();
    }
    // Every slot comes back once the server has seen the disconnects.
    const deadline = Date.now() + 5_000;
    for (;;) {
      const again = await SseClient.open(url('topics=market'));
      again.close();
      if (again.status === 200) break;
      if (Date.now() > deadline) throw new Error('the slots never came back');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('closing the server ends its open streams instead of waiting for them', async () => {
    const other = await buildApp(t.ctx);
    await other.listen({ host: '127.0.0.1', port: 0 });
    const { port } = other.server.address() as { port: number };
    const c = await SseClient.open(`http://127.0.0.1:${port}/v1/api/events?topics=market`);
    await c.waitFor('position', (x) => x.lastEventId !== undefined);
    const started = Date.now();
    await other.close();
    await c.waitFor('the end of the stream', (x) => x.ended, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.runIf(process.env.DATABASE_URL)(
    'keeps streaming when the hub loses its PostgreSQL connection, with nothing missed',
    async () => {
      const topic = liveTopic.launchpad(44);
      const c = await SseClient.open(url(`topics=${topic}`));
      try {
        await c.waitFor('position', (x) => x.lastEventId !== undefined);
        const [before] = await emit([topic]);
        await c.waitFor('first', (x) => x.changes.length >= 1);
        const current = await t.ctx.database.db.execute(sql`select current_database() as name`);
        const dbName = (current as unknown as { rows: { name: string }[] }).rows[0]!.name;
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        const killed = await admin.query<{ pg_terminate_backend: boolean }>(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = $1 and datname = $2`,
          [LISTEN_APPLICATION_NAME, dbName],
        );
        await admin.end();
        expect(killed.rows.map((r) => r.pg_terminate_backend)).toEqual([true]);
        // Written while the hub has no connection: its notification goes nowhere.
        const [during] = await emit([topic]);
        const [after] = await emit([topic]);
        await c.waitFor('the rows after the drop', (x) => x.changes.length >= 3, 15_000);
        expect(ids(c)).toEqual([before, during, after]);
        expect(c.ended).toBe(false);
      } finally {
        c.close();
      }
    },
  );
});
