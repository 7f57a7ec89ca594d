// Our indexer beside Ponder in one run: the same events from the same anvil, indexed
// by Ponder (tools/bench/ponder/, its own package installed on demand, handlers written for our
// events) and by ours, on PGlite and, when DATABASE_URL is set, on PostgreSQL. Each side runs
// twice: cold (Ponder with an empty RPC cache, ours on an empty database) and warm (Ponder again
// on its cache of RPC answers in a new schema, ours again on an empty database: ours keeps no
// RPC cache, so its warm run only has warmer code and a warmer node).
//
// The dataset is the indexer bench's (tools/bench/indexer.ts, buildIndexerDataset). Neither side
// fetches token metadata here: Ponder has no such step, ours queues it (fetched outside catchUp).
//
// Run by `npm run bench`, or alone after a build:  npx tsx tools/bench/indexer-vs-ponder.ts
// Scale: BENCH_VS_MARKET (market events, default 10,000) and BENCH_VS_TRANSFERS (transfer logs,
// default 50,000). PostgreSQL runs too when BENCH_DATABASE_URL or DATABASE_URL names a server
// (a scratch database per run, dropped after); BENCH_VS_PG=0 skips it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createPublicClient, http, type PublicClient } from 'viem';
import { chainFor } from '@aiamarket/shared';
import {
  createScratchDatabase,
  Indexer,
  loadIndexerConfig,
  onServer,
  openDatabase,
} from '@aiamarket/server/admin';
import { freePort } from '../stack/stack.js';
import { datasetOnFreshAnvil, registerDatasetCollections, type IndexerDataset } from './indexer.js';

const PONDER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ponder');
const MARKET = Number(process.env.BENCH_VS_MARKET ?? 10_000);
const TRANSFERS = Number(process.env.BENCH_VS_TRANSFERS ?? 50_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const WITH_PG = Boolean(ADMIN_URL) && process.env.BENCH_VS_PG !== '0';
const PONDER_VERSION = (
  JSON.parse(fs.readFileSync(path.join(PONDER_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.ponder;
/** Ponder's whole run (build, back-fill) is stopped past this. */
const PONDER_TIMEOUT_MS = Number(process.env.BENCH_VS_PONDER_TIMEOUT_S ?? 900) * 1000;

export interface VsRun {
  side: 'ponder' | 'ours';
  db: 'PGlite' | 'PostgreSQL';
  run: 'cold' | 'warm';
  /** Rows stored: market events plus transfers per token id (checked against the chain's). */
  stored: number;
  /**
   * To the last event stored: Ponder's own clock from its first sync to its last event; ours from
   * catchUp() to the last range's commit.
   */
  seconds: number;
  /**
   * To ready: Ponder's clock plus what it does after its last event before answering /ready
   * (indexes, triggers); our whole catchUp() (plus building the indexes an initial sync defers and
   * refreshing the planner statistics).
   */
  readySeconds: number;
  /** Ponder: from spawning the process to the back-fill done (build, database setup included). */
  wallSeconds: number;
}

/** Installs Ponder into tools/bench/ponder when absent or older than its lock file. */
export function ensurePonder(log: (line: string) => void = console.log) {
  const marker = path.join(PONDER_DIR, 'node_modules', '.package-lock.json');
  const lock = path.join(PONDER_DIR, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('indexer vs Ponder: installing Ponder into tools/bench/ponder (npm install)');
  // Not `npm ci`: the lock holds only this platform's optional builds (rollup's), which npm ci
  // refuses; npm install keeps the locked versions all the same.
  const res = spawnSync('npm', ['install', '--prefix', PONDER_DIR, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('npm install in tools/bench/ponder failed');
}

/**
 * Before each run: what the last run left for the machine to do is done first, not in the middle
 * of the next run. Its dirty files are flushed to disk (PGlite directories); on PostgreSQL a
 * checkpoint writes the pages it dirtied, and the database
 * `vacuum` names (Ponder's: it leaves tens of thousands of new rows unanalysed) is vacuumed and
 * analysed, as autovacuum would do within its minute.
 */
async function settle(vacuum?: string) {
  spawnSync('sync');
  if (vacuum) await onServer(vacuum, 'vacuum analyze');
  // A superuser's (or pg_checkpoint's) right: without it, the server's own checkpoints.
  if (WITH_PG) await onServer(ADMIN_URL!, 'checkpoint').catch(() => undefined);
}

/** A scratch PostgreSQL database on the DATABASE_URL server; drop() removes it. */
const scratchDatabase = (label: string) => createScratchDatabase(ADMIN_URL!, `bench_vs_${label}`);

interface PonderLine {
  msg?: string;
  duration?: number;
  level?: number | string;
  error?: unknown;
}

/** One `ponder start` until its back-fill is done; returns its timing and the rows it stored. */
async function runPonder(
  data: IndexerDataset,
  database: { pgliteDir?: string; postgresUrl?: string },
  schema: string,
): Promise<{ seconds: number; readySeconds: number; wallSeconds: number; stored: number }> {
  const port = await freePort();
  const target = {
    rpcUrl: data.rpcUrl,
    chainId: data.chainId,
    fromBlock: data.fromBlock,
    toBlock: data.toBlock,
    marketplace: data.market,
    erc721: data.collections.filter((c) => c.type === 'ERC721').map((c) => c.address),
    erc1155: data.collections.filter((c) => c.type === 'ERC1155').map((c) => c.address),
    ...database,
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PONDER_BENCH: JSON.stringify(target),
    // No outbound telemetry; the bench only talks to loopback.
    PONDER_TELEMETRY_DISABLED: 'true',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  const bin = path.join(PONDER_DIR, 'node_modules', 'ponder', 'dist', 'esm', 'bin', 'ponder.js');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      bin,
      '--root',
      PONDER_DIR,
      '--log-format',
      'json',
      'start',
      '--schema',
      schema,
      '--port',
      `${port}`,
    ],
    { cwd: PONDER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tail: string[] = [];
  let buffered = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  try {
    let backfill: { seconds: number; at: number } | undefined;
    const seconds = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Ponder was not ready in ${PONDER_TIMEOUT_MS / 1000} s`)),
        PONDER_TIMEOUT_MS,
      );
      const onLine = (text: string) => {
        tail.push(text);
        if (tail.length > 30) tail.shift();
        let line: PonderLine;
        try {
          line = JSON.parse(text) as PonderLine;
        } catch {
          return;
        }
        if (line.msg === 'Completed backfill indexing across all chains') {
          backfill = { seconds: (line.duration ?? 0) / 1000, at: performance.now() };
        }
        // Its indexes and triggers come after its last event, then /ready answers 200.
        if (line.msg === 'Started returning 200 responses' && backfill) {
          clearTimeout(timer);
          resolve(backfill.seconds);
        }
      };
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        lines.forEach(onLine);
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => tail.push(chunk.trimEnd()));
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`Ponder exited (${code}) before its back-fill was done`));
      });
    });
    const readySeconds = seconds + (performance.now() - backfill!.at) / 1000;
    const wallSeconds = (backfill!.at - started) / 1000;
    // Its back-fill is done; the rows come from the API route of the bench's Ponder app.
    const res = await fetch(`http://127.0.0.1:${port}/bench/counts`);
    if (!res.ok) throw new Error(`Ponder counts: HTTP ${res.status}`);
    const counts = (await res.json()) as { market: number; transfers: number };
    return { seconds, readySeconds, wallSeconds, stored: counts.market + counts.transfers };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- Ponder's last lines:\n${tail.join('\n')}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    const done = await Promise.race([
      exited,
      new Promise((r) => setTimeout(() => r('timeout'), 15_000)),
    ]);
    if (done === 'timeout') child.kill('SIGKILL');
  }
}

/**
 * Our indexer on an empty database, from the dataset's first block to its last, once: a
 * PostgreSQL URL, or a PGlite data directory (as Ponder's, and as the server keeps it).
 */
async function runOurs(data: IndexerDataset, where: { url: string } | { dataDir: string }) {
  const database = await openDatabase(where);
  try {
    await database.migrate();
    await registerDatasetCollections(database, data);
    const chain = createPublicClient({
      chain: chainFor(data.chainId, data.rpcUrl),
      transport: http(data.rpcUrl),
    }) as PublicClient;
    const config = { ...loadIndexerConfig({}), startBlock: data.fromBlock };
    const indexer = new Indexer({
      db: database.db,
      chain,
      chainId: data.chainId,
      deployment: data.deployment,
      config,
    });
    // The last range's commit: the step that writes it sets status.block to the head it read.
    const end = Number(await chain.getBlockNumber({ cacheTime: 0 }));
    let lastEvent: number | undefined;
    const watch = setInterval(() => {
      if (lastEvent === undefined && (indexer.status.block ?? -1) >= end)
        lastEvent = performance.now();
    }, 2);
    const started = performance.now();
    try {
      await indexer.catchUp();
    } finally {
      clearInterval(watch);
    }
    const readySeconds = (performance.now() - started) / 1000;
    const seconds = ((lastEvent ?? performance.now()) - started) / 1000;
    const count = async (query: ReturnType<typeof sql>) => {
      const r = (await database.db.execute(query)) as unknown as { rows: { n: string | number }[] };
      return Number(r.rows[0]!.n);
    };
    const market = await count(
      sql`select count(*) as n from market_events where kind in ('created', 'sold', 'cancelled', 'price')`,
    );
    const transfers = await count(sql`select count(*) as n from nft_transfers`);
    return { seconds, readySeconds, wallSeconds: readySeconds, stored: market + transfers };
  } finally {
    await database.close();
  }
}

export interface VsResult {
  counts: IndexerDataset['counts'];
  fromBlock: number;
  toBlock: number;
  /** What the rates count: market logs plus transfer logs (as the indexer bench). */
  events: number;
  runs: VsRun[];
}

export async function benchIndexerVsPonder(
  log: (line: string) => void = console.log,
): Promise<VsResult> {
  ensurePonder(log);
  const { anvil, dataset } = await datasetOnFreshAnvil({
    marketEvents: MARKET,
    transfers: TRANSFERS,
    log,
  });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-vs-ponder-'));
  try {
    // Ponder back-fills only the blocks it takes as final (30 below the head on a chain it does
    // not know) and follows the rest live: empty blocks on top put the whole range in its back-fill.
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x40'] }),
    });
    const stored = dataset.counts.marketEvents + dataset.counts.transfers;
    const runs: VsRun[] = [];
    const record = (r: VsRun) => {
      if (r.stored !== stored)
        throw new Error(
          `${r.side} ${r.db} ${r.run}: stored ${r.stored} events, the chain has ${stored}`,
        );
      runs.push(r);
      log(`indexer vs Ponder: ${r.side} ${r.db} ${r.run}: ${r.seconds.toFixed(1)} s`);
    };
    // PGlite: Ponder's RPC cache lives in its PGlite directory; ours gets a new directory per
    // run (an empty database). Both in directories: in memory, PGlite's file system grows each
    // file by copying it (1.5 to 3 s more of ours here), which neither side has on disk.
    const pgliteDir = path.join(scratch, 'pglite');
    for (const run of ['cold', 'warm'] as const) {
      await settle();
      const ponder = await runPonder(dataset, { pgliteDir }, `bench_${run}`);
      record({ side: 'ponder', db: 'PGlite', run, ...ponder });
      await settle();
      const dataDir = path.join(scratch, `ours-${run}`);
      record({ side: 'ours', db: 'PGlite', run, ...(await runOurs(dataset, { dataDir })) });
    }
    if (WITH_PG) {
      const ponderDb = await scratchDatabase('ponder');
      try {
        for (const run of ['cold', 'warm'] as const) {
          await settle();
          const ponder = await runPonder(dataset, { postgresUrl: ponderDb.url }, `bench_${run}`);
          record({ side: 'ponder', db: 'PostgreSQL', run, ...ponder });
          await settle(ponderDb.url);
          const ours = await scratchDatabase('ours');
          try {
            record({
              side: 'ours',
              db: 'PostgreSQL',
              run,
              ...(await runOurs(dataset, { url: ours.url })),
            });
          } finally {
            await ours.drop();
          }
        }
      } finally {
        await ponderDb.drop();
      }
    }
    return {
      counts: dataset.counts,
      fromBlock: dataset.fromBlock,
      toBlock: dataset.toBlock,
      events: dataset.counts.marketEvents + dataset.counts.transferLogs,
      runs,
    };
  } finally {
    await dataset.close();
    await anvil.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Prints both rates and their ratio, cold and warm, per database. */
export async function printIndexerVsPonder() {
  const r = await benchIndexerVsPonder();
  const find = (side: VsRun['side'], db: VsRun['db'], run: VsRun['run']) =>
    r.runs.find((x) => x.side === side && x.db === db && x.run === run);
  console.log(
    `\nindexer vs Ponder ${PONDER_VERSION}: ${r.counts.marketEvents} market events + ${r.counts.transferLogs} transfer logs (${r.counts.transfers} transfers per token id) over blocks ${r.fromBlock}-${r.toBlock}, one anvil on loopback, ${os.cpus().length} cores. Both sides stored every one (checked). Rates are those ${r.events} events over the back-fill, to the last event stored: Ponder's own clock (its RPC cache empty when cold, full when warm) and ours from catchUp() to its last range's commit (ours keeps no RPC cache: warm is a second run on an empty database). "ready s" adds what each does after its last event before it serves: Ponder its indexes and triggers (until its /ready answers 200), ours the indexes an initial sync defers and the planner statistics (the end of catchUp()). "Ponder wall s" is from its spawn to its last event (its build and database setup). No metadata fetched on either side. Both in PGlite directories. Before each run the last one's files are flushed to disk and PostgreSQL checkpoints, and before ours on PostgreSQL, Ponder's database is vacuumed and analysed (autovacuum's work, done before our run instead of during it; ours analyses its own tables, and is dropped after).`,
  );
  const rows = [];
  for (const db of ['PGlite', 'PostgreSQL'] as const) {
    for (const run of ['cold', 'warm'] as const) {
      const p = find('ponder', db, run);
      const o = find('ours', db, run);
      if (!p || !o) continue;
      const pRate = r.events / p.seconds;
      const oRate = r.events / o.seconds;
      rows.push({
        database: db,
        run,
        'Ponder events/s': Math.round(pRate),
        'ours events/s': Math.round(oRate),
        'ours / Ponder': Number((oRate / pRate).toFixed(2)),
        'Ponder s': Number(p.seconds.toFixed(1)),
        'ours s': Number(o.seconds.toFixed(1)),
        'Ponder ready s': Number(p.readySeconds.toFixed(1)),
        'ours ready s': Number(o.readySeconds.toFixed(1)),
        'ready: ours / Ponder': Number((p.readySeconds / o.readySeconds).toFixed(2)),
        'Ponder wall s': Number(p.wallSeconds.toFixed(1)),
      });
    }
  }
  console.table(rows);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  printIndexerVsPonder().catch((err: unknown) => {
    console.error(`error: ${(err as Error).stack ?? String(err)}`);
    process.exit(1);
  });
}
