// `npm start`: builds what changed, then runs the whole product locally on one URL.
// Flags: --fresh wipes the local data first. Env: PORT (8080), ANVIL_PORT (8545), DATA_DIR
// (.data), DATABASE_URL (unset: embedded PGlite), LOG_LEVEL (warn).
import path from 'node:path';
import { buildAll } from './build.js';
import { ROOT } from './paths.js';
import { consoleSteps } from './steps.js';

const args = new Set(process.argv.slice(2));
const steps = consoleSteps();

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = raw ? Number(raw) : fallback;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`error: ${name} must be a port number (got ${JSON.stringify(raw)})`);
    process.exit(1);
  }
  return port;
}

async function main() {
  const started = performance.now();
  await buildAll(steps, { force: args.has('--rebuild') });
  // The stack imports the typed ABIs the build generates: loaded only once they exist.
  const { startStack } = await import('./stack.js');
  const stack = await startStack({
    dataDir: path.resolve(ROOT, process.env.DATA_DIR ?? '.data'),
    port: portFrom('PORT', 8080),
    anvilPort: portFrom('ANVIL_PORT', 8545),
    fresh: args.has('--fresh'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    steps,
    serverLog: (line) => {
      if (/"level":(50|60)/.test(line) || line.startsWith('error')) console.error(line);
    },
  });

  const lines = [
    '',
    `Ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    '',
    `  App        ${stack.url}`,
    `  API docs   ${stack.url}/docs`,
    `  RPC URL    ${stack.rpcUrl}`,
    `  Chain id   ${stack.chainId}`,
    `  Data       ${path.resolve(ROOT, process.env.DATA_DIR ?? '.data')} (npm start -- --fresh resets it)`,
    '',
    '  Demo accounts (import a private key into your wallet; local test keys, never use them elsewhere):',
    ...stack.accounts.map((a, i) => `  #${i}  ${a.address}  ${a.privateKey}`),
    '',
    'Press Ctrl-C to stop.',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  console.error(`error: ${(err as Error).message}`);
  process.exit(1);
});
