// GET /health while many streams replay the whole retained feed: fills the feed with
// BENCH_EVENTS events (all on the market topic), opens BENCH_STREAMS streams resuming after id 1
// and times /health, one request after another, until every stream has caught up (or was told to
// reset). Prints the p50/p99/max of /health, how long the replays took and the server's CPU time
// per 1,000 events sent. The clients run in a
// child process: their parsing must not load the server's event loop that /health is timed on.
//   npx tsx test/live/replay-health.bench.ts            (PGlite; DATABASE_URL for PostgreSQL)
//   BENCH_EVENTS=50000 BENCH_STREAMS=32 LIVE_REPLAY_MAX_EVENTS=... npx tsx test/live/replay-health.bench.ts
import http from 'node:http';
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestContext } from '../support/context.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 32);

interface ClientResult {
  times: number[];
  resets: number;
  dropped: number;
  caughtUp: number;
  replayMs: number;
}

/** The clients (a child process): STREAMS streams resuming after id 1, /health timed meanwhile. */
async function clients(port: number): Promise<ClientResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 4 });
  const last = `id: ${EVENTS}\n`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path, headers, agent }, resolve).on('error', reject);
    });

  const timeHealth = async () => {
    const start = performance.now();
    const res = await get('/health');
    res.resume();
    await new Promise((r) => res.once('end', r));
    return performance.now() - start;
  };

  // Warm-up: the first /health connects to the chain and the database.
  for (let i = 0; i < 5; i++) await timeHealth();

  console.error('warm');
  let caughtUp = 0;
  let resets = 0;
  let dropped = 0;
  const started = performance.now();
  const streams = await Promise.all(
    Array.from({ length: STREAMS }, async (_, i) => {
      const res = await get('/v1/api/events?topics=market', {
        'last-event-id': '1',
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      let tail = '';
      let done = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (done) return;
        const text = tail + chunk;
        if (text.includes(last) || text.includes('event: reset')) {
          done = true;
          caughtUp += 1;
          if (text.includes('event: reset')) resets += 1;
        }
        tail = text.slice(-64);
      });
      // A stream the server drops (a client too slow for it) ends its replay too.
      res.once('close', () => {
        if (done) return;
        done = true;
        caughtUp += 1;
        dropped += 1;
      });
      return res;
    }),
  );

  const times: number[] = [];
  const cap = started + Number(process.env.BENCH_MAX_SECONDS ?? 180) * 1000;
  while (caughtUp < STREAMS && performance.now() < cap) {
    times.push(await timeHealth());
    if (times.length % 20 === 0) console.error(`${times.length} /health, ${caughtUp} done`);
  }
  const replayMs = performance.now() - started;
  for (const res of streams) res.destroy();
  agent.destroy();
  return { times, resets, dropped, caughtUp, replayMs };
}

const clientOf = process.env.BENCH_CLIENT_PORT;
if (clientOf) {
  process.send!(await clients(Number(clientOf)), () => process.exit(0));
} else {
  const t = await createTestContext({
    liveReplayMaxEvents: loadConfig(process.env).liveReplayMaxEvents,
    // Each stream from its own client address (X-Forwarded-For), past the per-address cap.
    trustProxy: ['loopback'],
  });
  console.error('context ready');
  const db = t.ctx.database.db;
  await db.execute(sql`
    insert into change_feed (id, chain_id, kind, op, topics, data, block_number)
    select g, ${t.ctx.config.chainId}, 'order', 'update', array['market'],
      json_build_object('orderId', g::text, 'price', '1000000000000000000', 'status', 0,
        'contractAddr', '0x' || repeat('a1', 20), 'tokenId', (g % 1000)::text), 100 + g
    from generate_series(1, ${EVENTS}) g`);

  console.error('feed filled');
  const app = await buildApp(t.ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };

  // The server's event loop while the clients run: what /health waits behind.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // The server's own CPU time: unlike the latencies, it does not depend on what else the
  // machine runs, so it compares two builds on a busy machine.
  const cpuBefore = process.cpuUsage();
  const child = fork(fileURLToPath(import.meta.url), {
    env: { ...process.env, BENCH_CLIENT_PORT: String(port) },
  });
  const { times, resets, dropped, caughtUp, replayMs } = await new Promise<ClientResult>(
    (resolve, reject) => {
      child.once('message', (m) => resolve(m as ClientResult));
      child.once('error', reject);
    },
  );
  const cpu = process.cpuUsage(cpuBefore);
  await app.close();
  await t.cleanup();

  if (process.env.BENCH_TRACE) console.error(times.map(Math.round).join(' '));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  console.log(
    JSON.stringify({
      database: t.ctx.database.kind,
      replayMaxEvents: t.ctx.config.liveReplayMaxEvents,
      events: EVENTS,
      streams: STREAMS,
      resets,
      dropped,
      unfinished: STREAMS - caughtUp,
      healthRequests: times.length,
      healthP50Ms: Math.round(at(0.5)),
      healthP99Ms: Math.round(at(0.99)),
      healthMaxMs: Math.round(times.at(-1)!),
      loopDelayP99Ms: Math.round(loop.percentile(99) / 1e6),
      loopDelayMaxMs: Math.round(loop.max / 1e6),
      replaysMs: Math.round(replayMs),
      serverCpuMsPer1000Events: +(
        (cpu.user + cpu.system) /
        1000 /
        ((EVENTS * (STREAMS - resets)) / 1000)
      ).toFixed(2),
    }),
  );
  process.exit(0);
}
