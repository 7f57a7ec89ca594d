// The Lighthouse performance score of /marketplace (issue 7: at least 90), in headless Debian
// Chromium driven over its debugging port, with Lighthouse's default mobile settings (simulated
// slow 4G and a 4x slower CPU). Run by `npm run bench` after the API figures.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../stack/stack.js';

export const LIGHTHOUSE_MIN_SCORE = 90;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthouseFigures {
  url: string;
  score: number;
  metrics: Record<string, string>;
}

/** Audits `${baseUrl}/marketplace` and throws when the score is under LIGHTHOUSE_MIN_SCORE. */
export async function lighthouseBench(baseUrl: string): Promise<LighthouseFigures> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const url = `${baseUrl}/marketplace`;
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const metrics: Record<string, string> = {};
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]) {
      metrics[id] = lhr.audits[id]?.displayValue ?? '-';
    }
    console.log(`\nLighthouse (mobile defaults) ${url}: performance ${score}`);
    console.table(metrics);
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    if (score < LIGHTHOUSE_MIN_SCORE) {
      throw new Error(`lighthouse: /marketplace scored ${score}, below ${LIGHTHOUSE_MIN_SCORE}`);
    }
    return { url, score, metrics };
  } finally {
    await browser.close();
  }
}
