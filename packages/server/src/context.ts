import type { PublicClient } from 'viem';
import type { Deployment } from '@aiamarket/shared';
import type { Config } from './config.js';
import type { Database } from './db/database.js';

/** What every module gets: settings, the database, the chain client and deployed addresses. */
export interface ServerContext {
  config: Config;
  database: Database;
  chain: PublicClient;
  deployment: Deployment | null;
}
