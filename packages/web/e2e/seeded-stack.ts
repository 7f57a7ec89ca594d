import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildAll, silentSteps, startStack, type Stack } from '@aiamarket/tools/stack';
import { callApi } from './api.js';

// One seeded, indexed demo world for the whole end-to-end run. The global setup builds it once
// (deploy, demo seed, indexing of its month of history, token metadata) and stops it cleanly, so
// anvil dumps its state and the embedded database is closed; every journey file then starts its
// own stack from a copy of that folder, the restart path `npm start` takes on a kept data folder.
// Each file still has its own chain and database: journeys cannot see each other's trades.

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: string;
  }
}

/** Polls the server until its indexer is at the head and the demo listings have metadata. */
async function settled(url: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  const call = async <T>(p: string, body?: unknown): Promise<T> =>
    (await callApi<T>(url, p, body)).data;
  for (;;) {
    const health = await call<{ indexer: { lag: number | null } }>('/health').catch(() => null);
    const lag = health?.indexer.lag ?? null;
    if (lag !== null && lag <= 1) {
      const market = await call<{ total: number }>('/nftOrder/page', { page: 1, size: 1 }).catch(
        () => null,
      );
      if ((market?.total ?? 0) > 0) return;
    }
    if (Date.now() > until) throw new Error(`the template stack did not settle (lag ${lag})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Vitest global setup: builds the template once; its teardown removes it. */
export async function setup(project: TestProject): Promise<() => void> {
  await buildAll(silentSteps);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-e2e-template-'));
  const stack = await startStack({
    dataDir: dir,
    port: 0,
    anvilPort: 0,
    fresh: true,
    steps: silentSteps,
  });
  try {
    await settled(stack.url);
  } finally {
    await stack.stop();
  }
  project.provide('seededTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** A stack of one journey file, started from a copy of the seeded template in its own folder. */
export async function startSeededStack(name: string): Promise<{ stack: Stack; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aiamarket-e2e-${name}-`));
  fs.cpSync(inject('seededTemplate'), dataDir, { recursive: true });
  const stack = await startStack({ dataDir, port: 0, anvilPort: 0, steps: silentSteps });
  return { stack, dataDir };
}
