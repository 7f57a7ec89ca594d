import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, ROOT } from '@aiamarket/tools/stack';

/** Screenshots go here (git-ignored) so that a person can look at what the journey saw. */
export const SCREENSHOTS_DIR = path.join(ROOT, '.screenshots');

export async function launchBrowser(): Promise<Browser> {
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return launchChromium();
}

/**
 * Records every Content-Security-Policy violation of the page's documents into `problems` (the
 * `securitypolicyviolation` event; Chromium also logs each one as a console error).
 */
async function watchCsp(context: BrowserContext, problems: string[]): Promise<void> {
  await context.exposeFunction('__reportCspViolation', (text: string) =>
    problems.push(`CSP violation: ${text}`),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation(t: string): void })
        .__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
}

/**
 * A page in a fresh browser context of `viewport` whose CSP violations and page errors go into
 * `problems` (the journey adds what else it counts as one).
 */
export async function watchedPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const problems: string[] = [];
  await watchCsp(context, problems);
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { context, page, problems };
}
