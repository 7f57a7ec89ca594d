import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getLoginType,
  getSession,
  isSignedIn,
  openConnectDialogToSell,
  saveSession,
  setUserInfo,
  subscribeSession,
  type UserProfile,
} from './session';

describe('the session store', () => {
  it('is signed out without a token cookie', () => {
    localStorage.setItem('accountAddress', '0xabc');
    expect(isSignedIn()).toBe(false);
  });

  it('keeps the token in the web-token cookie and the wallet in local storage', () => {
    let changes = 0;
    const off = subscribeSession(() => (changes += 1));
    saveSession({ token: 't 1', address: '0xABC', wallet: 'io.metamask', walletName: 'MetaMask' });
    expect(document.cookie).toContain('web-token=t%201');
    expect(getSession()).toMatchObject({
      token: 't 1',
      address: '0xabc',
      wallet: 'io.metamask',
      walletName: 'MetaMask',
      userInfo: null,
    });
    expect(isSignedIn()).toBe(true);
    // A stable snapshot until something changes.
    expect(getSession()).toBe(getSession());

    setUserInfo({ userAddr: '0xabc', username: 'ada' } as UserProfile);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ username: 'ada' });
    expect(getSession().userInfo?.username).toBe('ada');

    localStorage.setItem('loginType', 'homeSell');
    clearSession();
    expect(isSignedIn()).toBe(false);
    expect(getSession()).toMatchObject({ token: null, address: null, userInfo: null });
    expect(localStorage.getItem('loginType')).toBeNull();
    expect(changes).toBe(3);
    off();
  });

  it('ignores a damaged stored profile', () => {
    localStorage.setItem('userInfo', '{nope');
    expect(getSession().userInfo).toBeNull();
  });
  it('opens the login prompt of a sell entry point with loginType homeSell', () => {
    expect(getLoginType()).toBeNull();
    openConnectDialogToSell();
    expect(localStorage.getItem('loginType')).toBe('homeSell');
    expect(getLoginType()).toBe('homeSell');
    // A logout (clearSession) forgets it too.
    clearSession();
    expect(getLoginType()).toBeNull();
  });
});
