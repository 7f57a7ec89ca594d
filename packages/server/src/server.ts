import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { checkChain, createChainClient } from './chain/client.js';
import { loadDeployment } from './chain/deployment.js';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import { openDatabase } from './db/database.js';
import { loadIndexerConfig, startIndexer } from './indexer/index.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: ServerContext;
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the database and applies migrations, checks the chain, reads the deployed addresses and
 * starts listening. Any bad setting throws a StartupError naming it.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    await database.migrate();
    const chain = createChainClient(config.rpcUrl, config.chainId);
    await checkChain(chain, config.rpcUrl, config.chainId);
    const deployment = loadDeployment(config.deploymentsFile, config.chainId);
    const indexerConfig = loadIndexerConfig();
    const ctx: ServerContext = { config, database, chain, deployment, indexer: indexerConfig };
    const app = await buildApp(ctx);
    const address = await app.listen({ host: config.host, port: config.port });
    // Locally the indexer runs in the server process; production replicas set INDEXER_ENABLED=false
    // and run `npm run indexer` as its own process (one writer holds the advisory lock).
    const indexer = startIndexer(ctx, app.log, indexerConfig);
    return {
      app,
      ctx,
      url: address,
      close: async () => {
        await indexer.stop();
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}
