import type { PublicClient } from 'viem';
import type { Deployment } from '@aiamarket/shared';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { IndexerConfig } from './indexer-config.js';

/** What every module gets: settings, the database, the chain client and deployed addresses. */
export interface ServerContext {
  config: Config;
  database: Database;
  chain: PublicClient;
  deployment: Deployment | null;
  /** The INDEXER_* settings, read once at start-up; modules (metadata refresh) take theirs from here. */
  indexer: IndexerConfig;
  /** Event stream timings, for tests to shorten (default: LIVE_LIMITS.heartbeatMs). */
  live?: { heartbeatMs?: number };
}
