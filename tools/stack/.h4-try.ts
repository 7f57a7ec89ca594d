import fs from 'node:fs';
import { startStack } from './stack.js';
import { consoleSteps } from './steps.js';

const dataDir = '/tmp/h4/data';
const t0 = performance.now();
const stack = await startStack({
  dataDir,
  port: 0,
  anvilPort: 0,
  fresh: !process.argv.includes('--keep'),
  steps: consoleSteps(),
  serverLog: (l) => {
    if (/"level":(40|50|60)/.test(l)) console.error(l.slice(0, 400));
  },
});
console.log('ready', ((performance.now() - t0) / 1000).toFixed(1), 's', stack.url);
fs.writeFileSync('/tmp/h4/url', stack.url);
if (process.argv.includes('--wait')) await new Promise((r) => setTimeout(r, Number(process.env.WAIT ?? 30000)));
await stack.stop();
