import { createTestClient, http, type TestClient } from 'viem';
import { startAnvil } from '@aiamarket/contracts';
import { loadConfig, type Config } from '../../src/config.js';
import { loadIndexerConfig } from '../../src/indexer/config.js';
import { createChainClient } from '../../src/chain/client.js';
import type { ServerContext } from '../../src/context.js';
import type { Database } from '../../src/db/database.js';
import type { Chain } from '../indexer/support.js';
import { freshDatabase } from './database.js';

export interface TestContext {
  ctx: ServerContext;
  anvil: Awaited<ReturnType<typeof startAnvil>>;
  testClient: TestClient;
  cleanup(): Promise<void>;
}

/** A server context on a real anvil and a real, fresh database. */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const anvil = await startAnvil();
  const fresh = await freshDatabase();
  const config: Config = {
    ...loadConfig({
      RPC_URL: anvil.rpcUrl,
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-dir',
    }),
    ...overrides,
  };
  const ctx: ServerContext = {
    config,
    database: fresh.database,
    chain: createChainClient(config.rpcUrl, config.chainId),
    deployment: null,
    indexer: loadIndexerConfig(),
  };
  return {
    ctx,
    anvil,
    testClient: createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }),
    cleanup: async () => {
      await fresh.drop();
      await anvil.stop();
    },
  };
}

/**
 * The server context on an indexer test chain (test/indexer/support.ts) and a fresh database;
 * `env` adds or replaces configuration variables.
 */
export function chainServerContext(
  c: Chain,
  database: Database,
  env: NodeJS.ProcessEnv = {},
): ServerContext {
  return {
    config: loadConfig({
      RPC_URL: c.anvil.rpcUrl,
      CHAIN_ID: String(c.deployment.chainId),
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-dir',
      ...env,
    }),
    database,
    chain: c.publicClient,
    deployment: c.deployment,
    indexer: loadIndexerConfig(),
  };
}
