import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS, TIMING } from '@aiamarket/shared';
import { ApiAnswer, mockApi } from '../test/api';
import { renderApp } from '../test/render';
import { apiRequest } from '../lib/api';
import { browser } from '../lib/browser';
import { isSignedIn, saveSession } from '../lib/session';

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function signIn() {
  saveSession({ token: 'tok', address: ADDRESS, wallet: 'io.metamask', walletName: 'MetaMask' });
  localStorage.setItem(
    'userInfo',
    JSON.stringify({ userAddr: ADDRESS, username: 'Ada', imageUrl: '/ipfs/bafyx' }),
  );
}

/** Radix opens its menu on pointer down. */
function openMenu() {
  const trigger = screen.getByTestId('account-menu');
  fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
}

describe('the signed-in top bar', () => {
  it('shows the avatar menu instead of Connect wallet, with the spec items', async () => {
    signIn();
    mockApi({ 'GET /v1/api/user/current': { userAddr: ADDRESS, username: 'Ada', imageUrl: null } });
    const { router } = renderApp('/');
    const trigger = await screen.findByTestId('account-menu');
    expect(trigger.textContent).toContain('Ada');
    expect(screen.queryByTestId('connect-wallet')).toBeNull();

    openMenu();
    expect((await screen.findByTestId('menu-my-nfts')).textContent).toBe('My NFTs');
    expect(screen.getByTestId('menu-my-collections').textContent).toBe('My collections');
    expect(screen.getByTestId('menu-logout').textContent).toBe('Log out');
    fireEvent.click(screen.getByTestId('menu-settings'));
    await screen.findByTestId('settings-page');
    expect(router.state.location.pathname).toBe(`/user-settings/${ADDRESS}`);
  });

  it('logs out from the menu', async () => {
    signIn();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const api = mockApi({ 'GET /v1/api/user/current': null, 'GET /v1/api/user/loginOut': null });
    renderApp('/');
    await screen.findByTestId('account-menu');
    openMenu();
    fireEvent.click(await screen.findByTestId('menu-logout'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(api.some((c) => c.path === '/v1/api/user/loginOut')).toBe(true);
    expect(isSignedIn()).toBe(false);
    expect(await screen.findByTestId('connect-wallet')).toBeTruthy();
  });

  it('forces a logout when the server says the session ended (1008)', async () => {
    signIn();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /v1/api/user/current': () => {
        throw new ApiAnswer(ERRORS.sessionEnded.code, 'Logged out elsewhere', 401);
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/');
      await expect(apiRequest('/user/current')).rejects.toMatchObject({ code: 1008 });
      expect(await screen.findByText('You have been logged out, please log in again')).toBeTruthy();
      expect(isSignedIn()).toBe(false);
      await act(async () => {
        vi.advanceTimersByTime(TIMING.forcedLogoutDelayMs);
      });
      expect(assign).toHaveBeenCalledWith('/');
    } finally {
      vi.useRealTimers();
    }
  });
});
