// `npm run bench`: starts the whole stack on free ports and measures the API under a bounded,
// loopback-only load. Figures depend on the machine; compare them as ratios between runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from '../stack/build.js';
import { consoleSteps } from '../stack/steps.js';
import { measure, type Measurement } from './measure.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function main() {
  const steps = consoleSteps();
  await buildAll(steps);
  // Both import the typed ABIs the build generates: loaded only once they exist.
  const { startStack } = await import('../stack/stack.js');
  const { lighthouseBench } = await import('./lighthouse.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aiamarket-bench-'));
  const stack = await startStack({ dataDir, port: 0, anvilPort: 0, fresh: true, steps });
  try {
    const targets: [string, string][] = [
      ['GET /v1/api/health', `${stack.url}/v1/api/health`],
      ['GET /v1/api/config/getValue', `${stack.url}/v1/api/config/getValue?name=transaction_fee`],
      ['GET / (app shell)', `${stack.url}/`],
    ];
    const rows: Measurement[] = [];
    for (const [label, url] of targets) {
      await measure(label, url, { requests: 100, concurrency: CONCURRENCY }); // warm-up
      rows.push(await measure(label, url, { requests: REQUESTS, concurrency: CONCURRENCY }));
    }
    console.log(
      `\n${REQUESTS} requests per route, ${CONCURRENCY} concurrent, loopback, ${os.cpus().length} cores, PGlite`,
    );
    console.table(
      rows.map((r) => ({
        route: r.label,
        'req/s': Math.round(r.perSecond),
        'p50 ms': r.p50.toFixed(2),
        'p95 ms': r.p95.toFixed(2),
        'p99 ms': r.p99.toFixed(2),
        errors: r.errors,
      })),
    );
    await lighthouseBench(stack.url);
    // Last on this stack: it buys some of the demo listings.
    await (await import('./live-page.js')).livePageBench(stack);
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await (await import('./indexer.js')).printIndexerBench();
  await (await import('./indexer-vs-ponder.js')).printIndexerVsPonder();
  await (await import('./api.js')).runApiBench();
  await (await import('./live.js')).runLiveBench();
}

main().catch((err: unknown) => {
  console.error(`error: ${(err as Error).message}`);
  process.exit(1);
});
