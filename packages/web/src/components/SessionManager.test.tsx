import { render, screen, waitFor } from '@testing-library/react';
import { Toasts } from './Toasts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api';
import { fakeProvider } from '../test/provider';
import { resetAppConfig } from '../lib/appConfig';
import { browser } from '../lib/browser';
import { getSession, isSignedIn, saveSession } from '../lib/session';
import { getWalletStatus } from '../lib/wallet';
import { SessionManager } from './SessionManager';
import { testAppConfig } from '../test/app-config';

const APP = testAppConfig();
const ADDRESS = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';

beforeEach(() => {
  resetAppConfig(APP);
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  resetAppConfig();
  delete (globalThis as { ethereum?: unknown }).ethereum;
});

describe('SessionManager: the signed-in wallet moves to another chain', () => {
  it.each([
    ['the wallet reports the new chain', false],
    ['a wallet with per-chain site permissions drops the account on that chain', true],
  ])(
    "shows 'Please switch to mainnet!' naming the product chain, then logs out (%s)",
    async (_label, dropsAccount) => {
      const fake = fakeProvider({ chainId: 1319, address: ADDRESS });
      // The wallet already granted this site its account (a reload of a signed-in page).
      await fake.provider.request({ method: 'eth_requestAccounts' });
      (globalThis as { ethereum?: unknown }).ethereum = fake.provider;
      const api = mockApi({
        'GET /v1/api/user/current': { id: 1, userAddr: ADDRESS.toLowerCase(), username: 'ada' },
        'GET /v1/api/user/loginOut': null,
      });
      saveSession({
        token: 'the-token',
        address: ADDRESS.toLowerCase(),
        wallet: 'injected',
        walletName: 'Browser wallet',
      });
      render(
        <>
          <SessionManager />
          <Toasts />
        </>,
      );
      await waitFor(() => expect(getWalletStatus()).toBe('connected'), { timeout: 5000 });

      if (dropsAccount) fake.setChainWithoutSite(1);
      else fake.setChain(1);

      expect(await screen.findByText('Please switch to mainnet!')).toBeTruthy();
      expect(
        await screen.findByText(
          'Your wallet is on chain 1; this marketplace runs on AIA Mainnet (chain 1319).',
        ),
      ).toBeTruthy();
      await waitFor(() => expect(api.some((c) => c.path === '/v1/api/user/loginOut')).toBe(true));
      await waitFor(() => expect(isSignedIn(getSession())).toBe(false));
      // The reload waits for the forced-logout delay, so that the message can be read.
      await waitFor(() => expect(browser.reload).toHaveBeenCalled(), { timeout: 5000 });
      expect(screen.getByText('Please switch to mainnet!')).toBeTruthy();
      // Not the account-change logout, which goes to /marketplace at once.
      expect(browser.assign).not.toHaveBeenCalled();
    },
    // The wallet library loads on first use: slow on a busy machine.
    20_000,
  );
});
