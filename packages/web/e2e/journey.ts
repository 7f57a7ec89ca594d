import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildAll, silentSteps, startStack, type Stack } from '@aiamarket/tools/stack';
import { launchBrowser } from './browser.js';
import { usePrivateWebDist } from './web-dist.js';

/**
 * The stack and browser of one journey file: before its tests, builds everything, starts a fresh
 * seeded stack on free ports in its own data folder (`aiamarket-e2e-<name>-…`; served from a
 * private copy of the web app when `privateWebDist`) and opens Chromium; after them, closes and
 * removes it all. `onReady` receives the two once started.
 */
export function useJourney(
  name: string,
  options: { privateWebDist: boolean },
  onReady: (started: { stack: Stack; browser: Browser }) => void,
): void {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  let webDist: string | undefined;

  beforeAll(async () => {
    await buildAll(silentSteps);
    if (options.privateWebDist) webDist = usePrivateWebDist();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aiamarket-e2e-${name}-`));
    stack = await startStack({ dataDir, port: 0, anvilPort: 0, fresh: true, steps: silentSteps });
    browser = await launchBrowser();
    onReady({ stack, browser });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  });
}
