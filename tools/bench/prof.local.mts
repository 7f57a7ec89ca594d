// local profiling helper (not committed)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ANVIL_ACCOUNTS, deployContracts, startAnvil } from '@aiamarket/contracts';
import { SERVER_MAIN } from '../stack/paths.js';
const db = process.env.BENCH_DB!;
const anvil = await startAnvil({ chainId: 31337 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const deploymentsFile = path.join(dataDir, 'deployment.json');
await deployContracts({ rpcUrl: anvil.rpcUrl, privateKey: ANVIL_ACCOUNTS[0]!.privateKey, chainId: 31337, outFile: deploymentsFile });
const port = 18555;
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', SERVER_MAIN], {
  cwd: dataDir,
  env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`, RPC_URL: anvil.rpcUrl, CHAIN_ID: '31337', DEPLOYMENTS_FILE: deploymentsFile, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), INDEXER_ENABLED: 'false', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
for (let i = 0; i < 300; i++) { try { if ((await fetch(`http://127.0.0.1:${port}/v1/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 100)); }
const target = JSON.parse(process.env.T!);
const opts = { url: `http://127.0.0.1:${port}${target.path}`, method: target.method, connections: 50, duration: 10, ...(target.body ? { body: JSON.stringify(target.body), headers: { 'content-type': 'application/json' } } : {}) };
const r = await autocannon(opts as never);
console.log('p50', r.latency.p50, 'p99', r.latency.p99, 'rps', r.requests.average, 'non2xx', r.non2xx);
child.kill('SIGINT');
await new Promise(r => child.once('exit', r));
await anvil.stop();
