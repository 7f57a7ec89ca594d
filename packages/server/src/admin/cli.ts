import { loadConfig, StartupError } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createChainClient } from '../chain/client.js';
import { AdminError, runAdminCommand, USAGE } from './commands.js';

/**
 * `npm run admin -- <command>` in packages/server: edits the off-chain content (help centre,
 * banners, primary activities, launchpad pages) and config values. Reads DATABASE_URL and
 * DATA_DIR like the server and migrates first. Bad input prints one line and exits with 1.
 */
async function main() {
  const argv = process.argv.slice(2);
  if (!argv.length || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    await database.migrate();
    const out = await runAdminCommand(
      {
        db: database.db,
        dataDir: config.dataDir,
        chainId: config.chainId,
        chain: createChainClient(config.rpcUrl, config.chainId),
      },
      argv,
    );
    process.stdout.write(`${out}\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const known = err instanceof AdminError || err instanceof StartupError;
  const message = known ? (err as Error).message : ((err as Error).stack ?? String(err));
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
});
