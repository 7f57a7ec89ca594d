// The production layout on one machine, for the scale-out test and the live bench: anvil with the
// contracts, a fresh database on a PostgreSQL server, ONE indexer process (dist/indexer.js) and
// several API replicas (dist/main.js, INDEXER_ENABLED=false) on free ports, optionally sharing
// their rate-limit counters in Redis. The server bundle must be built (buildAll).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANVIL_ACCOUNTS, deployContracts, startAnvil } from '@aiamarket/contracts';
import { CHAIN_IDS, type Deployment } from '@aiamarket/shared';
import { createScratchDatabase } from '@aiamarket/server/admin';
import { BIN, PACKAGES, SERVER_MAIN } from './paths.js';
import { run } from './run.js';
import { freePort, stopChild } from './stack.js';

const INDEXER_MAIN = path.join(PACKAGES.server, 'dist', 'indexer.js');

/**
 * Bundles the server (a few seconds; the web app is not needed by an API-only replica). The
 * contracts' typed ABIs must exist (`npm run build` once).
 */
export function buildServerBundle(): Promise<void> {
  return run(path.join(BIN, 'tsup'), ['--silent'], {
    cwd: PACKAGES.server,
    env: { NODE_ENV: 'production' },
  });
}

export interface ClusterOptions {
  replicas: number;
  /** A PostgreSQL URL the cluster may create (and drop) its own database with. */
  adminDatabaseUrl: string;
  /** REDIS_URL of the replicas (shared rate limits); none when undefined. */
  redisUrl?: string | undefined;
  /** INDEXER_POLL_MS of the indexer process (its default when undefined). */
  indexerPollMs?: number | undefined;
  /** Extra environment of every process. */
  env?: Record<string, string>;
}

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  /** The last lines it printed (for a failure message). */
  output(): string;
  /** Ends it; SIGKILL is the crash of a machine (no clean-up runs). */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Replica extends ClusterProcess {
  url: string;
  port: number;
}

export interface Cluster {
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  databaseUrl: string;
  indexer: ClusterProcess;
  replicas: Replica[];
  stop(): Promise<void>;
}

function spawnProcess(name: string, script: string, env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawn(process.execPath, [script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const proc: ClusterProcess = {
    name,
    child,
    output: () => output,
    kill: (signal) => stopChild(child, signal),
  };
  return proc;
}

async function waitForHealth(replica: Replica) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (replica.child.exitCode !== null)
      throw new Error(`${replica.name} stopped: ${replica.output().trim().split('\n').pop()}`);
    try {
      const res = await fetch(`${replica.url}/v1/api/health`);
      if (((await res.json()) as { code: number }).code === 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${replica.name} did not answer its health check within 60 s`);
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-cluster-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const chainId = CHAIN_IDS.local;
    const anvil = await startAnvil({ chainId });
    cleanups.push(() => anvil.stop());
    const deploymentsFile = path.join(dataDir, `${chainId}.json`);
    const deployment = await deployContracts({
      rpcUrl: anvil.rpcUrl,
      privateKey: ANVIL_ACCOUNTS[0]!.privateKey,
      chainId,
      outFile: deploymentsFile,
    });

    const scratch = await createScratchDatabase(opts.adminDatabaseUrl, 'aiamarket_cluster');
    cleanups.push(() => scratch.drop());
    const databaseUrl = scratch.url;

    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: databaseUrl,
      RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(chainId),
      DEPLOYMENTS_FILE: deploymentsFile,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REDIS_URL: opts.redisUrl ?? '',
      ...(opts.indexerPollMs ? { INDEXER_POLL_MS: String(opts.indexerPollMs) } : {}),
      ...opts.env,
    };
    // Migrated once up front; replicas starting together would also take turns (advisory lock).
    await run(process.execPath, [SERVER_MAIN, 'migrate'], { cwd: dataDir, env });

    const indexer = spawnProcess('indexer', INDEXER_MAIN, env, dataDir);
    cleanups.push(() => indexer.kill());
    const replicas: Replica[] = [];
    for (let i = 0; i < opts.replicas; i++) {
      const port = await freePort();
      const proc = spawnProcess(
        `replica ${String.fromCharCode(65 + i)}`,
        SERVER_MAIN,
        {
          ...env,
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          INDEXER_ENABLED: 'false',
        },
        dataDir,
      );
      cleanups.push(() => proc.kill());
      replicas.push({ ...proc, url: `http://127.0.0.1:${port}`, port });
    }
    await Promise.all(replicas.map(waitForHealth));
    if (indexer.child.exitCode !== null)
      throw new Error(`the indexer stopped: ${indexer.output().trim().split('\n').pop()}`);
    return { rpcUrl: anvil.rpcUrl, chainId, deployment, databaseUrl, indexer, replicas, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
