// Live stream latency for `npm run bench`: 200 SSE streams on an API replica, the real
// indexer in its own process on PostgreSQL, market transactions on anvil one block at a time.
// Per block: from the block being indexed (the feed rows' time, taken by the flush at the indexer's
// commit, same machine clock) to each stream receiving the block's events, and to the LAST of the
// 200 receiving them; and from the transaction's inclusion (includes the indexer's poll interval).
//
// Alone, after `npm run build`:  npx tsx tools/bench/live.ts
// Settings: DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_LIVE_STREAMS (200), BENCH_LIVE_ROUNDS (10 rounds = 20 blocks), BENCH_LIVE_POLL_MS (250).
import os from 'node:os';
import { LIVE_LIMITS, liveTopic } from '@aiamarket/shared';
import { buildServerBundle, startCluster } from '../stack/cluster.js';
import { SseFollower } from '../stack/sse.js';
import { marketTrades } from '../stack/trades.js';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 200);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 10);
const POLL_MS = Number(process.env.BENCH_LIVE_POLL_MS ?? 250);

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 0.5), p95: pct(s, 0.95), max: s.at(-1) ?? NaN };
};
const ms = (v: number) => v.toFixed(1);

interface Received {
  block: number;
  /** Arrival and the feed row's commit-time stamp, both epoch milliseconds. */
  at: number;
  committed: number;
}

export async function runLiveBench(): Promise<void> {
  await buildServerBundle();
  const cluster = await startCluster({
    replicas: 1,
    adminDatabaseUrl: ADMIN_URL,
    indexerPollMs: POLL_MS,
  });
  const streams: SseFollower[] = [];
  try {
    const [replica] = cluster.replicas;
    const trades = marketTrades(cluster.rpcUrl, cluster.chainId, cluster.deployment);
    await trades.prepare(ROUNDS);
    // The feed names a range by its last block: let the set-up blocks be indexed first, so that
    // each measured transaction is a range of its own.
    const head = await trades.head();
    for (const deadline = Date.now() + 60_000; ;) {
      const health = (await (await fetch(`${replica!.url}/v1/api/health`)).json()) as {
        data: { indexer: { block: number | null } };
      };
      if ((health.data.indexer.block ?? 0) >= head) break;
      if (Date.now() > deadline) throw new Error('the indexer did not catch up');
      await new Promise((r) => setTimeout(r, 100));
    }

    // A replica allows LIVE_LIMITS.maxStreamsPerClient streams per address: spread the clients
    // over loopback addresses 127.0.1.x, as many browsers would come from many addresses.
    const firstBlock = new Map<SseFollower, Map<number, Received>>();
    for (let i = 0; i < STREAMS; i++) {
      const tokenId = BigInt((i % ROUNDS) + 1);
      const topics = [
        'market',
        liveTopic.collection(trades.heroes),
        liveTopic.item(trades.heroes, tokenId),
        liveTopic.account(i % 2 ? trades.seller : trades.buyer),
      ];
      const seen = new Map<number, Received>();
      const stream = await SseFollower.open(
        `${replica!.url}/v1/api/events?topics=${topics.join(',')}`,
        {
          localAddress: `127.0.1.${1 + Math.floor(i / LIVE_LIMITS.maxStreamsPerClient)}`,
          reconnect: false,
          onEvent: (e) => {
            if (e.event !== 'change') return;
            const event = JSON.parse(e.data) as { blockNumber: number | null; at: string };
            const block = event.blockNumber;
            if (block !== null && !seen.has(block))
              seen.set(block, {
                block,
                at: performance.timeOrigin + e.at,
                committed: Date.parse(event.at),
              });
          },
        },
      );
      if (stream.status !== 200) throw new Error(`stream ${i}: HTTP ${stream.status}`);
      streams.push(stream);
      firstBlock.set(stream, seen);
    }
    // Every stream has its position before the first block.
    for (const s of streams) await s.waitFor('position', () => s.lastEventId !== undefined);

    const fromIndexed: number[] = [];
    const fromIncluded: number[] = [];
    const lastStream: number[] = [];
    const lastStreamIncluded: number[] = [];
    const measureBlock = async (sent: { block: number; includedAt: number }) => {
      const got = (s: SseFollower) => firstBlock.get(s)!.has(sent.block);
      for (const s of streams) await s.waitFor(`block ${sent.block}`, () => got(s), 30_000);
      const arrivals = streams.map((s) => firstBlock.get(s)!.get(sent.block)!);
      const included = performance.timeOrigin + sent.includedAt;
      const indexed = Math.min(...arrivals.map((r) => r.committed));
      for (const r of arrivals) {
        fromIndexed.push(r.at - r.committed);
        fromIncluded.push(r.at - included);
      }
      const last = Math.max(...arrivals.map((r) => r.at));
      lastStream.push(last - indexed);
      lastStreamIncluded.push(last - included);
    };
    for (let r = 1; r <= ROUNDS; r++) {
      const listed = await trades.list(BigInt(r));
      await measureBlock(listed);
      await measureBlock(await trades.buy(listed.itemId, BigInt(r)));
    }

    const rows = [
      ['block indexed → each stream', summary(fromIndexed)],
      [`block indexed → all ${STREAMS} streams`, summary(lastStream)],
      ['tx included → each stream', summary(fromIncluded)],
      [`tx included → all ${STREAMS} streams`, summary(lastStreamIncluded)],
    ] as const;
    console.log(
      `\nLive stream: ${STREAMS} SSE streams (4 topics each, all matching every block) on 1 API replica,` +
        ` 1 indexer process (INDEXER_POLL_MS ${POLL_MS}), PostgreSQL, anvil automine,` +
        ` ${ROUNDS * 2} blocks (a listing, then its sale, by other wallets), ${os.cpus().length} cores;` +
        ` clients in the bench process; "indexed" = the feed rows' clock_timestamp() at the indexer's commit`,
    );
    console.table(
      rows.map(([label, s]) => ({
        measure: label,
        samples: s.n,
        'p50 ms': ms(s.p50),
        'p95 ms': ms(s.p95),
        'max ms': ms(s.max),
      })),
    );
  } finally {
    for (const s of streams) s.close();
    await cluster.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runLiveBench().catch((err: unknown) => {
    console.error(`error: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  });
}
