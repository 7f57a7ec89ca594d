import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import {
  ANVIL_ACCOUNTS,
  deployContracts,
  isDeployed,
  readDeploymentIfExists,
  startAnvil,
  upgradeDeployment,
} from '@aiamarket/contracts';
import { chainFor, CHAIN_IDS, type Deployment } from '@aiamarket/shared';
import { SERVER_MAIN } from './paths.js';
import { run } from './run.js';
import { DEMO_HISTORY_DAYS, seedDemoData } from './seed.js';
import type { StepLogger } from './steps.js';

export interface StackOptions {
  /** Holds the chain state, the embedded database and the deployment file. */
  dataDir: string;
  /** Server port; 0 picks a free one. */
  port: number;
  /** anvil port; 0 picks a free one. */
  anvilPort: number;
  /** Wipe dataDir first. */
  fresh?: boolean;
  /** Use a PostgreSQL server instead of the embedded PGlite. */
  databaseUrl?: string | undefined;
  steps: StepLogger;
  /** Where the server's log lines go (default: discarded, errors printed on failure). */
  serverLog?: (line: string) => void;
}

export interface Stack {
  url: string;
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  accounts: readonly { address: string; privateKey: string }[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const lastLine = output().trim().split('\n').filter(Boolean).pop();
      throw new Error(`the server stopped: ${lastLine ?? `exit ${child.exitCode}`}`);
    }
    try {
      const res = await fetch(`${url}/v1/api/health`);
      const body = (await res.json()) as { code: number };
      if (body.code === 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url}/v1/api/health within 60 s`);
}

/** Sends `signal` and waits for the exit; SIGKILL after 10 s if the child does not end. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Starts the whole product: anvil (state kept in dataDir), the contracts (deployed once per
 * chain state), migrations, demo data, and the server with the built web app on one URL.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const { steps } = opts;
  const dataDir = path.resolve(opts.dataDir);
  if (opts.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dataDir, 'anvil'), { recursive: true });
  const chainId = CHAIN_IDS.local;
  const deploymentsFile = path.join(dataDir, 'deployments', `${chainId}.json`);
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };

  try {
    // A new chain starts a month (and a day) in the past: the demo seed mines its history at
    // past block times and ends at the wall clock. A kept chain goes on from its state.
    const stateFile = path.join(dataDir, 'anvil', 'state.json');
    const genesisTimestamp = fs.existsSync(stateFile)
      ? undefined
      : Math.floor(Date.now() / 1000) - (DEMO_HISTORY_DAYS + 1) * 86_400;
    const anvil = await steps.step('starting the chain (anvil)', () =>
      startAnvil({ port: opts.anvilPort || undefined, chainId, stateFile, genesisTimestamp }),
    );
    cleanups.push(() => anvil.stop());

    const publicClient = createPublicClient({
      chain: chainFor(chainId, anvil.rpcUrl),
      transport: http(anvil.rpcUrl),
    });
    const deployer = ANVIL_ACCOUNTS[0]!;
    let deployment = await readDeploymentIfExists(deploymentsFile);
    if (deployment && (await isDeployed(deployment, publicClient))) {
      steps.info(`  contracts already deployed (${deploymentsFile})`);
      // A newer build of the market or of an order book replaces it in place (the world and its
      // tokens stay); orders signed for a replaced order book are shown as ended.
      const live = deployment;
      const upgraded = await upgradeDeployment({
        rpcUrl: anvil.rpcUrl,
        privateKey: deployer.privateKey,
        chainId,
        outFile: deploymentsFile,
        deployment: live,
        log: (line) => steps.info(`  ${line}`),
      });
      for (const name of upgraded.kept) {
        steps.info(
          `  ${name} changed but holds the demo world's tokens: npm start -- --fresh to redeploy it`,
        );
      }
      deployment = upgraded.deployment;
    } else {
      deployment = await steps.step('deploying contracts', () =>
        deployContracts({
          rpcUrl: anvil.rpcUrl,
          privateKey: deployer.privateKey,
          chainId,
          outFile: deploymentsFile,
        }),
      );
    }

    const port = opts.port || (await freePort());
    const env: NodeJS.ProcessEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(chainId),
      DATA_DIR: dataDir,
      DEPLOYMENTS_FILE: deploymentsFile,
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: opts.databaseUrl ?? '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Token URIs of the demo content point at this server's own /ipfs/ store.
      INDEXER_IPFS_GATEWAY: `http://127.0.0.1:${port}`,
    };
    await steps.step('migrating the database', () =>
      run(process.execPath, [SERVER_MAIN, 'migrate'], { cwd: dataDir, env }),
    );
    // Seeded once per deployment; a start that failed before seeding seeds on the next one.
    const seedMarker = path.join(dataDir, 'seeded.json');
    const seededFor = fs.existsSync(seedMarker) ? fs.readFileSync(seedMarker, 'utf8') : '';
    if (seededFor !== deployment.deployedAt) {
      const seeded = await steps.step('seeding demo data', () =>
        seedDemoData({
          rpcUrl: anvil.rpcUrl,
          chainId,
          deployment: deployment!,
          dataDir,
          deploymentsFile,
          databaseUrl: opts.databaseUrl,
        }),
      );
      deployment = seeded.deployment;
      const { timings } = seeded;
      steps.info(
        `  art and metadata ${timings.publish} s alongside the chain ${timings.chain} s, pages and content ${timings.content} s`,
      );
      if (seeded.market) {
        const m = seeded.market;
        steps.info(
          `  ${m.listings} listings (${m.activeListings} open), ${m.purchases} purchases, ${m.priceChanges} price changes, ${m.cancels} cancels, ${m.transfers} transfers over ${DEMO_HISTORY_DAYS} days`,
        );
      }
      fs.writeFileSync(seedMarker, deployment.deployedAt);
    }

    const server = await steps.step('starting the server', async () => {
      const child = spawn(process.execPath, [SERVER_MAIN], {
        cwd: dataDir,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const onData = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
        for (const line of chunk.toString().split('\n')) if (line.trim()) opts.serverLog?.(line);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      cleanups.push(() => stopChild(child));
      await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);
      return child;
    });
    void server;

    return {
      url: `http://localhost:${port}`,
      rpcUrl: anvil.rpcUrl,
      chainId,
      deployment: deployment!,
      accounts: ANVIL_ACCOUNTS,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
