import { loadConfig, StartupError } from './config.js';
import { openDatabase } from './db/database.js';
import { startServer } from './server.js';

/**
 * `node dist/main.js` starts the server; `node dist/main.js migrate` only applies migrations.
 * A bad setting prints one line naming the variable and exits with 1.
 */
async function main() {
  const command = process.argv[2] ?? 'serve';
  const config = loadConfig();
  if (command === 'migrate') {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    });
    await database.migrate();
    await database.close();
    return;
  }
  if (command !== 'serve')
    throw new StartupError(`unknown command '${command}' (use serve or migrate)`);

  const server = await startServer(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof StartupError) {
    process.stderr.write(`error: ${err.message}\n`);
  } else {
    process.stderr.write(`error: ${(err as Error).stack ?? String(err)}\n`);
  }
  process.exit(1);
});
