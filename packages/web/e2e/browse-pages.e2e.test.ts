import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  LOCALES,
  TRANSFER_METHODS,
  type CollectionCountRow,
  type Page as Paged,
} from '@aiamarket/shared';
import { axeViolations } from './axe.js';
import { SCREENSHOTS_DIR, watchedPage } from './browser.js';
import { useJourney } from './journey.js';

// Part B of the browse journeys, on the seeded demo stack: the collection page (Goods, Activities with a
// filter), an account (its tabs), the help centre, a category and an article, the terms and the
// privacy policy, an unknown account. Every screen is checked with axe (no serious or critical
// violations), photographed at 1440 and 390 px, and opened in the five languages with no
// translation key left on screen. Counts come from the API, never from fixed numbers.

const WIDTHS = [1440, 390] as const;

const journey = useJourney('browse', { privateWebDist: false });
/** The signed-in demo account (a user record exists for it). */
let account: string;
let collectionLink: string;

beforeAll(async () => {
  const ranked = await journey.api<Paged<CollectionCountRow>>(
    '/collections/collectionCount?page=1&size=20',
  );
  const withItems = ranked.records.find((c) => c.totalTokens > 0) ?? ranked.records[0];
  expect(withItems, 'the demo seed has collections').toBeTruthy();
  collectionLink = withItems!.linkCollection;

  // Signing in creates the account's profile, which the account page needs: the same three
  // calls the app makes (nonce, message, authNew), signed by the demo key.
  const demo = privateKeyToAccount(journey.stack().accounts[1]!.privateKey as Hex);
  account = demo.address.toLowerCase();
  const nonce = await journey.api<string>(`/user/nonce/${demo.address}`);
  const issued = await journey.api<{ message: string }>(
    `/user/signMessage/${demo.address}?nonce=${nonce}`,
  );
  const signature = await demo.signMessage({ message: issued.message });
  await journey.api<string>('/user/authNew', {
    userAddr: demo.address,
    signature,
    msg: issued.message,
  });
});

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A fresh page that records page errors, failed requests and i18next complaints. */
async function openPage(width: number = WIDTHS[0]): Promise<Opened> {
  const { context, page, problems } = await watchedPage(journey.browser(), { width, height: 900 });
  page.on('console', (msg) => {
    const text = msg.text();
    // A failed resource is reported by the request handlers below, with its URL and kind.
    if (text.startsWith('Failed to load resource')) return;
    // "i18n missing key" is what src/i18n/index.ts (MISSING_KEY_WARNING) warns for a missing text.
    if (msg.type() === 'error' || /i18n missing key|i18next::/i.test(text)) {
      problems.push(`console ${msg.type()}: ${text}`);
    }
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    // Leaving a tab aborts its calls on purpose.
    const reason = req.failure()?.errorText ?? '';
    if (!reason.includes('ERR_ABORTED')) {
      problems.push(`request failed: ${req.url()} ${reason}`);
    }
  });
  return { context, page, problems };
}

/** Keys of the issue's namespaces that would show if a translation were missing. */
const RAW_KEY = /\b(collection|account|help|legal|activity|common|notFound|nft)\.[a-z][\w.]+/;

/** Axe, then a screenshot at each width (the same state, re-opened by `open`). */
async function checkScreen(name: string, open: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    const { context, page, problems } = await openPage(width);
    await open(page);
    expect((await axeViolations(page)).join('\n'), `${name} at ${width}px`).toBe('');
    expect(await page.locator('main').innerText()).not.toMatch(RAW_KEY);
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `browse-${name}-${width}.png`),
      fullPage: true,
    });
    expect(problems.join('\n')).toBe('');
    await context.close();
  }
}

/** The element's upper part (where a header picture overlaps its banner) is not painted over. */
async function expectNotCovered(page: Page, testId: string) {
  const covered = await page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 4);
    return !(hit && (hit === el || el.contains(hit)));
  });
  expect(covered, `${testId} is painted over`).toBe(false);
}

const openCollection = async (page: Page) => {
  await page.goto(`${journey.stack().url}/collection/${collectionLink}`, {
    waitUntil: 'domcontentloaded',
  });
  await page.getByTestId('collection-header').waitFor();
  await page.locator('[data-testid="nft-card"], [data-testid="goods-empty"]').first().waitFor();
  await expectNotCovered(page, 'collection-picture');
};

const openAccount = async (page: Page) => {
  await page.goto(`${journey.stack().url}/account/0/${account}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('account-header').waitFor();
  await page
    .locator(
      '[data-testid="account-collected"] :is([data-testid="nft-card"], [data-testid="account-collected-empty"])',
    )
    .first()
    .waitFor();
  await expectNotCovered(page, 'account-avatar');
};

/** `path` of the app, in `lang` when one is given (the app's own choice otherwise). */
const inLang = (path: string, lang?: string) =>
  `${journey.stack().url}${path}${lang ? `?lang=${lang}` : ''}`;

const openHelp = async (page: Page, lang?: string) => {
  await page.goto(inLang('/helpcenter', lang), { waitUntil: 'domcontentloaded' });
  await page.locator('[data-testid="help-category"], [data-testid="help-empty"]').first().waitFor();
};

/** The first help category's page of articles (/article-type/{name}/{id}), in `lang`. */
const openArticleType = async (page: Page, lang = 'en') => {
  const categories = await journey.api<Paged<{ id: number; inName: string }>>(
    `/articles/category/page?page=1&size=10&lang=${lang}`,
  );
  const category = categories.records[0];
  expect(category, 'the demo seed has help categories').toBeTruthy();
  await page.goto(
    `${journey.stack().url}/article-type/${encodeURIComponent(category!.inName)}/${category!.id}?lang=${lang}`,
    { waitUntil: 'domcontentloaded' },
  );
  await page.getByTestId('article-type').waitFor();
  await page.getByTestId('article-link').first().waitFor();
};

/** The first article of the first help category, in `lang`. */
const openFirstArticle = async (page: Page, lang: string) => {
  await openArticleType(page, lang);
  await page.getByTestId('article-link').first().locator('a').click();
  await page.getByTestId('article-details').waitFor();
};

const openFooterLink = (id: string, doc: string) => async (page: Page, lang?: string) => {
  await page.goto(inLang('/', lang), { waitUntil: 'domcontentloaded' });
  await page.getByTestId(id).click();
  await page.getByTestId(`legal-${doc}`).waitFor();
};

describe('browse pages in Chromium', () => {
  it('collection: header, Goods, and Activities with the transfer filter', async () => {
    const collection = await journey.api<{ id: number; contractAddr: string; totalTokens: number }>(
      `/collections/link?linkCollection=${collectionLink}`,
    );
    const { page, problems, context } = await openPage();
    const itemsCall = page.waitForRequest((r) => r.url().endsWith('/nft/findPageByCollectionId'));
    await openCollection(page);
    expect((await itemsCall).postDataJSON()).toMatchObject({
      collectionId: collection.id,
      page: 1,
      size: 20,
    });
    expect(await page.getByTestId('collection-name').innerText()).toBeTruthy();
    expect(await page.getByTestId('nft-card').count()).toBeLessThanOrEqual(20);

    await page.getByTestId('collection-tab-activities').click();
    await page
      .locator('[data-testid="collection-activity-row"], [data-testid="collection-activity-empty"]')
      .first()
      .waitFor();
    const sent = page.waitForRequest(
      (r) =>
        r.url().endsWith('/v1/api/transaction/page') &&
        JSON.stringify((r.postDataJSON() as { types: number[] }).types) ===
          JSON.stringify(TRANSFER_METHODS),
    );
    await page.getByTestId('collection-activity-filter-transfer').click();
    await sent;
    await page
      .locator('[data-testid="collection-activity-row"], [data-testid="collection-activity-empty"]')
      .first()
      .waitFor();
    const methods = await page
      .getByTestId('collection-activity-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-method'))));
    for (const m of methods) expect(TRANSFER_METHODS).toContain(m);
    expect(
      await page.getByTestId('collection-activity-filter-transfer').getAttribute('aria-pressed'),
    ).toBe('true');
    expect((await axeViolations(page)).join('\n')).toBe('');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `browse-collection-activities-${width}.png`),
        fullPage: true,
      });
    }
    expect(problems.join('\n')).toBe('');
    await context.close();
    await checkScreen('collection', openCollection);
  });

  it('account: Collected, Favorited and every Activities sub-tab', async () => {
    const { page, problems, context } = await openPage();
    await openAccount(page);
    expect(await page.getByTestId('account-address').getAttribute('title')).toBe(account);
    await page.getByTestId('account-tab-favorited').click();
    await page
      .locator(
        '[data-testid="account-favorited"] :is([data-testid="nft-card"], [data-testid="account-favorited-empty"])',
      )
      .first()
      .waitFor();
    await page.getByTestId('account-tab-activities').click();
    for (const sub of ['all', 'forSale', 'selling', 'pending', 'forceCancel']) {
      await page.getByTestId(`account-sub-tab-${sub}`).click();
      await page
        .locator(
          `[data-testid="account-${sub}"] :is([data-testid="account-${sub}-row"], [data-testid="account-${sub}-empty"], [data-testid="nft-card"])`,
        )
        .first()
        .waitFor();
    }
    expect((await axeViolations(page)).join('\n')).toBe('');
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, 'browse-account-activities-1440.png'),
    });
    expect(problems.join('\n')).toBe('');
    await context.close();
    await checkScreen('account', openAccount);
  });

  it('help centre: categories, then an article rendered as HTML', async () => {
    const { page, problems, context } = await openPage();
    await openHelp(page);
    const first = page.getByTestId('article-link').first();
    const title = (await first.locator('span').first().innerText()).trim();
    await first.locator('a').click();
    await page.getByTestId('article-details').waitFor();
    expect(await page.locator('h1').innerText()).toBe(title);
    expect((await page.getByTestId('article-body').innerText()).length).toBeGreaterThan(20);
    expect(await page.locator('[data-testid="article-body"] script').count()).toBe(0);
    expect(problems.join('\n')).toBe('');
    const articleUrl = page.url();
    await context.close();
    await checkScreen('helpcenter', openHelp);
    await checkScreen('article-type', openArticleType);
    await checkScreen('article', async (p) => {
      await p.goto(articleUrl, { waitUntil: 'domcontentloaded' });
      await p.getByTestId('article-details').waitFor();
    });
  });

  it('legal: the footer terms and service links show the terms, the policy link the privacy policy', async () => {
    await checkScreen('terms', openFooterLink('footer-terms', 'terms'));
    await checkScreen('privacy', openFooterLink('footer-privacy', 'privacy'));
    const { page, context } = await openPage();
    await openFooterLink('footer-service', 'terms')(page);
    expect(await page.getByTestId('legal-section').count()).toBe(13);
    await openFooterLink('footer-privacy', 'privacy')(page);
    expect(await page.getByTestId('legal-privacy').innerText()).toMatch(/2 years[\s\S]*18/);
    await context.close();
  });

  it('sends an unknown account to the not-found page', async () => {
    const unknown = '0x000000000000000000000000000000000000dead';
    await checkScreen('not-found', async (page) => {
      await page.goto(`${journey.stack().url}/account/0/${unknown}`, {
        waitUntil: 'domcontentloaded',
      });
      await page.getByTestId('not-found').waitFor();
      expect(new URL(page.url()).pathname).toBe('/404');
      await page.getByTestId('not-found-image').waitFor();
    });
  });

  it('shows every screen in the five languages with no key left', async () => {
    const screens: [string, (page: Page, lang: string) => Promise<void>][] = [
      [
        'collection',
        async (page, lang) => {
          await page.goto(
            `${journey.stack().url}/collection/${collectionLink}?tab=activities&lang=${lang}`,
            {
              waitUntil: 'domcontentloaded',
            },
          );
          await page.getByTestId('collection-activity-filter-transfer').waitFor();
        },
      ],
      [
        'account',
        async (page, lang) => {
          await page.goto(
            `${journey.stack().url}/account/0/${account}?tab=activities&lang=${lang}`,
            {
              waitUntil: 'domcontentloaded',
            },
          );
          await page.getByTestId('account-sub-tab-forceCancel').waitFor();
        },
      ],
      ['helpcenter', openHelp],
      ['article-type', openArticleType],
      ['article', openFirstArticle],
      ['terms', openFooterLink('footer-terms', 'terms')],
      ['privacy', openFooterLink('footer-privacy', 'privacy')],
      [
        'not-found',
        async (page, lang) => {
          await page.goto(`${journey.stack().url}/404?lang=${lang}`, {
            waitUntil: 'domcontentloaded',
          });
          await page.getByTestId('not-found').waitFor();
        },
      ],
    ];
    const english = new Map<string, string>();
    for (const lang of LOCALES) {
      const { page, problems, context } = await openPage();
      for (const [name, open] of screens) {
        await open(page, lang);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        const heading = (
          await page.locator('main h1, main [role="tablist"]').first().innerText()
        ).trim();
        const text = await page.locator('main').innerText();
        expect(text, `${name} in ${lang}`).not.toMatch(RAW_KEY);
        if (lang === 'en') english.set(name, heading);
        else if (name !== 'account' && name !== 'collection') {
          // Names of users and collections stay as they are; the page's own words change.
          expect(heading, `${name} in ${lang}`).not.toBe(english.get(name));
        }
      }
      expect(problems.join('\n')).toBe('');
      await context.close();
    }
  });
});
