import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { ServerContext } from '../../src/context.js';
import type { AppDb } from '../../src/db/database.js';
import { collectionProfiles } from '../../src/db/schema.js';
import { chainServerContext } from './context.js';
import { freshDatabase } from './database.js';
import {
  newIndexer,
  SCENARIO_ORDER,
  scenarioSteps,
  startChain,
  type Chain,
} from '../indexer/support.js';

export interface ScenarioApp {
  c: Chain;
  fresh: Awaited<ReturnType<typeof freshDatabase>>;
  ctx: ServerContext;
  app: FastifyInstance;
}

/**
 * The indexer's fixture scenario on a fresh anvil, indexed step by step into a fresh database,
 * and the app on it once the registered collections have their pages: ready before the file's
 * tests (then `onReady`, for the file's own set-up), stopped and removed after them.
 */
export function useScenarioApp(onReady: (s: ScenarioApp) => void | Promise<void>): void {
  let c: Chain | undefined;
  let fresh: ScenarioApp['fresh'] | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    const steps = scenarioSteps(c);
    const indexer = newIndexer(fresh.database.db, c.publicClient, c.deployment);
    for (const step of SCENARIO_ORDER) {
      await steps[step]();
      await indexer.catchUp();
    }
    const ctx = chainServerContext(c, fresh.database);
    app = await buildApp(ctx);
    await app.ready();
    // The API gives the registered collections their pages in the background once ready.
    await waitForProfiles(fresh.database.db, 4);
    await onReady({ c, fresh, ctx, app });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
    await c?.stop();
  });
}

async function waitForProfiles(db: AppDb, count: number) {
  for (let i = 0; i < 200; i++) {
    const rows = await db.select({ id: collectionProfiles.id }).from(collectionProfiles);
    if (rows.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('collection pages were not created');
}
