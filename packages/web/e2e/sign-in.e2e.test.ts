import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createPublicClient, http, parseEther, type Hex } from 'viem';
import { useJourney } from './journey.js';
import { signInWithTestWallet as signIn, TEST_WALLET_INFO } from './test-wallet.js';

// The wallet-and-session journey: sign in with a browser wallet (chain switch and
// add, signature, token cookie), settings with an avatar upload, logout, a forced logout when
// the session is ended elsewhere, and the wallet's account and chain changes.

const journey = useJourney('sign-in', { privateWebDist: true });

/** A real (tiny) PNG: signature, IHDR, IDAT, IEND with their CRCs. */
function tinyPng(width = 4, height = 4, rgb: [number, number, number] = [34, 211, 238]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array(height).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function tokenCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(journey.stack().url)).find((c) => c.name === 'web-token')?.value;
}

async function api<T>(
  apiPath: string,
  token?: string,
): Promise<{ code: number; data: T; message: string }> {
  const res = await fetch(`${journey.stack().url}/v1/api${apiPath}`, {
    headers: token ? { token: decodeURIComponent(token) } : {},
  });
  return (await res.json()) as { code: number; data: T; message: string };
}

describe('wallet sign-in and session', () => {
  it('signs in: adds and switches to the product chain, signs, keeps the token', async () => {
    const { context, page, wallet, problems } = await journey.walletPage(1);
    await page.getByTestId('connect-wallet').click();
    await expect(
      page.getByTestId(`wallet-option-${TEST_WALLET_INFO.rdns}`).innerText(),
    ).resolves.toContain('Test Wallet');
    // MetaMask and a second named wallet are not installed: links to their download pages.
    expect(await page.getByTestId('wallet-install-io.metamask').getAttribute('href')).toBe(
      'https://metamask.io/download/',
    );
    expect(await page.getByTestId('wallet-install-com.okex.wallet').innerText()).toContain(
      'OKX Wallet',
    );
    // No WalletConnect project id in this build: no WalletConnect option.
    expect(await page.getByTestId('wallet-option-walletconnect').count()).toBe(0);
    await journey.shot(page, 'dialog');
    await page.getByTestId(`wallet-option-${TEST_WALLET_INFO.rdns}`).click();
    await page.getByTestId('account-menu').waitFor({ timeout: 30_000 });
    // The login success toast, on the reloaded page.
    await page.getByText('Signed in', { exact: true }).waitFor();

    const address = wallet.address.toLowerCase();
    // The wallet was asked to switch, answered 4902, and was given the chain.
    expect(wallet.calls).toContain('wallet_switchEthereumChain');
    expect(wallet.calls).toContain('personal_sign');
    const app = await api<{ chain: { chainId: number; name: string; rpcUrl: string } }>(
      '/config/app',
    );
    expect(wallet.addedChains).toHaveLength(1);
    expect(wallet.addedChains[0]).toMatchObject({
      chainId: `0x${journey.stack().chainId.toString(16)}`,
      chainName: app.data.chain.name,
      nativeCurrency: { name: 'AIA', symbol: 'AIA', decimals: 18 },
      rpcUrls: [app.data.chain.rpcUrl],
    });
    expect(wallet.chainId).toBe(journey.stack().chainId);

    const token = await tokenCookie(context);
    expect(token).toBeTruthy();
    const current = await api<{ userAddr: string }>('/user/current', token);
    expect(current.code).toBe(0);
    expect(current.data.userAddr).toBe(address);
    const stored = await page.evaluate(() => ({
      accountAddress: localStorage.getItem('accountAddress'),
      wallet: localStorage.getItem('wallet'),
      walletName: localStorage.getItem('walletName'),
    }));
    expect(stored).toEqual({
      accountAddress: address,
      wallet: TEST_WALLET_INFO.rdns,
      walletName: 'Test Wallet',
    });
    expect(await page.getByTestId('account-menu').getAttribute('data-address')).toBe(address);
    expect(await page.getByTestId('connect-wallet').count()).toBe(0);
    await journey.shot(page, 'signed-in');

    // The avatar menu.
    await page.getByTestId('account-menu').click();
    for (const id of ['menu-my-nfts', 'menu-my-collections', 'menu-settings', 'menu-logout']) {
      await page.getByTestId(id).waitFor();
    }
    await page.keyboard.press('Escape');

    // The wallet signs transactions with the real key (later journeys buy and list with it).
    const to = journey.stack().accounts[3]!.address as Hex;
    const client = createPublicClient({ transport: http(journey.stack().rpcUrl) });
    const before = await client.getBalance({ address: to });
    const hash = await page.evaluate(
      ([from, recipient]) =>
        (
          window as unknown as {
            ethereum: { request(a: { method: string; params: unknown[] }): Promise<string> };
          }
        ).ethereum.request({
          method: 'eth_sendTransaction',
          params: [{ from, to: recipient, value: '0xde0b6b3a7640000' }],
        }),
      [wallet.address, to] as const,
    );
    const receipt = await client.waitForTransactionReceipt({ hash: hash as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(address);
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther('1'));

    expect(problems).toEqual([]);
    await context.close();
  });

  it('after a sell prompt (loginType homeSell) opens the account page instead of reloading', async () => {
    const { context, page, wallet, problems } = await journey.walletPage(1);
    await page.evaluate(() => localStorage.setItem('loginType', 'homeSell'));
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId(`wallet-option-${TEST_WALLET_INFO.rdns}`).click();
    const address = wallet.address.toLowerCase();
    await page.waitForURL((url) => url.pathname === `/account/0/${address}`, { timeout: 30_000 });
    await page.getByTestId('account-menu').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('loginType'))).toBeNull();
    expect(await tokenCookie(context)).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the wallet refusal and stays signed out', async () => {
    const { context, page, wallet } = await journey.walletPage(1);
    wallet.reject.add('personal_sign');
    await page.getByTestId('connect-wallet').click();
    await page.getByTestId(`wallet-option-${TEST_WALLET_INFO.rdns}`).click();
    const error = page.getByTestId('wallet-error');
    await error.waitFor();
    expect(await error.innerText()).toContain(
      'You declined the sign-in request in your wallet. Nothing was signed.',
    );
    expect(await error.getByTestId('wallet-retry').isVisible()).toBe(true);
    expect(await tokenCookie(context)).toBeUndefined();
    await context.close();
  });

  it('edits the settings with an avatar upload, then logs out', async () => {
    const { context, page, problems } = await journey.walletPage(1);
    await signIn(page);
    const address = (await page.getByTestId('account-menu').getAttribute('data-address'))!;

    await page.getByTestId('account-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-form').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/user-settings/${address}`);

    // Empty required fields: the message, and Save stays disabled.
    const save = page.getByTestId('settings-save');
    await page.getByTestId('settings-username').fill('');
    await page.getByTestId('settings-email').focus();
    await page.getByTestId('settings-username-error').waitFor();
    expect(await page.getByTestId('settings-username-error').innerText()).toBe(
      'This field must be filled',
    );
    expect(await save.isDisabled()).toBe(true);

    await page.getByTestId('settings-username').fill('Ada Player');
    expect(await save.isDisabled()).toBe(true); // email still empty
    await page.getByTestId('settings-email').fill('ada@example.com');
    await page.getByTestId('settings-bio').fill('Collects swords and rare skins.');
    expect(await save.isDisabled()).toBe(false);

    // Refused before upload: wrong type, too large for an avatar (1 MB).
    const input = page.getByTestId('settings-avatar-input');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Uploading image should be JPG/PNG/GIF').first().waitFor();
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(1024 * 1024 + 1),
    });
    await page.getByText('Uploaded image should be less than 1M').first().waitFor();

    // A real PNG is uploaded and previewed.
    await input.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: tinyPng() });
    const preview = page.locator('[data-testid="settings-avatar"] img');
    await preview.waitFor();
    const avatarUrl = await preview.getAttribute('src');
    expect(avatarUrl).toMatch(/^\/ipfs\/b[a-z2-7]+$/);
    const image = await fetch(`${journey.stack().url}${avatarUrl}`);
    expect(image.status).toBe(200);

    await save.click();
    await page.getByText('Information updated').waitFor();
    await journey.shot(page, 'settings-saved');

    await page.reload();
    await page.getByTestId('settings-form').waitFor();
    expect(await page.getByTestId('settings-username').inputValue()).toBe('Ada Player');
    expect(await page.getByTestId('settings-email').inputValue()).toBe('ada@example.com');
    expect(await page.getByTestId('settings-bio').inputValue()).toBe(
      'Collects swords and rare skins.',
    );
    expect(await preview.getAttribute('src')).toBe(avatarUrl);
    // The top bar shows the new name and picture.
    expect(await page.getByTestId('account-menu').innerText()).toContain('Ada Player');
    expect(await page.locator('[data-testid="account-menu"] img').getAttribute('src')).toBe(
      avatarUrl,
    );
    const profile = await api<{ username: string; imageUrl: string }>(`/user/address/${address}`);
    expect(profile.data).toMatchObject({ username: 'Ada Player', imageUrl: avatarUrl });

    // Log out.
    const token = await tokenCookie(context);
    await page.getByTestId('account-menu').click();
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('menu-logout').click();
    await reloaded;
    await page.getByTestId('connect-wallet').waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('accountAddress'))).toBeNull();
    expect((await api('/user/current', token)).code).toBe(1008);
    // Settings of that address now ask to sign in.
    await page.getByTestId('settings-signin').waitFor();
    await journey.shot(page, 'logged-out');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sessions are per device: a sign-in elsewhere keeps this one, a logout there ends only its own', async () => {
    const first = await journey.walletPage(1);
    await signIn(first.page);
    const second = await journey.walletPage(1);
    await signIn(second.page);
    const firstToken = await tokenCookie(first.context);
    const secondToken = await tokenCookie(second.context);
    expect(secondToken).not.toBe(firstToken);

    // The first device goes on: its calls still carry a live session (no forced logout).
    await first.page.getByTestId('account-menu').click();
    await first.page.getByTestId('menu-settings').click();
    await first.page.getByTestId('settings-form').waitFor();
    expect((await api('/user/current', firstToken)).code).toBe(0);

    // Logging out on the second device ends that session only.
    await second.page.getByTestId('account-menu').click();
    const reloaded = second.page.waitForEvent('load');
    await second.page.getByTestId('menu-logout').click();
    await reloaded;
    await second.page.getByTestId('connect-wallet').waitFor();
    expect((await api('/user/current', secondToken)).code).toBe(1008);
    expect((await api('/user/current', firstToken)).code).toBe(0);
    await first.page.reload();
    await first.page.getByTestId('settings-form').waitFor();
    expect(await tokenCookie(first.context)).toBe(firstToken);
    await first.context.close();
    await second.context.close();
  });

  it('logs out by force on an unknown or expired token (10003)', async () => {
    const { context, page, wallet } = await journey.walletPage(1);
    await context.addCookies([
      { name: 'web-token', value: 'not-a-session', url: journey.stack().url },
    ]);
    await page.evaluate((address) => {
      localStorage.setItem('accountAddress', address);
      localStorage.setItem('wallet', 'dev.aiamarket.testwallet');
      localStorage.setItem('walletName', 'Test Wallet');
    }, wallet.address.toLowerCase());
    // Any call with the token: the profile refresh of the signed-in shell.
    await page.goto(`${journey.stack().url}/user-settings/${wallet.address.toLowerCase()}`);
    await page.getByText('Login has expired, please log in again').waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await page.getByTestId('connect-wallet').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accountAddress'))).toBeNull();
    await context.close();
  });

  it('logs out when the wallet switches account, and goes to /marketplace', async () => {
    const { context, page, wallet } = await journey.walletPage(1);
    await signIn(page);
    await page.locator('[data-testid="account-menu"][data-wallet-status="connected"]').waitFor();
    const token = await tokenCookie(context);
    const navigation = page.waitForRequest(
      (r) => r.resourceType() === 'document' && new URL(r.url()).pathname === '/marketplace',
    );
    await wallet.switchAccount(journey.stack().accounts[2]!.privateKey as Hex);
    await navigation;
    await page.getByTestId('connect-wallet').waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    expect((await api('/user/current', token)).code).toBe(1008);
    await context.close();
  });

  it('warns and logs out when the wallet moves to another chain', async () => {
    const { context, page, wallet } = await journey.walletPage(1);
    await signIn(page);
    await page.locator('[data-testid="account-menu"][data-wallet-status="connected"]').waitFor();
    await wallet.switchChain(1);
    await page.getByText('Please switch to mainnet!').waitFor();
    // The product chain is named (the local stack's, in this test).
    await page
      .getByText(/^Your wallet is on chain 1; this marketplace runs on .+ \(chain \d+\)\.$/)
      .waitFor();
    await journey.shot(page, 'wrong-chain');
    await page.getByTestId('connect-wallet').waitFor({ timeout: 10_000 });
    expect(await tokenCookie(context)).toBeUndefined();
    await context.close();
  });
});
