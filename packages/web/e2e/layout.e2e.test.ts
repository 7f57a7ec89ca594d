import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { LOCALES } from '@aiamarket/shared';
import { SCREENSHOTS_DIR } from './browser.js';
import { useJourney } from './journey.js';
import { installTestWallet, signInWithTestWallet } from './test-wallet.js';

// Layout on the seeded stack. The top bar must hold at every width from a small phone
// to a wide desktop in all five languages (Japanese and Turkish labels are the longest), signed
// out (Connect wallet) and signed in (avatar menu); breakpoint edges (639/640, 1023/1024,
// 1279/1280, 1439/1440) are included because that is where the bar changes its layout. The home
// banners are pictures without words of their own, with a caption on a scrim, clear of the arrows.
const WIDTHS = [
  360, 390, 414, 639, 640, 768, 900, 1023, 1024, 1100, 1180, 1279, 1280, 1366, 1439, 1440, 1536,
  1920,
] as const;

const journey = useJourney('topbar', { privateWebDist: true });

interface Layout {
  viewport: number;
  scrollWidth: number;
  /** Visible elements of the bar that reach past either edge of the viewport. */
  outside: string[];
  /** Pairs of the bar's pieces (logo, links, search, language, wallet/account, menu) that overlap. */
  overlaps: string[];
  /** Labels that take more than one line. */
  wrapped: string[];
}

/** Measures the top bar as drawn (runs in the page). */
function measureTopBar(): Layout {
  const bar = document.querySelector<HTMLElement>('[data-testid="topbar"]')!;
  const width = window.innerWidth;
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // sr-only text is a clipped 1 px box: not drawn.
    return r.width > 1 && r.height > 1 && style.visibility !== 'hidden';
  };
  const name = (el: Element) =>
    el.getAttribute('data-testid') ??
    `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')
      .split(' ')
      .slice(0, 3)
      .join('.')}`;

  const outside: string[] = [];
  for (const el of bar.querySelectorAll('*')) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > width + 0.5)
      outside.push(`${name(el)} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }

  const pieces = [
    ...bar.querySelectorAll(
      '[data-testid="topbar-logo"], [data-testid^="nav-"], [data-testid="search-open"], [data-testid="global-search"], [data-testid="language-menu"], [data-testid="connect-wallet"], [data-testid="account-menu"]',
    ),
  ].filter(visible);
  const overlaps: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const a = pieces[i]!.getBoundingClientRect();
      const b = pieces[j]!.getBoundingClientRect();
      const apart =
        a.right <= b.left + 0.5 ||
        b.right <= a.left + 0.5 ||
        a.bottom <= b.top + 0.5 ||
        b.bottom <= a.top + 0.5;
      if (!apart) overlaps.push(`${name(pieces[i]!)} / ${name(pieces[j]!)}`);
    }
  }

  // A label is on one line when the line boxes of its text all sit at one height (icons aside:
  // only text nodes count; tops within a few pixels are the same line).
  const lines = (el: Element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) < 4)) tops.push(r.top);
      }
    }
    return tops.length;
  };
  const wrapped: string[] = [];
  for (const el of bar.querySelectorAll(
    '[data-testid="language-menu"], [data-testid="connect-wallet"], [data-testid^="nav-"], [data-testid="topbar-logo"]',
  )) {
    if (visible(el) && lines(el) > 1) wrapped.push(`${name(el)}: ${el.textContent}`);
  }

  return {
    viewport: width,
    scrollWidth: document.documentElement.scrollWidth,
    outside,
    overlaps,
    wrapped,
  };
}

/** Opens home in `lang` and measures the bar at every width. */
async function measureAll(page: Page, lang: string, piece: string): Promise<string[]> {
  const failures: string[] = [];
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${journey.stack().url}/?lang=${lang}`);
  await page.getByTestId('home-hero').waitFor();
  await page.getByTestId(piece).waitFor();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: the resize is laid out and painted before measuring.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const layout = await page.evaluate(measureTopBar);
    const where = `${lang} @ ${width}px`;
    if (layout.scrollWidth > layout.viewport)
      failures.push(`${where}: page scrolls sideways (${layout.scrollWidth} px)`);
    for (const o of layout.outside) failures.push(`${where}: beyond the viewport: ${o}`);
    for (const o of layout.overlaps) failures.push(`${where}: overlap: ${o}`);
    for (const w of layout.wrapped) failures.push(`${where}: wraps: ${w}`);
    if (width === 1024 || width === 390) {
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `topbar-${piece}-${lang}-${width}.png`),
        clip: { x: 0, y: 0, width, height: 64 },
      });
    }
  }
  return failures;
}

describe('the top bar at every width, in every language', () => {
  it('holds for a signed-out visitor (Connect wallet)', async () => {
    const context = await journey.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const failures: string[] = [];
    for (const lang of LOCALES) failures.push(...(await measureAll(page, lang, 'connect-wallet')));
    expect(failures).toEqual([]);
    await context.close();
  });

  it('holds for a signed-in visitor (account menu)', async () => {
    const context: BrowserContext = await journey.browser().newContext({
      viewport: { width: 1440, height: 900 },
    });
    await installTestWallet(context, {
      rpcUrl: journey.stack().rpcUrl,
      chainId: journey.stack().chainId,
      privateKey: journey.stack().accounts[3]!.privateKey as Hex,
    });
    const page = await context.newPage();
    await page.goto(journey.stack().url);
    await signInWithTestWallet(page);
    const failures: string[] = [];
    for (const lang of LOCALES) failures.push(...(await measureAll(page, lang, 'account-menu')));
    expect(failures).toEqual([]);
    await context.close();
  });
});

interface CaptionLayout {
  text: string;
  /** Arrow buttons whose box meets a line of the caption's text. */
  covered: string[];
  scrim: string;
}

/** The shown slide's caption against the arrows (runs in the page). */
function measureCaption(): CaptionLayout {
  const slide = document.querySelector('[data-testid="home-banner"][aria-hidden="false"]')!;
  const caption = slide.querySelector<HTMLElement>('[data-testid="home-banner-caption"]')!;
  const range = document.createRange();
  range.selectNodeContents(caption);
  const lines = [...range.getClientRects()].filter((r) => r.width > 0);
  const covered: string[] = [];
  for (const id of ['home-banner-prev', 'home-banner-next']) {
    const b = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    const meets = lines.some(
      (r) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom,
    );
    if (meets) covered.push(id);
  }
  return {
    text: caption.textContent ?? '',
    covered,
    scrim: getComputedStyle(caption).backgroundImage,
  };
}

describe('the home banners', () => {
  it('are pictures without words of their own', async () => {
    const res = await fetch(`${journey.stack().url}/v1/api/collections/banner`);
    const banners = ((await res.json()) as { data: { records: { imageUrl: string }[] } }).data
      .records;
    expect(banners.length).toBeGreaterThan(0);
    for (const b of banners) {
      const picture = await (await fetch(new URL(b.imageUrl, journey.stack().url))).text();
      expect(picture).toMatch(/<svg/);
      expect(picture, b.imageUrl).not.toMatch(/<text/);
    }
  });

  it('keep every caption on a scrim and clear of the arrows, on a phone and a desktop', async () => {
    const context = await journey.browser().newContext();
    const page = await context.newPage();
    const failures: string[] = [];
    for (const lang of ['en', 'tr', 'ja']) {
      for (const width of [360, 390, 768, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${journey.stack().url}/?lang=${lang}`);
        await page.getByTestId('home-banner-next').waitFor();
        const count = await page.getByTestId('home-banner').count();
        for (let i = 0; i < count; i++) {
          const layout = await page.evaluate(measureCaption);
          const where = `${lang} @ ${width}px, slide ${i + 1}`;
          if (!layout.text.trim()) failures.push(`${where}: no caption`);
          if (!layout.scrim.includes('gradient')) failures.push(`${where}: no scrim`);
          for (const c of layout.covered) failures.push(`${where}: ${c} covers "${layout.text}"`);
          if (i === 0 && (width === 390 || width === 1440)) {
            await page.getByTestId('home-banners').screenshot({
              path: path.join(SCREENSHOTS_DIR, `home-banner-${lang}-${width}.png`),
            });
          }
          await page.getByTestId('home-banner-next').click();
        }
      }
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});
