import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ERRORS, TIMING } from '@aiamarket/shared';
import { mockApi, ApiAnswer } from '../../test/api';
import { fakeProvider } from '../../test/provider';
import { resetAppConfig, type AppConfig } from '../appConfig';
import { browser } from '../browser';
import { getSession, isSignedIn, saveSession, setLoginType } from '../session';
import {
  afterSignIn,
  forceLogout,
  getWalletStatus,
  logout,
  signIn,
  takeSignedInFlag,
} from './index';
import * as engine from './engine';
import { walletErrorText, WalletError } from './errors';

vi.mock('./engine', () => ({
  connectWallet: vi.fn(),
  signWithWallet: vi.fn(),
  disconnectWallet: vi.fn(async () => {}),
  resumeWallet: vi.fn(),
  watchWallet: vi.fn(() => () => {}),
}));

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const LOWER = ADDRESS.toLowerCase();
const MESSAGE = 'localhost wants you to sign in with your Ethereum account:\n...';
const APP = { chain: { chainId: 31337 } } as AppConfig;
const PROFILE = { id: 1, userAddr: LOWER, username: 'ada', imageUrl: null };

beforeEach(() => {
  resetAppConfig(APP);
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  vi.mocked(engine.connectWallet).mockReset();
  vi.mocked(engine.signWithWallet).mockReset();
});

afterEach(() => {
  resetAppConfig();
  vi.useRealTimers();
});

describe('signIn', () => {
  it('connects, fetches the nonce and the message, signs it and keeps the session', async () => {
    const api = mockApi({
      [`GET /v1/api/user/nonce/${LOWER}`]: 'abcdef0123456789',
      [`GET /v1/api/user/signMessage/${LOWER}`]: { message: MESSAGE, nonce: 'abcdef0123456789' },
      'POST /v1/api/user/authNew': 'the-token',
      'GET /v1/api/user/current': PROFILE,
    });
    vi.mocked(engine.connectWallet).mockImplementation(async (_w, _a, onStep) => {
      onStep?.('connecting');
      return ADDRESS;
    });
    vi.mocked(engine.signWithWallet).mockResolvedValue('0xsigned');
    const { wallet } = fakeProvider();
    const steps: string[] = [];

    await expect(signIn(wallet, (s) => steps.push(s))).resolves.toBe(LOWER);

    expect(steps).toEqual(['connecting', 'signing']);
    expect(api.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v1/api/user/nonce/${LOWER}`,
      `GET /v1/api/user/signMessage/${LOWER}`,
      'POST /v1/api/user/authNew',
      'GET /v1/api/user/current',
    ]);
    expect(api[1]!.query.get('nonce')).toBe('abcdef0123456789');
    expect(vi.mocked(engine.signWithWallet).mock.calls[0]!.slice(2)).toEqual([ADDRESS, MESSAGE]);
    expect(api[2]!.body).toEqual({ userAddr: LOWER, signature: '0xsigned', msg: MESSAGE });
    // The token goes in the web-token cookie and is sent from now on.
    expect(document.cookie).toContain('web-token=the-token');
    expect(api[3]!.headers.get('token')).toBe('the-token');
    expect(localStorage.getItem('accountAddress')).toBe(LOWER);
    expect(localStorage.getItem('wallet')).toBe('test.fake.wallet');
    expect(localStorage.getItem('walletName')).toBe('Fake Wallet');
    expect(getSession().userInfo).toMatchObject({ username: 'ada' });
    expect(isSignedIn()).toBe(true);
    expect(getWalletStatus()).toBe('connected');
  });

  it('keeps no session when the server refuses the signature', async () => {
    mockApi({
      [`GET /v1/api/user/nonce/${LOWER}`]: 'abcdef0123456789',
      [`GET /v1/api/user/signMessage/${LOWER}`]: { message: MESSAGE },
      'POST /v1/api/user/authNew': () => {
        throw new ApiAnswer(10011, ERRORS.signatureInvalid.message);
      },
    });
    vi.mocked(engine.connectWallet).mockResolvedValue(ADDRESS);
    vi.mocked(engine.signWithWallet).mockResolvedValue('0xbad');
    const error = await signIn(fakeProvider().wallet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(walletErrorText(error)).toBeNull();
    expect(isSignedIn()).toBe(false);
    expect(getWalletStatus()).toBe('error');
  });
});

describe('walletErrorText', () => {
  it('maps the wallet errors to the spec messages', () => {
    const wrapped = new Error('wrapped', {
      cause: Object.assign(new Error('User rejected'), { code: 4001 }),
    });
    expect(walletErrorText(wrapped)).toEqual({ key: 'wallet.errors.rejected' });
    expect(walletErrorText(Object.assign(new Error('x'), { code: -32002 }))).toEqual({
      key: 'wallet.errors.pending',
    });
    const notFound = Object.assign(new Error('x'), { name: 'ProviderNotFoundError' });
    expect(walletErrorText(notFound)).toEqual({ key: 'wallet.errors.noEthereum' });
    const switchError = Object.assign(new Error('x'), { name: 'SwitchChainError' });
    expect(walletErrorText(switchError)).toEqual({ key: 'wallet.errors.wrongChain' });
    expect(walletErrorText(new WalletError({ key: 'wallet.errors.noAccount' }))).toEqual({
      key: 'wallet.errors.noAccount',
    });
    expect(walletErrorText(new Error('boom'))).toEqual({ key: 'wallet.errors.failed' });
  });
});

function signedIn() {
  saveSession({ token: 'tok', address: LOWER, wallet: 'io.metamask', walletName: 'MetaMask' });
  localStorage.setItem('userInfo', JSON.stringify(PROFILE));
  setLoginType('homeSell');
}

describe('afterSignIn', () => {
  it('opens the account page after a sell click (loginType homeSell), else reloads', () => {
    setLoginType('homeSell');
    afterSignIn(LOWER);
    expect(browser.assign).toHaveBeenCalledWith(`/account/0/${LOWER}`);
    expect(localStorage.getItem('loginType')).toBeNull();
    afterSignIn(LOWER);
    expect(browser.reload).toHaveBeenCalledTimes(1);
    // The next page shows the login toast once.
    expect(takeSignedInFlag()).toBe(true);
    expect(takeSignedInFlag()).toBe(false);
  });
});

describe('logout', () => {
  it('ends the server session, clears the stored one and reloads', async () => {
    signedIn();
    const api = mockApi({ 'GET /v1/api/user/loginOut': null });
    await logout();
    expect(api[0]).toMatchObject({ method: 'GET', path: '/v1/api/user/loginOut' });
    expect(api[0]!.headers.get('token')).toBe('tok');
    expect(document.cookie).not.toContain('web-token=tok');
    for (const key of ['wallet', 'walletName', 'accountAddress', 'userInfo', 'loginType']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('clears the session even when the server cannot be reached, and can go elsewhere', async () => {
    signedIn();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await logout({ then: '/marketplace' });
    expect(isSignedIn()).toBe(false);
    expect(browser.assign).toHaveBeenCalledWith('/marketplace');
  });
});

describe('forceLogout', () => {
  it('shows the message, clears the session, then loads / after 2.5 s, once', () => {
    vi.useFakeTimers();
    signedIn();
    const show = vi.fn();
    forceLogout(show);
    forceLogout(show);
    expect(show).toHaveBeenCalledTimes(1);
    expect(isSignedIn()).toBe(false);
    vi.advanceTimersByTime(TIMING.forcedLogoutDelayMs - 1);
    expect(browser.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(browser.assign).toHaveBeenCalledWith('/');
  });
});
