// Signed webhooks: a real local receiver, real signatures, PGlite or PostgreSQL
// (DATABASE_URL). Events are written to change_feed directly, as the triggers would.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_STATUS, type LiveEventVO } from '@aiamarket/shared';
import { AdminError, runAdminCommand } from '../src/admin/commands.js';
import type { AppDb } from '../src/db/database.js';
import { webhookDeliveries, webhookSubscriptions } from '../src/db/schema-live.js';
import {
  verifySignature,
  WebhookWorker,
  type WebhookSubscription,
} from '../src/modules/webhook/index.js';
import type { WebhookWorkerOptions } from '../src/modules/webhook/worker.js';
import { freshDatabase } from './support/database.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** What the receiver answers on a path: a status, or 'hang' (never answers). */
type Behaviour = (n: number) => number | 'hang';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: AppDb;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
const behaviours = new Map<string, Behaviour>();
const hanging = new Set<http.ServerResponse>();
const workers: WebhookWorker[] = [];

/**
 * The workers' clock, on which the back-off is measured: the real one moved ahead by `offset` ms,
 * or a fixed instant (`frozenAt`) moved by `offset`, for a test that must not depend on how long
 * its steps take.
 */
let offset = 0;
let frozenAt: number | undefined;
const now = () => new Date((frozenAt ?? Date.now()) + offset);

const COLL_A = `collection:0x${'a'.repeat(40)}`;
const COLL_B = `collection:0x${'b'.repeat(40)}`;

beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.database.db;
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const n = received.filter((r) => r.path === path).length;
      const answer = (behaviours.get(path) ?? (() => 200))(n);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.statusCode = answer;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const res of hanging) res.destroy();
  hanging.clear();
  // Later tests' events must not go to earlier tests' subscriptions.
  await db.update(webhookSubscriptions).set({ status: WEBHOOK_STATUS.disabled });
  received.length = 0;
  behaviours.clear();
  offset = 0;
  frozenAt = undefined;
});

afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
  await fresh?.drop();
});

const admin = (argv: string[], allowPrivate = true) =>
  runAdminCommand({ db, dataDir: '/nonexistent', webhookAllowPrivateUrls: allowPrivate }, argv);

async function subscribe(path: string, topics: string[], secret = 'a-long-enough-secret-1') {
  const out = await admin([
    'webhook',
    'create',
    `${base}${path}`,
    '--topics',
    topics.join(','),
    '--secret',
    secret,
  ]);
  return JSON.parse(out) as WebhookSubscription;
}

/** One change_feed row, numbered from the feed's own sequence (as the triggers number theirs). */
async function feedEvent(topics: string[], data: Record<string, unknown> = {}): Promise<number> {
  const result = await db.execute(sql`
    insert into change_feed (id, chain_id, kind, op, topics, data, block_number)
    values (nextval('change_feed_id_seq'), 31337, 'order', 'insert',
      ${`{${topics.join(',')}}`}::text[], ${JSON.stringify(data)}::jsonb, 7)
    returning id`);
  return Number((result as unknown as { rows: { id: string | number }[] }).rows[0]!.id);
}

function worker(opts: Partial<WebhookWorkerOptions> = {}) {
  const w = new WebhookWorker(db, {
    allowPrivateUrls: true,
    timeoutMs: 5_000,
    maxFailures: 5,
    retryBaseMs: 1_000,
    retryMaxMs: 60_000,
    concurrency: 4,
    pollMs: 50,
    now,
    ...opts,
  });
  workers.push(w);
  return w;
}

async function subscription(id: number) {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row!;
}

const idsAt = (path: string) =>
  received.filter((r) => r.path === path).map((r) => Number(r.headers['x-aiamarket-event-id']));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The procedure of docs/webhooks.md, written out as a studio would. */
function studioVerifies(secret: string, header: string, rawBody: string, nowSec: number) {
  const fields = Object.fromEntries(
    header.split(',').map((kv) => kv.split('=') as [string, string]),
  );
  const t = Number(fields.t);
  if (!Number.isInteger(t) || Math.abs(nowSec - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${fields.t}.${rawBody}`).digest();
  const given = Buffer.from(fields.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhooks', () => {
  it('signs each POST so that the documented check verifies it, with the event as body', async () => {
    const secret = 'studio-secret-0123456789';
    const sub = await subscribe('/sig', ['market'], secret);
    const id = await feedEvent(['market', COLL_A], { price: '1000000000000000000' });
    expect(await worker().tick()).toBe(1);
    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    const header = String(headers['x-aiamarket-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(headers['x-aiamarket-event-id']).toBe(String(id));
    expect(headers['content-type']).toBe('application/json');
    const nowSec = Math.floor(Date.now() / 1000);
    expect(studioVerifies(secret, header, body, nowSec)).toBe(true);
    expect(verifySignature(secret, header, body)).toBe(true);
    // Another body, another secret or an old timestamp fails.
    expect(studioVerifies(secret, header, body.replace('1000', '9000'), nowSec)).toBe(false);
    expect(studioVerifies('another-secret-0123456', header, body, nowSec)).toBe(false);
    expect(verifySignature(secret, header, body, { nowSec: nowSec + 3_600 })).toBe(false);
    const event = JSON.parse(body) as LiveEventVO;
    expect(event).toMatchObject({
      id: String(id),
      kind: 'order',
      op: 'insert',
      topics: ['market', COLL_A],
      data: { price: '1000000000000000000' },
      blockNumber: 7,
    });
    expect(new Date(event.at).toISOString()).toBe(event.at);
    expect((await subscription(sub.id)).cursor).toBe(id);
  });

  it('starts after the newest event and sends only matching topics, in feed order', async () => {
    const before = await feedEvent([COLL_A]);
    const sub = await subscribe('/order', [COLL_A]);
    expect(sub.cursor).toBe(before);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await feedEvent([i % 2 ? COLL_B : COLL_A, 'market']));
    const last = await feedEvent([COLL_B]);
    await worker().tick();
    expect(idsAt('/order')).toEqual([ids[0], ids[2], ids[4]]);
    // Events of other topics move the cursor too.
    expect((await subscription(sub.id)).cursor).toBe(last);
  });

  it('retries a failed event with exponential back-off and moves the cursor only after a 2xx', async () => {
    behaviours.set('/flaky', (n) => (n <= 2 ? 500 : 204));
    const sub = await subscribe('/flaky', ['market']);
    const first = await feedEvent(['market']);
    const second = await feedEvent(['market']);
    // Frozen after the subscription became due (at the database's now()): only the offsets below
    // move the clock, so a slow step cannot bring a retry forward (with the real clock, 100 ms
    // between the first attempt and the next tick made the retry due early).
    frozenAt = Date.now() + 1;
    const w = worker({ retryBaseMs: 1_000 });

    await w.tick(); // attempt 1: 500
    let row = await subscription(sub.id);
    expect(row).toMatchObject({ cursor: sub.cursor, failures: 1, status: WEBHOOK_STATUS.active });
    expect(row.lastError).toContain('HTTP 500');
    expect(row.nextAttemptAt.getTime() - now().getTime()).toBeGreaterThan(900);

    offset += 900; // before the 1 s back-off: nothing is due
    expect(await w.tick()).toBe(0);
    offset += 150;
    await w.tick(); // attempt 2: 500, next in 2 s
    row = await subscription(sub.id);
    expect(row).toMatchObject({ cursor: sub.cursor, failures: 2 });

    offset += 1_500;
    expect(await w.tick()).toBe(0);
    offset += 600;
    await w.tick(); // attempt 3: 204, then the second event
    expect(idsAt('/flaky')).toEqual([first, first, first, second]);
    row = await subscription(sub.id);
    expect(row).toMatchObject({ cursor: second, failures: 0, lastError: null });
    const attempts = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, sub.id))
      .orderBy(webhookDeliveries.id);
    expect(attempts.map((a) => [a.eventId, a.attempt, a.status])).toEqual([
      [first, 1, 500],
      [first, 2, 500],
      [first, 3, 204],
      [second, 1, 204],
    ]);
  });

  it('parks after N consecutive failures; replay from an event id delivers again', async () => {
    let failing = true;
    behaviours.set('/park', () => (failing ? 503 : 200));
    const sub = await subscribe('/park', ['market']);
    const ids = [await feedEvent(['market']), await feedEvent(['market'])];
    const w = worker({ maxFailures: 3, retryBaseMs: 100 });
    for (let i = 0; i < 3; i++) {
      await w.tick();
      offset += 10_000;
    }
    let row = await subscription(sub.id);
    expect(row).toMatchObject({ status: WEBHOOK_STATUS.parked, failures: 3, cursor: sub.cursor });
    expect(row.lastError).toBe(`event ${ids[0]}: HTTP 503`);
    expect(await w.tick()).toBe(0); // parked: no more attempts
    expect(idsAt('/park')).toEqual([ids[0], ids[0], ids[0]]);

    failing = false;
    const out = await admin(['webhook', 'replay', String(sub.id), '--from', String(ids[0])]);
    expect(JSON.parse(out)).toMatchObject({ status: WEBHOOK_STATUS.active, failures: 0 });
    await w.tick();
    expect(idsAt('/park').slice(3)).toEqual(ids);
    // Replay of already delivered events (from the second one) sends them again, in order.
    const third = await feedEvent(['market']);
    await w.tick();
    await admin(['webhook', 'replay', String(sub.id), '--from', String(ids[1])]);
    await w.tick();
    expect(idsAt('/park').slice(5)).toEqual([third, ids[1], third]);
    row = await subscription(sub.id);
    expect(row).toMatchObject({ status: WEBHOOK_STATUS.active, cursor: third });
  });

  it('refuses a private or loopback URL unless the operator allows it', async () => {
    const count = async () => (await db.select().from(webhookSubscriptions)).length;
    const before = await count();
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost:9/x',
      'http://[::1]:9/',
      'http://10.1.2.3/',
      'http://[::ffff:7f00:1]:9/',
      'http://[0:0:0:0:0:ffff:7f00:1]:9/',
      'http://2130706433:9/',
    ]) {
      await expect(admin(['webhook', 'create', url, '--topics', 'market'], false)).rejects.toThrow(
        /refused: .* private or loopback address .*WEBHOOK_ALLOW_PRIVATE_URLS=1/,
      );
    }
    await expect(
      admin(['webhook', 'create', 'ftp://example.com/x', '--topics', 'market'], false),
    ).rejects.toThrow(AdminError);
    expect(await count()).toBe(before);

    // Allowed by the operator: created, and delivered.
    const sub = await subscribe('/private', ['market']);
    const id = await feedEvent(['market']);
    // A worker without the flag refuses at connect time (the DNS answer may change after creation).
    await worker({ allowPrivateUrls: false }).tick();
    expect(idsAt('/private')).toEqual([]);
    const row = await subscription(sub.id);
    expect(row.lastError).toBe(`event ${id}: refused private address 127.0.0.1`);
    expect(row.cursor).toBe(sub.cursor);
    offset += 10_000;
    await worker({ allowPrivateUrls: true }).tick();
    expect(idsAt('/private')).toEqual([id]);
  });

  it('a receiver that does not answer times out without holding up other subscriptions', async () => {
    behaviours.set('/slow', () => 'hang');
    const slow = await subscribe('/slow', ['market']);
    const fast = await subscribe('/fast', ['market']);
    const ids = [await feedEvent(['market']), await feedEvent(['market'])];
    const w = worker({ timeoutMs: 4_000 });
    const started = Date.now();
    w.start();
    await waitFor(
      'the fast subscription',
      async () => (await subscription(fast.id)).cursor === ids[1],
    );
    expect(idsAt('/fast')).toEqual(ids);
    // Both went out; the slow one is still unanswered and unrecorded.
    await waitFor('the slow request', () => hanging.size === 1);
    expect(idsAt('/slow')).toEqual([ids[0]]);
    expect(hanging.size).toBe(1);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await subscription(slow.id)).failures).toBe(0);
    await waitFor('the time-out', async () => (await subscription(slow.id)).failures === 1);
    const row = await subscription(slow.id);
    expect(row.lastError).toBe(`event ${ids[0]}: timed out after 4000 ms`);
    expect(row.cursor).toBe(slow.cursor);
  });

  it('two workers (two replicas) deliver each event once per subscription, in order', async () => {
    const subs = [
      await subscribe('/r1', ['market']),
      await subscribe('/r2', ['market']),
      await subscribe('/r3', ['market']),
    ];
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await feedEvent(['market']));
    const a = worker({ batch: 3, concurrency: 2 });
    const b = worker({ batch: 3, concurrency: 2 });
    a.start();
    b.start();
    await waitFor('every cursor at the last event', async () => {
      const rows = await Promise.all(subs.map((s) => subscription(s.id)));
      return rows.every((r) => r.cursor === ids[11]);
    });
    await Promise.all([a.stop(), b.stop()]);
    for (const p of ['/r1', '/r2', '/r3']) expect(idsAt(p)).toEqual(ids);
    for (const s of subs) expect((await subscription(s.id)).cursor).toBe(ids[11]);
  });

  it('delivers what the change-feed triggers record (token metadata stored)', async () => {
    const contract = '0x' + 'c'.repeat(40);
    const sub = await subscribe('/triggers', [`collection:${contract}`]);
    await db.execute(sql`
      insert into token_metadata (chain_id, contract_addr, token_id, name, status, fetched_at)
      values (31337, ${contract}, 42, 'Sword', 'ok', now())`);
    await worker().tick();
    const [got] = received.filter((r) => r.path === '/triggers');
    const event = JSON.parse(got!.body) as LiveEventVO;
    expect(event).toMatchObject({
      kind: 'metadata',
      op: 'insert',
      blockNumber: null,
      data: { contractAddr: contract, name: 'Sword' },
    });
    expect(event.topics).toContain(`item:${contract}:42`);
    expect((await subscription(sub.id)).cursor).toBe(Number(event.id));
  });

  it('admin: list hides the secret, disable stops, enable resumes, deliveries lists attempts', async () => {
    const sub = await subscribe('/cli', [COLL_A, 'market']);
    const listed = JSON.parse(await admin(['webhook', 'list'])) as Record<string, unknown>[];
    const mine = listed.find((s) => s.id === sub.id)!;
    expect(mine).toMatchObject({
      url: `${base}/cli`,
      topics: [COLL_A, 'market'],
      statusName: 'active',
    });
    expect(mine).not.toHaveProperty('secret');

    await admin(['webhook', 'disable', String(sub.id)]);
    const id = await feedEvent(['market']);
    const w = worker();
    expect(await w.tick()).toBe(0);
    await admin(['webhook', 'enable', String(sub.id)]);
    await w.tick();
    expect(idsAt('/cli')).toEqual([id]);
    const attempts = JSON.parse(await admin(['webhook', 'deliveries', String(sub.id)]));
    expect(attempts).toMatchObject([{ eventId: id, attempt: 1, status: 200, error: null }]);

    // A generated secret is printed once (64 hex characters).
    const generated = JSON.parse(
      await admin(['webhook', 'create', `${base}/gen`, '--topics', 'market']),
    ) as WebhookSubscription;
    expect(generated.secret).toMatch(/^[0-9a-f]{64}$/);

    for (const [argv, message] of [
      [['webhook', 'create', `${base}/x`, '--topics', 'collection:0xABC'], /invalid topic/],
      [['webhook', 'create', `${base}/x`], /missing topics/],
      [['webhook', 'create', `${base}/x`, '--topics', 'market', '--secret', 'short'], /16 to 200/],
      [['webhook', 'disable', '999999'], /no webhook subscription 999999/],
      [['webhook', 'replay', String(sub.id), '--from', '0'], /whole number from 1/],
      [['webhook', 'replay', String(sub.id)], /missing --from/],
      [['webhook', 'deliveries', 'abc'], /whole number/],
      [['webhook', 'list', '--limit', '3'], /unknown option --limit/],
    ] as const) {
      await expect(admin([...argv])).rejects.toThrow(message);
    }
  });
});
