import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Address } from 'viem';
import type { Stack } from '@aiamarket/tools/stack';
import { SCREENSHOTS_DIR } from './browser.js';
import { ACCOUNTS } from './chain.js';
import { installTestWallet, signInWithTestWallet } from './test-wallet.js';

/** Waits for a dialog's chain action to end; a failure throws with the message it shows. */
export async function settled(modal: Locator) {
  const status = modal.getByTestId('tx-status');
  await expect
    .poll(async () => ((await status.count()) ? await status.getAttribute('data-phase') : null), {
      timeout: 120_000,
      interval: 500,
    })
    .toMatch(/^(done|error)$/);
  if ((await status.getAttribute('data-phase')) === 'error') {
    throw new Error(`the action failed: ${await status.innerText()}`);
  }
}

/** Waits until the page's live stream (server-sent events) is open. */
export const liveOpen = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.live === 'open', undefined, {
    timeout: 30_000,
  });

/** The viewport of the journeys' desktop pages. */
const DESKTOP = { width: 1366, height: 900 } as const;

export interface PageToolsOptions {
  /** Browser console message types a wallet's page echoes to the test log. */
  consoleTypes?: readonly ReturnType<ConsoleMessage['type']>[];
}

/**
 * The page helpers of one journey file. `started` is read on each call because the stack and
 * browser only exist once the journey's beforeAll has run. Every page opened here records its
 * page errors in `problems` (and logs them).
 */
export function pageTools(
  name: string,
  started: () => { stack: Stack; browser: Browser },
  options: PageToolsOptions = {},
) {
  const shot = (page: Page, shotName: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-${shotName}.png`) });

  /** Marks a journey step in the test log. */
  const step = (text: string) => console.log(`[${name}] ${text}`);

  async function pageWithProblems(context: BrowserContext, label: string) {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => {
      problems.push(`page error: ${err.message}`);
      console.error(`page error: ${err.message}`);
    });
    const consoleTypes = options.consoleTypes ?? [];
    if (consoleTypes.length > 0) {
      page.on('console', (m) => {
        if (consoleTypes.includes(m.type())) console.error(`console ${label}: ${m.text()}`);
      });
    }
    return { context, page, problems };
  }

  /** A blank page of a visitor without a wallet, in its own browser context. */
  async function visitorPage(viewport: { width: number; height: number } = DESKTOP) {
    const context = await started().browser.newContext({ viewport });
    return pageWithProblems(context, 'visitor');
  }

  /**
   * The home page (with `query`, e.g. '?lang=tr') in a browser context of its own, with the test
   * wallet of demo account `index` installed (on chain `startChainId` until the app switches it),
   * not yet signed in.
   */
  async function walletPage(index: number, { query = '', startChainId = 1 } = {}) {
    const { stack, browser } = started();
    const context = await browser.newContext({ viewport: DESKTOP });
    const wallet = await installTestWallet(context, {
      rpcUrl: stack.rpcUrl,
      chainId: stack.chainId,
      privateKey: ACCOUNTS[index]!.privateKey,
      startChainId,
    });
    const opened = await pageWithProblems(context, String(index));
    await opened.page.goto(`${stack.url}/${query}`);
    await opened.page.getByTestId('home-hero').waitFor();
    return { ...opened, wallet };
  }

  /** walletPage, signed in. */
  async function signedInPage(index: number, open: Parameters<typeof walletPage>[1] = {}) {
    const opened = await walletPage(index, open);
    await signInWithTestWallet(opened.page);
    return opened;
  }

  async function openItem(page: Page, nft: Address, tokenId: bigint) {
    await page.goto(`${started().stack.url}/asset?tokenId=${tokenId}&contractAddr=${nft}`);
    await page.getByTestId('item-actions').waitFor({ timeout: 30_000 });
  }

  return { shot, step, visitorPage, walletPage, signedInPage, openItem, settled, liveOpen };
}
