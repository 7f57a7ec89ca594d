import path from 'node:path';
import type { Browser, ConsoleMessage, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createPublicClient, createWalletClient, http, type Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import { DEMO_ACCOUNT_COUNT, demoAccountKey, type Stack } from '@aiamarket/tools/stack';
import { SCREENSHOTS_DIR } from './browser.js';
import { installTestWallet, signInWithTestWallet, type TestWallet } from './test-wallet.js';

/** How many heroes the demo seed mints (token ids 1..72). */
export const HEROES_SUPPLY = 72n;

/** The ten demo accounts (the stack's own list has anvil's first five; 5-9 trade in the seed). */
export const ACCOUNTS = Array.from({ length: DEMO_ACCOUNT_COUNT }, (_, i) => {
  const privateKey = demoAccountKey(i);
  return { privateKey, address: privateKeyToAccount(privateKey).address };
});

/** demo account index -> address (lowercase, as the API answers it). */
export const accountOf = (index: number) => ACCOUNTS[index]!.address.toLowerCase() as Address;

/** address -> demo account index, -1 when it is not a demo account. */
export const indexOf = (owner: string) =>
  ACCOUNTS.findIndex((a) => a.address.toLowerCase() === owner.toLowerCase());

/**
 * The chain and page helpers of one journey file. `started` is read on each call because the
 * stack and browser only exist once the journey's beforeAll has run. `consoleTypes` are the
 * browser console message types a signed-in page echoes to the test log.
 */
export function journeyTools(
  name: string,
  started: () => { stack: Stack; browser: Browser },
  options: { consoleTypes?: readonly ReturnType<ConsoleMessage['type']>[] } = {},
) {
  const stack = () => started().stack;

  const shot = (page: Page, shotName: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-${shotName}.png`) });

  /** Marks a journey step in the test log. */
  const step = (text: string) => console.log(`[${name}] ${text}`);

  const contract = (contractName: string) =>
    stack().deployment.contracts[contractName]!.address as Address;
  const client = () => createPublicClient({ transport: http(stack().rpcUrl) });

  /** A direct transaction from a demo account (setup the page must not do); its receipt. */
  async function send(
    from: number,
    address: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
    value?: bigint,
  ) {
    const account = privateKeyToAccount(ACCOUNTS[from]!.privateKey);
    const wallet = createWalletClient({ account, transport: http(stack().rpcUrl) });
    const hash = await wallet.writeContract({
      address,
      abi,
      functionName,
      args,
      chain: null,
      ...(value !== undefined ? { value } : {}),
    });
    const receipt = await client().waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    return receipt;
  }

  /** A GET call; null when the envelope's code is not 0. */
  async function get<T>(pathAndQuery: string): Promise<T | null> {
    const answer = (await (await fetch(`${stack().url}/v1/api${pathAndQuery}`)).json()) as {
      code: number;
      data: T;
    };
    return answer.code === 0 ? answer.data : null;
  }

  /** A POST call with a JSON body; null when the envelope's code is not 0. */
  async function post<T>(call: string, body: unknown): Promise<T | null> {
    const answer = (await (
      await fetch(`${stack().url}/v1/api${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; data: T };
    return answer.code === 0 ? answer.data : null;
  }

  /** A signed-in browser page of demo account `index`. */
  async function signedInPage(index: number): Promise<{ page: Page; wallet: TestWallet }> {
    const { stack: s, browser } = started();
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const wallet = await installTestWallet(context, {
      rpcUrl: s.rpcUrl,
      chainId: s.chainId,
      privateKey: ACCOUNTS[index]!.privateKey,
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
    const consoleTypes = options.consoleTypes ?? [];
    if (consoleTypes.length > 0) {
      page.on('console', (m) => {
        if (consoleTypes.includes(m.type())) console.error(`console ${index}: ${m.text()}`);
      });
    }
    await page.goto(s.url);
    await page.getByTestId('home-hero').waitFor();
    await signInWithTestWallet(page);
    return { page, wallet };
  }

  async function openItem(page: Page, nft: Address, tokenId: bigint) {
    await page.goto(`${stack().url}/asset?tokenId=${tokenId}&contractAddr=${nft}`);
    await page.getByTestId('item-actions').waitFor({ timeout: 30_000 });
  }

  /** Waits for a dialog's chain action to end; a failure throws with the message it shows. */
  async function settled(modal: Locator) {
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

  /** The owner of a seeded hero (lowercase). */
  const ownerOf = async (tokenId: bigint) =>
    (
      await client().readContract({
        address: contract('GameItems721'),
        abi: gameItems721Abi,
        functionName: 'ownerOf',
        args: [tokenId],
      })
    ).toLowerCase();

  /** The seeded heroes held by a demo account not in `exclude`: [tokenId, account index]. */
  async function heroesHeld(exclude: number[] = []): Promise<[bigint, number][]> {
    const ids = Array.from({ length: Number(HEROES_SUPPLY) }, (_, i) => BigInt(i + 1));
    const owners = await Promise.all(ids.map(ownerOf));
    return ids
      .map((id, i) => [id, indexOf(owners[i]!)] as [bigint, number])
      .filter(([, who]) => who >= 0 && !exclude.includes(who));
  }

  return {
    shot,
    step,
    contract,
    client,
    send,
    get,
    post,
    signedInPage,
    openItem,
    settled,
    ownerOf,
    heroesHeld,
  };
}
