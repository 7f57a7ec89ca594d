import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildAll, silentSteps, type Stack } from '@aiamarket/tools/stack';
import { launchBrowser } from './browser.js';
import { chainTools } from './chain.js';
import { pageTools, type PageToolsOptions } from './pages.js';
import { startSeededStack } from './seeded-stack.js';
import { usePrivateWebDist } from './web-dist.js';

/**
 * The stack and browser of one journey file, with its chain and page helpers: before its tests,
 * builds everything, starts a stack from a copy of the run's seeded template (seeded-stack.ts) on
 * free ports in its own data folder (`aiamarket-e2e-<name>-…`; served from a private copy of the
 * web app when `privateWebDist`) and opens Chromium; after them, closes and removes it all.
 * `stack()` and `browser()` throw until the beforeAll has run.
 */
export function useJourney(name: string, options: { privateWebDist: boolean } & PageToolsOptions) {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  let webDist: string | undefined;

  beforeAll(async () => {
    await buildAll(silentSteps);
    if (options.privateWebDist) webDist = usePrivateWebDist();
    ({ stack, dataDir } = await startSeededStack(name));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });

  const running = () => {
    if (!stack || !browser) throw new Error(`the ${name} journey has not started`);
    return { stack, browser };
  };
  const runningStack = () => running().stack;
  return {
    stack: runningStack,
    browser: () => running().browser,
    ...chainTools(runningStack),
    ...pageTools(name, running, options),
  };
}
