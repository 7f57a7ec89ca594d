import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { loadIndexerConfig } from '../../src/indexer/config.js';
import type { ServerContext } from '../../src/context.js';
import { indexedBlock } from '../../src/db/database.js';
import { startIndexer } from '../../src/indexer/index.js';
import { freshDatabase } from '../support/database.js';
import { CHAIN_ID, scenarioSteps, startChain, TEST_INDEXER_CONFIG, type Chain } from './support.js';

const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting');
};

describe('indexer: in-process runner', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let ctx: ServerContext;
  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    ctx = {
      config: loadConfig({
        RPC_URL: c.anvil.rpcUrl,
        CHAIN_ID: String(CHAIN_ID),
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent-test-dir',
        ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
      }),
      database: fresh.database,
      chain: c.publicClient,
      deployment: c.deployment,
      indexer: loadIndexerConfig(),
    };
  });
  afterAll(async () => {
    await fresh?.drop();
    await c?.stop();
  });

  it('follows the head while running, one writer at a time, and stops cleanly', async () => {
    const messages: string[] = [];
    const log = {
      info: (_: object, msg?: string) => void messages.push(msg ?? ''),
      warn: () => {},
      error: (o: object, msg?: string) => void messages.push(`${msg} ${JSON.stringify(o)}`),
      debug: () => {},
    };
    // Token URIs are ipfs://: the gateway is a closed local port, so fetches fail fast.
    const config = {
      ...TEST_INDEXER_CONFIG,
      metadata: { ...TEST_INDEXER_CONFIG.metadata, ipfsGateway: 'http://127.0.0.1:9', attempts: 1 },
    };
    const first = startIndexer(ctx, log, config);
    // A second replica waits on the lock (PostgreSQL; PGlite is one process by design).
    const second = ctx.config.databaseUrl ? startIndexer(ctx, log, config) : null;
    const head = async () => Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
    const caughtUp = async () => (await indexedBlock(ctx.database.db, CHAIN_ID)) === (await head());
    await scenarioSteps(c).mint();
    await waitFor(caughtUp);
    await scenarioSteps(c).list();
    await waitFor(caughtUp);
    if (ctx.config.databaseUrl) {
      expect(messages.filter((m) => m.includes('waiting for the writer lock'))).toHaveLength(1);
    }
    expect(messages.filter((m) => m.includes('failed'))).toEqual([]);
    await first.stop();
    await second?.stop();
    expect(startIndexer(ctx, log, { ...TEST_INDEXER_CONFIG, enabled: false }).indexer).toBeNull();
  });
});
