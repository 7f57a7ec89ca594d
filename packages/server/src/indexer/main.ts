import { createChainClient, checkChain } from '../chain/client.js';
import { loadDeployment } from '../chain/deployment.js';
import { loadConfig, StartupError } from '../config.js';
import type { ServerContext } from '../context.js';
import { openDatabase } from '../db/database.js';
import { loadIndexerConfig } from '../indexer-config.js';
import type { IndexerLogger } from './run/logger.js';
import { startIndexer } from './index.js';

/** JSON lines on stdout, pino-style. */
function consoleLogger(level: string): IndexerLogger {
  const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
  const min = level === 'silent' ? Infinity : levels.indexOf(level);
  const at = (name: string, n: number) => (obj: object, msg?: string) => {
    if (n < min) return;
    process.stdout.write(`${JSON.stringify({ level: name, time: Date.now(), ...obj, msg })}\n`);
  };
  return { debug: at('debug', 1), info: at('info', 2), warn: at('warn', 3), error: at('error', 4) };
}

/** `node dist/indexer.js`: the indexer as its own process (production). */
async function main() {
  const config = loadConfig();
  const indexerConfig = { ...loadIndexerConfig(), enabled: true };
  const log = consoleLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  await database.migrate();
  const chain = createChainClient(config.rpcUrl, config.chainId);
  await checkChain(chain, config.rpcUrl, config.chainId);
  const deployment = loadDeployment(config.deploymentsFile, config.chainId);
  if (!deployment)
    throw new StartupError(`DEPLOYMENTS_FILE: nothing deployed (${config.deploymentsFile})`);
  const ctx: ServerContext = { config, database, chain, deployment, indexer: indexerConfig };
  const running = startIndexer(ctx, log, indexerConfig);
  const shutdown = async () => {
    await running.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  process.stderr.write(
    `error: ${err instanceof StartupError ? err.message : ((err as Error).stack ?? String(err))}\n`,
  );
  process.exit(1);
});
