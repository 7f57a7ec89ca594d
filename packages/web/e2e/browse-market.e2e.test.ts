import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, PAGE_SIZE, type OrderVO, type Page as Paged } from '@aiamarket/shared';
import { axeViolations } from './axe.js';
import { SCREENSHOTS_DIR, watchedPage } from './browser.js';
import { accountOf } from './chain.js';
import { useJourney } from './journey.js';

// Part A of the browse journeys, on the seeded demo stack: home -> collection -> item, the marketplace (filters
// in the URL, sort, infinite scroll), the global search (a collection, an item, an account), the
// rankings windows and an unknown path. Every screen is checked with axe (no serious or critical
// violations), photographed at 1440 and 390 px, and opened in the five languages with no
// translation key left on screen. Figures come from the API, never from fixed counts.

const WIDTHS = [1440, 390] as const;
/** Keys of part A's namespaces that would show if a translation were missing. */
const RAW_KEY = /\b(home|marketplace|search|item|rankings|nft|validation)\.[a-z][\w.]+/;
/** Chunks that only the wallet code needs (src/lib/wallet/engine and its libraries). */
const WALLET_CHUNK = /\/assets\/(engine|getConnectorClient|secp256k1)-[\w-]+\.js$/;

const journey = useJourney('market', { privateWebDist: true });
let account: string;
let listed: OrderVO[];

/** The server answers before its indexer has read the seeded chain: wait until it has. */
async function indexerCaughtUp(timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const health = await journey.api<{ indexer: { block: number | null; lag: number | null } }>(
      '/health',
    );
    if (health.indexer.lag !== null && health.indexer.lag <= 1) return;
    if (Date.now() > until) throw new Error(`indexer still ${health.indexer.lag} blocks behind`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

beforeAll(async () => {
  await indexerCaughtUp();
  // Listings show once their token metadata (the image) is fetched, a little after indexing.
  let market = await journey.api<Paged<OrderVO>>('/nftOrder/page', {
    page: 1,
    size: PAGE_SIZE.market,
  });
  for (let i = 0; i < 120 && market.total === 0; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    market = await journey.api<Paged<OrderVO>>('/nftOrder/page', {
      page: 1,
      size: PAGE_SIZE.market,
    });
  }
  listed = market.records;
  expect(listed.length, 'the demo seed lists items').toBeGreaterThan(0);

  // Signing in creates the account's profile, which the account search finds.
  account = accountOf(2);
  await (await journey.signedInPage(2)).context.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
  scripts: string[];
}

/** A fresh page that records page errors, failed calls, i18next complaints and scripts loaded. */
async function openPage(width: number = WIDTHS[0]): Promise<Opened> {
  const { context, page, problems } = await watchedPage(journey.browser(), { width, height: 900 });
  const scripts: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    // "i18n missing key" is what src/i18n/index.ts (MISSING_KEY_WARNING) warns for a missing text.
    if (msg.type() === 'error' || /i18n missing key|i18next::/i.test(text)) {
      problems.push(`console ${msg.type()}: ${text}`);
    }
  });
  page.on('requestfailed', (req) => {
    // Calls cancelled by a navigation or an unmount (react-query aborts them) are not failures.
    if (req.resourceType() !== 'image' && req.failure()?.errorText !== 'net::ERR_ABORTED') {
      problems.push(`request failed: ${req.url()}`);
    }
  });
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  return { context, page, problems, scripts };
}

const openHome = async (page: Page, query = '') => {
  await page.goto(`${journey.stack().url}/${query}`);
  await page.getByTestId('home-hero').waitFor();
  await page.locator('[data-testid="ranking-row"]').first().waitFor();
  await page.locator('[data-testid="home-featured-card"]').first().waitFor();
};

const openMarket = async (page: Page, query = '') => {
  await page.goto(`${journey.stack().url}/marketplace${query}`);
  await page.locator('[data-testid="nft-card"], [data-testid="market-empty"]').first().waitFor();
};

const openItem = async (page: Page, query = '') => {
  const o = listed[0]!;
  await page.goto(
    `${journey.stack().url}/asset?tokenId=${o.tokenId}&contractAddr=${o.contractAddr}${query}`,
  );
  await page.getByTestId('item-name').waitFor();
  await page
    .locator('[data-testid="price-history"], [data-testid="price-history-empty"]')
    .waitFor();
};

const openRankings = async (page: Page, query = '') => {
  await page.goto(`${journey.stack().url}/rankings${query}`);
  await page
    .locator('[data-testid="ranking-row"], [data-testid="rankings-empty"]')
    .first()
    .waitFor();
};

const SCREENS: [string, (page: Page, query?: string) => Promise<void>][] = [
  ['home', openHome],
  ['marketplace', openMarket],
  ['item', openItem],
  ['rankings', openRankings],
];

interface OrderRequestBody {
  page?: number;
  minPrice?: string;
  maxPrice?: string;
}

/**
 * Runs `act`, waits for the nftOrder/page answer it causes (`matches` picks it by its body), then
 * for the results to show it: the results section stays aria-busy until the grid is rendered
 * again. (networkidle cannot tell: a single-page app reached it long before.)
 */
async function marketAnswered(
  page: Page,
  matches: (body: OrderRequestBody) => boolean,
  act: () => Promise<unknown>,
): Promise<void> {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/nftOrder/page') &&
      matches((r.request().postDataJSON() ?? {}) as OrderRequestBody),
  );
  await act();
  await answered;
  await page
    .locator(
      'section[aria-busy="false"]:has([data-testid="market-grid"], [data-testid="market-empty"])',
    )
    .waitFor();
}

/**
 * The cards' prices in the reference unit, as numbers (the English format: 1,234.5 AIA): the
 * price itself for AIA, the "≈ x AIA" the card gives on hover for another coin.
 */
async function cardPrices(page: Page): Promise<number[]> {
  const cards = page.getByTestId('nft-card-price');
  const texts = await cards.allInnerTexts();
  const titles = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('title')));
  const number = (text: string) => Number(text.replace(/^Price\s*/, '').replace(/[^\d.]/g, ''));
  return texts.map((t, i) => number(titles[i] ?? t));
}

describe('market screens in Chromium', () => {
  it('home -> collection -> item, loading no wallet code', async () => {
    const { context, page, problems, scripts } = await openPage();
    await openHome(page);
    expect(await page.getByTestId('ranking-row').count()).toBeLessThanOrEqual(
      PAGE_SIZE.rankingsHome,
    );
    expect(await page.getByTestId('home-domain-notice').isVisible()).toBe(true);
    expect(scripts.filter((s) => WALLET_CHUNK.test(s))).toEqual([]);
    await page.getByTestId('ranking-row').first().getByRole('link').click();
    await page.waitForURL(/\/collection\//);
    await page.getByTestId('nft-card').first().click();
    await page.waitForURL(/\/asset\?tokenId=\d+&contractAddr=0x[0-9a-f]{40}/);
    expect(await page.getByTestId('item-name').innerText()).toBeTruthy();
    await page.getByTestId('item-tab-info').click();
    expect(await page.getByTestId('item-info').innerText()).toMatch(/0x[0-9a-f]{40}/);
    // A reload keeps the item: tokenId and contractAddr are in the URL as well as in state.
    await page.reload();
    await page.getByTestId('item-name').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marketplace: infinite scroll, sort, price and collection filters that survive a reload', async () => {
    const { context, page, problems, scripts } = await openPage();
    await openMarket(page);
    expect(scripts.filter((s) => WALLET_CHUNK.test(s))).toEqual([]);
    const first = await page.getByTestId('nft-card').count();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(PAGE_SIZE.market);
    const total = (await journey.api<Paged<OrderVO>>('/nftOrder/page', { page: 1, size: 1 })).total;
    if (first === PAGE_SIZE.market && total > PAGE_SIZE.market) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="nft-card"]').length > n,
        first,
      );
    }

    const firstPage = (body: OrderRequestBody) => body.page === 1;
    await marketAnswered(page, firstPage, () =>
      page.getByTestId('market-sort').selectOption('priceAsc'),
    );
    expect(page.url()).toMatch(/sort=priceAsc/);
    const ascending = await cardPrices(page);
    await marketAnswered(page, firstPage, () =>
      page.getByTestId('market-sort').selectOption('priceDesc'),
    );
    expect(page.url()).toMatch(/sort=priceDesc/);
    const descending = await cardPrices(page);
    expect(ascending[0]!).toBeLessThanOrEqual(descending[0]!);

    // The filter compares reference prices (USDT listings at their rate in AIA).
    const prices = listed
      .filter((o) => o.priceRef !== null)
      .map((o) => Number(o.priceRef))
      .sort((a, b) => a - b);
    const min = String(Math.floor(prices[0]! * 1e4) / 1e4);
    const max = String(Math.ceil(prices[Math.floor(prices.length / 2)]! * 1e4) / 1e4);
    await page.getByTestId('price-min').fill(min);
    await page.getByTestId('price-max').fill(max);
    await marketAnswered(
      page,
      (body) => body.minPrice === min && body.maxPrice === max,
      () => page.getByTestId('price-apply').click(),
    );
    expect(page.url()).toMatch(new RegExp(`min=${min.replace('.', '\\.')}&max=`));
    for (const p of await cardPrices(page)) {
      expect(p).toBeGreaterThanOrEqual(Number(min) - 1e-4);
      expect(p).toBeLessThanOrEqual(Number(max) + 1e-4);
    }

    // The collection of the first listing, chosen through the filter's own search box.
    const name = listed[0]!.collectionName!;
    // The filter's list is replaced once the typed name is asked (after a debounce): pick the
    // option from the answer, not from the list shown before it.
    const filtered = page.waitForResponse(
      (r) =>
        r.url().includes('/nftOrder/getCollectionList') &&
        (r.request().postDataJSON() as { nameAndAddress?: string } | null)?.nameAndAddress === name,
    );
    await page.getByTestId('collection-filter-search').fill(name);
    await filtered;
    await page.locator('[data-testid="collection-filter"] ul[aria-busy="false"]').waitFor();
    // The box reflects the URL, which the router updates in a transition: click, then wait for
    // the URL and the checked state (Playwright's check() wants the state at once).
    const option = page.locator(`[data-testid="collection-filter-option"][data-name="${name}"]`);
    await option.click();
    await page.waitForURL(/[?&]c=/);
    await expect.poll(() => option.isChecked()).toBe(true);
    await page.reload();
    await page.getByTestId('filter-chips').waitFor();
    const chips = await page.getByTestId('filter-chip').allInnerTexts();
    expect(chips.some((c) => c.includes(name))).toBe(true);
    expect(chips.some((c) => c.includes(min))).toBe(true);
    await page.getByTestId('filter-clear-all').click();
    await page.waitForURL((u) => !u.search.includes('c='));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('searches a collection, an item and an account from the top bar', async () => {
    const { context, page, problems } = await openPage();
    await openHome(page);
    const search = page.getByTestId('global-search');
    const o = listed.find((l) => (l.name ?? '').length >= 3) ?? listed[0]!;

    await search.fill(o.collectionName!.slice(0, 4));
    await page.getByTestId('search-group-collections').getByTestId('search-option').first().click();
    await page.waitForURL(/\/collection\//);

    // The panel keeps the previous keyword's results for the 200 ms debounce, then empties while
    // the new keyword is asked: wait for the answer to this keyword before using the arrows.
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/nft/homeSearchPage') &&
        (r.request().postDataJSON() as { keyWord?: string } | null)?.keyWord === o.name!.trim(),
    );
    await search.fill(o.name!);
    await answered;
    const firstItem = page.getByTestId('search-group-items').getByTestId('search-option').first();
    await firstItem.waitFor();
    await search.press('ArrowDown');
    // ArrowDown makes the first option active, announced through aria-activedescendant.
    const activeId = await search.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('search-group-items').getByTestId('search-option').first().click();
    await page.waitForURL(/\/asset\?/);

    await search.fill(account.slice(2, 12));
    await page.getByTestId('search-group-accounts').getByTestId('search-option').first().click();
    await page.waitForURL(new RegExp(`/account/0/${account}`));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('rankings: each window asks the API and shows its table or the empty state', async () => {
    const { context, page, problems } = await openPage();
    await openRankings(page);
    // 7d is the default, answered when the page opened: back on it, the cached answer shows
    // without a new request.
    const seen = new Set<string>(['7d']);
    for (const w of ['1d', '30d', 'all', '7d'] as const) {
      const asked = seen.has(w)
        ? Promise.resolve()
        : page.waitForRequest((r) => {
            const url = new URL(r.url());
            return (
              url.pathname.endsWith('/collections/ranking') && url.searchParams.get('window') === w
            );
          });
      seen.add(w);
      await page.getByTestId(`rankings-tab-${w}`).click();
      await page.waitForURL((u) => (u.searchParams.get('window') ?? '7d') === w);
      await asked;
      await page
        .locator('[data-testid="ranking-row"], [data-testid="rankings-empty"]')
        .first()
        .waitFor();
      expect(await page.getByTestId(`rankings-tab-${w}`).getAttribute('aria-selected')).toBe(
        'true',
      );
    }
    expect(await page.getByTestId('ranking-row').count()).toBeLessThanOrEqual(PAGE_SIZE.rankings);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an unknown path home', async () => {
    const { context, page } = await openPage();
    await page.goto(`${journey.stack().url}/no/such/market/page`);
    await page.getByTestId('home-hero').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it.each(SCREENS)('%s: axe clean and photographed at 1440 and 390 px', async (name, open) => {
    for (const width of WIDTHS) {
      const { context, page, problems } = await openPage(width);
      await open(page);
      expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `market-${name}-${width}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it.each(SCREENS)(
    '%s in the five languages, with no key left untranslated',
    async (name, open) => {
      for (const lng of LOCALES) {
        const { context, page, problems } = await openPage();
        const sep = name === 'item' ? '&' : '?';
        await open(page, `${sep}lang=${lng}`);
        expect(await page.getAttribute('html', 'lang')).toBe(lng);
        expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
        expect(problems, `${name} ${lng}`).toEqual([]);
        await context.close();
      }
    },
  );
});
