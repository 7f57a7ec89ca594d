// The indexer as a child process for the crash test: indexes until idle, printing 'ready' once
// it starts writing. Settings come from the environment (see crash.test.ts).
import { parseDeployment } from '@aiamarket/shared';
import { createChainClient } from '../../src/chain/client.js';
import { openDatabase } from '../../src/db/database.js';
import { Indexer } from '../../src/indexer/run/indexer.js';
import { acquireWriterLock } from '../../src/indexer/run/lock.js';
import { TEST_INDEXER_CONFIG } from './support.js';

const env = process.env;
const url = env.CRASH_DATABASE_URL || undefined;
const database = await openDatabase(url ? { url } : { dataDir: env.CRASH_DATA_DIR! });
const lock = await acquireWriterLock(url, { retryMs: 50 });
const indexer = new Indexer({
  db: database.db,
  chain: createChainClient(env.CRASH_RPC_URL!, 31337),
  chainId: 31337,
  deployment: parseDeployment(JSON.parse(env.CRASH_DEPLOYMENT!)),
  config: { ...TEST_INDEXER_CONFIG, batchBlocks: Number(env.CRASH_BATCH ?? 1) },
});
process.stdout.write('ready\n');
await indexer.catchUp();
process.stdout.write('idle\n');
await lock?.release();
await database.close();
process.exit(0);
