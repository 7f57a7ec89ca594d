import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentSteps, startStack } from '@aiamarket/tools/stack';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h7-debug-'));
const stack = await startStack({ dataDir, port: 0, anvilPort: 0, fresh: true, steps: silentSteps });
fs.writeFileSync('/tmp/h7-stack.json', JSON.stringify({ url: stack.url, rpc: stack.rpcUrl, chainId: stack.chainId, accounts: stack.accounts, contracts: Object.fromEntries(Object.entries(stack.deployment.contracts).map(([k, v]) => [k, v.address])) }));
console.log('READY', stack.url);
const stop = async () => { await stack.stop(); fs.rmSync(dataDir, { recursive: true, force: true }); process.exit(0); };
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
setInterval(() => {}, 1 << 30);
