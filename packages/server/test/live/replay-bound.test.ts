// A resume's replay is bounded: beyond LIVE_REPLAY_MAX_EVENTS behind the head the stream answers
// reset; within it the rows are read in batches through the replica's few replay slots, each
// after the client took the last one. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { maxFeedId, readFeed } from '../../src/live/feed.js';
import { replayBatch } from '../../src/modules/live/feed-reads.js';
import { slots } from '../../src/modules/live/slots.js';
import { LiveStream } from '../../src/modules/live/stream.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { SseClient } from './sse-client.js';

const DEPTH = 50;
const TOPIC = 'launchpad:77';
let t: TestContext;
let app: FastifyInstance;
let base: string;
let head = 0;

beforeAll(async () => {
  t = await createTestContext({ liveReplayMaxEvents: DEPTH });
  app = await buildApp(t.ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/v1/api/events`;
  const from = await maxFeedId(t.ctx.database.db);
  await t.ctx.database.db.execute(sql`
    insert into change_feed (id, chain_id, kind, op, topics, data, block_number)
    select g, ${t.ctx.config.chainId}, 'launchpad', 'update', array[${TOPIC}::text], json_build_object('n', g), g
    from generate_series(${from + 1}::bigint, ${from + 200}::bigint) g`);
  head = from + 200;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

describe('LIVE_REPLAY_MAX_EVENTS', () => {
  it('is read from the environment, 10000 by default', () => {
    expect(loadConfig({}).liveReplayMaxEvents).toBe(10_000);
    expect(loadConfig({ LIVE_REPLAY_MAX_EVENTS: '500' }).liveReplayMaxEvents).toBe(500);
    expect(() => loadConfig({ LIVE_REPLAY_MAX_EVENTS: '-1' })).toThrow(/LIVE_REPLAY_MAX_EVENTS/);
  });

  it('answers reset to a resume further behind than the setting, then goes on live', async () => {
    const c = await SseClient.open(`${base}?topics=${TOPIC}`, {
      'last-event-id': String(head - DEPTH - 1),
    });
    try {
      await c.waitFor('the reset', (x) => x.blocks.some((b) => b.event === 'reset'));
      expect(c.blocks.find((b) => b.event === 'reset')).toEqual({
        id: String(head),
        event: 'reset',
        data: JSON.stringify({ id: String(head) }),
      });
      expect(c.changes).toEqual([]);
    } finally {
      c.close();
    }
  });

  it('replays a resume at the depth, every event once and in order', async () => {
    const c = await SseClient.open(`${base}?topics=${TOPIC}`, {
      'last-event-id': String(head - DEPTH),
    });
    try {
      await c.waitFor('the replay', (x) => x.changes.length >= DEPTH);
      expect(c.changes.map((e) => Number(e.id))).toEqual(
        Array.from({ length: DEPTH }, (_, i) => head - DEPTH + 1 + i),
      );
      expect(c.blocks.some((b) => b.event === 'reset')).toBe(false);
    } finally {
      c.close();
    }
  });
});

describe('a replay in batches', () => {
  it('reads through the gate, one batch after the client took the last one', async () => {
    // A client that takes nothing until told to: the replay must wait for it.
    const held: (() => void)[] = [];
    const out = new Writable({
      highWaterMark: 64,
      write(_chunk: Buffer, _enc, callback) {
        held.push(callback);
      },
    });
    // What the stream wrote, taken by the client or still waiting in its buffer.
    let written = '';
    const write = out.write.bind(out) as (chunk: string) => boolean;
    out.write = ((chunk: string) => {
      written += chunk;
      return write(chunk);
    }) as typeof out.write;
    const release = () => {
      for (const callback of held.splice(0)) callback();
    };
    const stream = new LiveStream(new Set([TOPIC]), out, () => undefined);
    let reads = 0;
    const gate = <T>(read: () => Promise<T>) => {
      reads += 1;
      return read();
    };
    const done = stream.replay(t.ctx.database.db, head - 25, 10, gate);
    const sent = () => [...written.matchAll(/^id: (\d+)$/gm)].length;
    // Waits until the replay has sent its first batch and stalls on the unread client.
    for (let i = 0; i < 200 && sent() < 10; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(1);
    expect(sent()).toBe(10);
    // The client reads: the next batches follow, each through the gate.
    const reader = setInterval(release, 5);
    await done;
    clearInterval(reader);
    release();
    expect(reads).toBe(3);
    expect(sent()).toBe(25);
    stream.close();
  });

  it('a batch built by the database holds the same events the hub sends, one frame each', async () => {
    const topic = 'item:replay-frames';
    const from = await maxFeedId(t.ctx.database.db);
    // Awkward rows: a pretty-printed JSON text with CR/LF between tokens and escaped ones inside
    // strings, quotes and non-ASCII in topics, no block number, microseconds in the time.
    await t.ctx.database.db.execute(sql`
      insert into change_feed (id, chain_id, kind, op, topics, data, block_number, created_at) values
      (${from + 1}, ${t.ctx.config.chainId}, 'order', 'insert', array[${topic}, 'a"b\\c', '市場'],
        ${'{\r\n  "name": "line\\none\\r\\n",\n  "price": "1000000000000000000001", "n": [1, null]\n}'}::json,
        null, '2026-11-28T10:00:00.123987Z'),
      (${from + 2}, ${t.ctx.config.chainId}, 'holding', 'delete', array[${topic}], '{}'::json,
        9007199254740993, '1999-01-02T03:04:05.000001Z')`);
    const batch = await replayBatch(t.ctx.database.db, from, 10, [topic]);
    const expected = await readFeed(t.ctx.database.db, from, 10);
    expect(batch.count).toBe(2);
    expect(batch.lastId).toBe(from + 2);
    const frames = batch.text.split('\n\n').filter(Boolean);
    expect(frames).toHaveLength(2);
    frames.forEach((frame, i) => {
      const lines = frame.split('\n');
      expect(lines.slice(0, 2)).toEqual([`id: ${from + 1 + i}`, 'event: change']);
      expect(lines).toHaveLength(3);
      expect(lines[2]!.startsWith('data: ')).toBe(true);
      expect(JSON.parse(lines[2]!.slice('data: '.length))).toEqual(expected[i]);
    });
    expect(batch.text).not.toMatch(/\r/);
    // Nothing after the last one: an empty batch.
    expect(await replayBatch(t.ctx.database.db, from + 2, 10, [topic])).toEqual({
      count: 0,
      lastId: 0,
      text: '',
    });
  });

  it('slots: at most `size` tasks at once, the others in order', async () => {
    const gate = slots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const finishers: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      gate(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((resolve) => finishers.push(resolve));
        running -= 1;
        return i;
      }),
    );
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setImmediate(r));
      finishers.shift()?.();
    }
    // Let the last ones run to the end.
    for (let i = 0; i < 5 && finishers.length + running > 0; i++) {
      await new Promise((r) => setImmediate(r));
      for (const f of finishers.splice(0)) f();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});
