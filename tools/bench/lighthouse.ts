// The Lighthouse performance score of /marketplace (the target is at least 90), in headless Debian
// Chromium driven over its debugging port, with Lighthouse's default mobile settings (simulated
// slow 4G and a 4x slower CPU). Run by `npm run bench`, or alone after `npm run build`:
//   npx tsx tools/bench/lighthouse.ts
// Each figure is the median of LIGHTHOUSE_RUNS audits, taken once the indexer has caught up and
// after one uncounted warm-up audit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { launchChromium } from '../stack/chromium.js';
import { freePort } from '../stack/stack.js';
import { benchOnFreshStack } from './fresh-stack.js';

export const LIGHTHOUSE_MIN_SCORE = 90;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

export interface LighthouseFigures {
  url: string;
  score: number;
  metrics: Record<string, string>;
}

/** Waits until the indexer has read the whole demo history, so the audit does not race it. */
async function waitForIndexer(baseUrl: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/v1/api/health`);
    const body = (await res.json()) as { data?: { indexer?: { lag: number | null } } };
    if (body.data?.indexer?.lag === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the indexer did not catch up within 5 minutes');
}

/** The share of CPU time spent idle over `ms`, across every core. */
async function idleShare(ms: number): Promise<number> {
  const total = (cpus: os.CpuInfo[]) =>
    cpus.reduce(
      (sum, c) => {
        const t = c.times;
        return { idle: sum.idle + t.idle, all: sum.all + t.idle + t.user + t.nice + t.sys + t.irq };
      },
      { idle: 0, all: 0 },
    );
  const before = total(os.cpus());
  await new Promise((r) => setTimeout(r, ms));
  const after = total(os.cpus());
  return (after.idle - before.idle) / Math.max(1, after.all - before.all);
}

/**
 * Lighthouse scales the main-thread time it observes by 4: work left over from starting the
 * stack (metadata fetches, the first image reads) would be counted as the page's. Waits, up to
 * two minutes, for the cores to be mostly idle.
 */
async function waitForQuietCpu() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && (await idleShare(2_000)) < 0.85);
}

async function auditOnce(url: string) {
  await waitForQuietCpu();
  const port = await freePort();
  const browser = await launchChromium([`--remote-debugging-port=${port}`]);
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    // LIGHTHOUSE_REPORT_DIR keeps each full report (JSON) for a closer look.
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, `lighthouse-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      metrics: Object.fromEntries(
        METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? '-']),
      ) as Record<string, string>,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Audits `${baseUrl}/marketplace` LIGHTHOUSE_RUNS times and throws when the median score is under
 * LIGHTHOUSE_MIN_SCORE.
 */
export async function lighthouseBench(baseUrl: string): Promise<LighthouseFigures> {
  await waitForIndexer(baseUrl);
  const url = `${baseUrl}/marketplace`;
  // One audit first, not counted: it meets a cold server (first queries, first image reads).
  await auditOnce(url);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditOnce(url));
  runs.sort((a, b) => a.score - b.score);
  const median = runs[Math.floor(runs.length / 2)]!;
  console.log(
    `\nLighthouse (mobile defaults) ${url}: performance ${median.score} (median of ${runs.length}: ` +
      `${runs.map((r) => r.score).join(', ')}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  console.table(median.metrics);
  if (median.score < LIGHTHOUSE_MIN_SCORE) {
    throw new Error(
      `lighthouse: /marketplace scored ${median.score}, below ${LIGHTHOUSE_MIN_SCORE}`,
    );
  }
  return { url, score: median.score, metrics: median.metrics };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchOnFreshStack('lighthouse', (stack) => lighthouseBench(stack.url));
}
