// Scale-out on PostgreSQL: one indexer process and two API replicas (A, B) sharing
// Redis rate limits, behind a small TCP load balancer that sends each connection to A while A
// answers and to B otherwise. A browser (Chromium's own EventSource, on the app's page) subscribed
// through it on A sees a trade another wallet sends on anvil; A is killed (SIGKILL) mid-stream;
// the browser reconnects through the balancer to B with its Last-Event-ID and receives exactly the
// events it missed: none lost, none twice.
import net from 'node:net';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTopic } from '@aiamarket/shared';
import { buildServerBundle, startCluster, type Cluster } from './cluster.js';
import { launchChromium } from './chromium.js';
import { marketTrades } from './trades.js';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port) }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(1_000, () => {
      s.destroy();
      resolve(false);
    });
  });
}
// A machine without a PostgreSQL server cannot run several replicas (PGlite is one process).
const postgresUp = await reachable(ADMIN_URL);
const redisUp = await reachable(REDIS_URL);

/** The load balancer: each connection goes to the first backend that accepts it. */
function startBalancer(ports: number[]) {
  const served: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const attempt = (i: number) => {
      if (i >= ports.length) return client.destroy();
      const upstream = net.connect({ host: '127.0.0.1', port: ports[i]! });
      let connected = false;
      upstream.once('error', () => {
        if (!connected) attempt(i + 1);
      });
      upstream.once('connect', () => {
        connected = true;
        served.push(ports[i]!);
        sockets.add(upstream);
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.pipe(client);
        client.pipe(upstream);
      });
    };
    attempt(0);
  });
  return new Promise<{ port: number; served: number[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        served,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** What the page's EventSource received: change events, its last event id, its (re)openings. */
interface PageStream {
  changes: { id: string; kind: string; op: string; data: { tokenId?: string; status?: number } }[];
  lastEventId: string | null;
  opens: number;
}

/** Opens an EventSource in the page (the browser reconnects by itself, with Last-Event-ID). */
async function subscribeInPage(page: Page, topics: string[]): Promise<() => Promise<PageStream>> {
  await page.evaluate((query) => {
    const state = { changes: [] as unknown[], lastEventId: null as string | null, opens: 0 };
    (window as unknown as { __stream: typeof state }).__stream = state;
    const source = new EventSource(`/v1/api/events?topics=${query}`);
    source.onopen = () => void state.opens++;
    const keep = (e: MessageEvent<string>) => void (state.lastEventId = e.lastEventId);
    source.addEventListener('ready', keep);
    source.addEventListener('change', (e) => {
      keep(e);
      state.changes.push(JSON.parse(e.data));
    });
  }, topics.join(','));
  return () => page.evaluate(() => (window as unknown as { __stream: PageStream }).__stream);
}

async function until(what: string, test: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(postgresUp)('two API replicas behind a balancer, one indexer', () => {
  let cluster: Cluster;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  let browser: Browser;

  beforeAll(async () => {
    await buildServerBundle();
    cluster = await startCluster({
      replicas: 2,
      adminDatabaseUrl: ADMIN_URL,
      redisUrl: redisUp ? REDIS_URL : undefined,
      indexerPollMs: 100,
    });
    balancer = await startBalancer(cluster.replicas.map((r) => r.port));
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await balancer?.close();
    await cluster?.stop();
  }, 60_000);

  it('a browser on A sees another wallet trade, survives A being killed, resumes on B missing nothing', async () => {
    const [a, b] = cluster.replicas as [Cluster['replicas'][0], Cluster['replicas'][0]];
    const trades = marketTrades(cluster.rpcUrl, cluster.chainId, cluster.deployment);
    await trades.prepare(2);
    const topics = [liveTopic.collection(trades.heroes), liveTopic.account(trades.buyer)];
    const page = await browser.newPage();
    try {
      // The app's page, served through the balancer by A: the stream is same-origin, as in use.
      const res = await page.goto(`http://127.0.0.1:${balancer.port}/`);
      expect(res?.status()).toBe(200);
      const stream = await subscribeInPage(page, topics);
      await until('its position', async () => (await stream()).lastEventId !== null);
      expect(new Set(balancer.served)).toEqual(new Set([a.port]));
      const start = Number((await stream()).lastEventId);

      const sold = (tokenId: string) => async () =>
        (await stream()).changes.some(
          (e) => e.kind === 'order' && e.data.tokenId === tokenId && e.data.status === 1,
        );

      // A trade by other wallets (seller lists, buyer buys), seen live on A.
      const first = await trades.list(1n);
      await trades.buy(first.itemId, 1n);
      await until('hero 1 sold, on A', sold('1'));
      expect((await stream()).opens).toBe(1);

      // A dies with the stream open; the next trade happens while the browser is away.
      await a.kill('SIGKILL');
      const second = await trades.list(2n);
      await trades.buy(second.itemId, 2n);
      await until('hero 2 sold, on B', sold('2'), 20_000);
      expect((await stream()).opens).toBeGreaterThanOrEqual(2);
      expect(balancer.served.at(-1)).toBe(b.port);

      // Exactly the feed's events of these topics since the client's first position, once each.
      const db = new pg.Client({ connectionString: cluster.databaseUrl });
      await db.connect();
      try {
        const expected = async () =>
          (
            await db.query<{ id: string }>(
              'select id from change_feed where id > $1 and topics && $2::text[] order by id',
              [start, topics],
            )
          ).rows.map((r) => Number(r.id));
        // The indexer may still commit a stats row of the last block: wait for the stream to match.
        let want = await expected();
        const got = async () => (await stream()).changes.map((e) => Number(e.id));
        await until(
          'every feed event',
          async () => ((await got()).at(-1) ?? 0) >= want.at(-1)!,
          10_000,
        );
        want = await expected();
        expect(await got()).toEqual(want);
        expect(new Set(await got()).size).toBe((await got()).length);
        expect(want.length).toBeGreaterThan(4);
      } finally {
        await db.end();
      }
    } finally {
      await page.close();
    }
  }, 120_000);
});
