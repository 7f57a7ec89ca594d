import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { freshDatabase } from '../support/database.js';
import {
  dumpChainTables,
  newIndexer,
  SCENARIO_ORDER,
  scenarioSteps,
  startChain,
  type Chain,
} from './support.js';

// 20 kills on PostgreSQL. PGlite needs seconds to open its folder in each child, so with PGlite
// the test only runs when INDEXER_CRASH_KILLS asks for it (e.g. INDEXER_CRASH_KILLS=20).
const KILLS = Number(process.env.INDEXER_CRASH_KILLS ?? 20);
const ENABLED = Boolean(process.env.DATABASE_URL) || process.env.INDEXER_CRASH_KILLS !== undefined;
const serverDir = path.resolve(import.meta.dirname, '../..');
const bundleDir = path.join(serverDir, 'node_modules', '.cache', 'indexer-crash');

/** A small deterministic PRNG (mulberry32) so that a failing run can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.skipIf(!ENABLED)('indexer: crash safety', () => {
  let c: Chain;
  let child: string;
  let target: { url?: string; dataDir?: string; drop(): Promise<void> };
  beforeAll(async () => {
    // One bundle of the child (npm packages stay external), so each start is fast.
    fs.mkdirSync(bundleDir, { recursive: true });
    child = path.join(bundleDir, 'child.mjs');
    await build({
      entryPoints: [path.join(import.meta.dirname, 'crash-child.ts')],
      outfile: child,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: [
        'viem',
        'viem/*',
        'drizzle-orm',
        'drizzle-orm/*',
        'pg',
        'pg-copy-streams',
        '@electric-sql/*',
        'zod',
      ],
      logLevel: 'silent',
    });
    c = await startChain();
    const steps = scenarioSteps(c);
    for (const step of SCENARIO_ORDER) await steps[step]();
    if (process.env.DATABASE_URL) {
      const fresh = await freshDatabase();
      await fresh.database.close();
      target = { url: fresh.url!, drop: () => fresh.drop() };
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indexer-crash-'));
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await database.close();
      target = { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    }
  });
  afterAll(async () => {
    await target?.drop();
    await c?.stop();
    fs.rmSync(bundleDir, { recursive: true, force: true });
  });

  /** Starts the child; kills it `killAfterMs` after it is ready (never when undefined). */
  function runChild(batch: number, killAfterMs?: number) {
    return new Promise<{ idle: boolean; killed: boolean; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, [child], {
        cwd: serverDir,
        env: {
          ...process.env,
          CRASH_DATABASE_URL: target.url ?? '',
          CRASH_DATA_DIR: target.dataDir ?? '',
          CRASH_RPC_URL: c.anvil.rpcUrl,
          CRASH_DEPLOYMENT: JSON.stringify(c.deployment),
          CRASH_BATCH: String(batch),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let stderr = '';
      let killed = false;
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      p.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (killAfterMs !== undefined && out.includes('ready') && !killed) {
          killed = true;
          setTimeout(() => p.kill('SIGKILL'), killAfterMs);
        }
      });
      p.on('exit', () => resolve({ idle: out.includes('idle'), killed, stderr }));
    });
  }

  it(
    `resumes after ${KILLS} SIGKILLs with the same database as a clean run`,
    { timeout: 300_000 },
    async () => {
      const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
      const random = prng(seed);
      let midRange = 0;
      for (let i = 0; i < KILLS; i++) {
        const result = await runChild(1 + Math.floor(random() * 3), Math.floor(random() * 120));
        expect(result.stderr, `seed ${seed}`).toBe('');
        if (!result.idle) midRange++;
        else {
          // Caught up before the kill: more blocks for the next child to index.
          await scenarioSteps(c).transferAway();
          await scenarioSteps(c).transferBack();
        }
      }
      const last = await runChild(3);
      expect(last.idle, `seed ${seed}: ${last.stderr}`).toBe(true);
      expect(midRange, `seed ${seed}`).toBeGreaterThanOrEqual(KILLS / 2);

      const database = await openDatabase(
        target.url ? { url: target.url } : { dataDir: target.dataDir },
      );
      const crashed = await dumpChainTables(database.db);
      await database.close();
      const clean = await freshDatabase();
      try {
        await newIndexer(clean.database.db, c.publicClient, c.deployment).catchUp();
        expect(crashed, `seed ${seed}`).toEqual(await dumpChainTables(clean.database.db));
      } finally {
        await clean.drop();
      }
    },
  );
});
