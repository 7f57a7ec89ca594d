import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from '@aiamarket/tools/stack';

/** Debian's Chromium (see TOOLCHAIN.md); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots go here (git-ignored) so that a person can look at what the journey saw. */
export const SCREENSHOTS_DIR = path.join(ROOT, '.screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Records every Content-Security-Policy violation of the page's documents into `problems` (the
 * `securitypolicyviolation` event; Chromium also logs each one as a console error).
 */
export async function watchCsp(context: BrowserContext, problems: string[]): Promise<void> {
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
 * Loads axe-core into the page through the DevTools protocol: an injected <script> would be an
 * inline script, which the app's CSP refuses.
 */
export async function injectAxe(page: Page, source: string): Promise<void> {
  await page.evaluate(source);
}
