import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, watchedPage } from './browser.js';
import { useJourney } from './journey.js';

const journey = useJourney('shell', { privateWebDist: false });

/** A fresh page that records console errors and failed requests. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await watchedPage(journey.browser(), { width: 1366, height: 900 });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('requestfailed', (req) => {
    // Leaving a page aborts its image loads and calls on purpose.
    const reason = req.failure()?.errorText ?? '';
    if (!reason.includes('ERR_ABORTED')) problems.push(`request failed: ${req.url()} ${reason}`);
  });
  return { page, problems };
}

describe('the app shell in Chromium', () => {
  it('renders in English by default', async () => {
    const { page, problems } = await openPage();
    await page.goto(journey.stack().url);
    await page.getByTestId('home-hero').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect((await page.getByTestId('connect-wallet').innerText()).trim()).toBe('Connect wallet');
    expect(await page.getByTestId('nav-marketplace').innerText()).toMatch(/marketplace/i);
    await expect(page.getByTestId('footer').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('topbar').getAttribute('data-scrolled')).toBe('false');
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'shell-en.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('renders in Japanese with ?lang=ja and keeps the choice', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${journey.stack().url}/?lang=ja`);
    await page.getByTestId('home-hero').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect((await page.getByTestId('connect-wallet').innerText()).trim()).toBe('ウォレットを接続');
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'shell-ja.png') });
    await page.goto(journey.stack().url);
    await page.getByTestId('home-hero').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.evaluate(() => localStorage.getItem('NFT_LANG_KEY'))).toBe('ja');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('darkens the top bar after scrolling and lands unknown paths on home', async () => {
    const { page } = await openPage();
    await page.goto(`${journey.stack().url}/no/such/page`);
    await page.getByTestId('home-hero').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 400);
    });
    await page.waitForSelector('[data-testid="topbar"][data-scrolled="true"]');
    await page.goto(`${journey.stack().url}/404`);
    await page.getByTestId('not-found').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'not-found.png') });
    await page.context().close();
  });

  it('fetches the scripts after the first frame, the market first page in the HTML or read before them', async () => {
    const { page, problems } = await openPage();
    const requests: { path: string; body: string | null }[] = [];
    page.on('request', (req) =>
      requests.push({ path: new URL(req.url()).pathname, body: req.postData() }),
    );
    // A slow stylesheet holds the first frame back: no script may be requested before it is in.
    await page.route('**/assets/*.css', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const shell = await page.goto(`${journey.stack().url}/marketplace`);
    const html = (await shell?.text()) ?? '';
    await page.locator('main ul li a').first().waitFor();
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const css = resources.find((e) => /\/assets\/.+\.css$/.test(e.name));
      const scripts = resources
        .filter((e) => /\/assets\/.+\.js$/.test(e.name))
        .map((e) => e.startTime);
      return { cssEnd: css?.responseEnd ?? 0, firstScript: Math.min(...scripts) };
    });
    expect(timing.cssEnd).toBeGreaterThan(400);
    expect(timing.firstScript).toBeGreaterThan(timing.cssEnd);
    // The market's first page comes inside the HTML (the server's landing data, with a preload
    // of the first picture), or, when the server could not read it in time, is read once by
    // index.html before any script is requested.
    const firstPage = requests.filter(
      (r) => r.path === '/v1/api/nftOrder/page' && JSON.parse(r.body ?? '{}').page === 1,
    );
    if (html.includes('<script type="application/json" id="landing-data">')) {
      expect(html).toContain('<link rel="preload" as="image"');
      expect(firstPage).toHaveLength(0);
    } else {
      expect(firstPage).toHaveLength(1);
      expect(requests.indexOf(firstPage[0]!)).toBeLessThan(
        requests.findIndex((r) => r.path.endsWith('.js')),
      );
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('serves the app under its CSP, and no screen violates it', async () => {
    const res = await fetch(journey.stack().url, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const { page, problems } = await openPage();
    for (const [url, ready] of [
      ['/', 'home-hero'],
      ['/marketplace', 'topbar'],
      ['/rankings', 'topbar'],
      ['/launchpad', 'topbar'],
      ['/helpcenter', 'topbar'],
      ['/404', 'not-found'],
    ] as const) {
      await page.goto(`${journey.stack().url}${url}`);
      await page.getByTestId(ready).waitFor();
      await page.locator('main').first().waitFor();
      // The inline loader ran (allowed by its hash) and started the app's module scripts.
      await page.waitForFunction(() => document.querySelector('script[type="module"][src]'));
    }
    // The wallet dialog (its code is loaded on demand).
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId('connect-wallet-dialog').waitFor();
    expect(problems).toEqual([]);
    // The watch itself works, and an injected inline script is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.appendChild(script);
    });
    await expect
      .poll(() => problems.filter((p) => p.startsWith('CSP violation')))
      .toEqual(['CSP violation: script-src-elem blocked inline on /404']);
    // Chromium logs it too (a console error, which the other screens would have shown).
    expect(problems.some((p) => p.includes('violates the following Content Security Policy'))).toBe(
      true,
    );
    expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
    await page.context().close();
  });

  it('answers the API on the same origin', async () => {
    const health = (await (await fetch(`${journey.stack().url}/v1/api/health`)).json()) as {
      code: number;
      data: { chain: { chainId: number; ok: boolean } };
    };
    expect(health.code).toBe(0);
    expect(health.data.chain).toMatchObject({ chainId: journey.stack().chainId, ok: true });
    const missing = await fetch(`${journey.stack().url}/v1/api/does-not-exist`, {
      headers: { accept: 'text/html' },
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: number }).code).toBe(10004);
    const chain = (await (await fetch(`${journey.stack().url}/v1/api/config/chain`)).json()) as {
      data: { contracts: Record<string, string> };
    };
    expect(chain.data.contracts.StableCoin).toBe(
      journey.stack().deployment.contracts.StableCoin?.address,
    );
  });
});
