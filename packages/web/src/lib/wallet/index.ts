import { LOGIN_TYPE_HOME_SELL, TIMING } from '@aiamarket/shared';
import { apiRequest } from '../api';
import { loadAppConfig } from '../appConfig';
import { browser } from '../browser';
import { findWallet, type DiscoveredWallet } from '../eip6963';
import {
  clearSession,
  getLoginType,
  getSession,
  isSignedIn,
  saveSession,
  setLoginType,
  setUserInfo,
  type UserProfile,
} from '../session';
import type * as EngineModule from './engine';
import type { ConnectStep } from './engine';
import { setWalletStatus } from './status';
import { disconnectWalletConnect, WALLETCONNECT_ID, walletConnectWallet } from './walletconnect';

export type { ConnectStep } from './engine';
export { walletErrorText, WalletError, type WalletErrorText } from './errors';
export { getWalletStatus, useWalletStatus, type WalletStatus } from './status';
export { NAMED_WALLETS, walletChoices, type WalletChoice } from './named';
export { WALLETCONNECT_ID, walletConnectProjectId, walletConnectWallet } from './walletconnect';

// Sign-in, logout and the wallet watch of spec section 4. The wagmi code (./engine) is loaded
// on first use so that visitors who never connect a wallet do not download it.

type Engine = typeof EngineModule;
let engine: Promise<Engine> | null = null;

export function loadEngine(): Promise<Engine> {
  if (!engine) {
    engine = import('./engine').catch((error: unknown) => {
      engine = null;
      throw error;
    });
  }
  return engine;
}

/** The answer of GET /v1/api/user/signMessage/{address}. */
export interface SignMessage {
  message: string;
  nonce: string;
  domain: string;
  uri: string;
  chainId: number;
  issuedAt: string;
  expirationTime: string;
}

export type SignInStep = ConnectStep;

/**
 * Connects the wallet, switches it to the product chain, signs the server's message and opens
 * a session. Returns the lowercased address. Throws what failed (wallet or API error).
 */
export async function signIn(
  wallet: DiscoveredWallet,
  onStep: (step: SignInStep) => void = () => {},
): Promise<string> {
  setWalletStatus('connecting');
  try {
    const address = await signInSteps(wallet, onStep);
    setWalletStatus('connected');
    return address;
  } catch (error) {
    setWalletStatus('error');
    throw error;
  }
}

async function signInSteps(
  wallet: DiscoveredWallet,
  onStep: (step: SignInStep) => void,
): Promise<string> {
  const [app, e] = await Promise.all([loadAppConfig(), loadEngine()]);
  const address = await e.connectWallet(wallet, app, onStep);
  const lower = address.toLowerCase();
  onStep('signing');
  const nonce = await apiRequest<string>(`/user/nonce/${lower}`);
  const sign = await apiRequest<SignMessage>(`/user/signMessage/${lower}`, { query: { nonce } });
  const signature = await e.signWithWallet(wallet, app, address, sign.message);
  const token = await apiRequest<string>('/user/authNew', {
    body: { userAddr: lower, signature, msg: sign.message },
    loading: true,
  });
  saveSession({ token, address: lower, wallet: wallet.info.rdns, walletName: wallet.info.name });
  try {
    setUserInfo(await apiRequest<UserProfile>('/user/current'));
  } catch {
    // The profile is refreshed on the next page load.
  }
  return lower;
}

const SIGNED_IN_FLAG = 'aiamarket.signedIn';

/** True once after the page that follows a sign-in has loaded (for the success toast). */
export function takeSignedInFlag(): boolean {
  try {
    const set = sessionStorage.getItem(SIGNED_IN_FLAG) === '1';
    sessionStorage.removeItem(SIGNED_IN_FLAG);
    return set;
  } catch {
    return false;
  }
}

/** Where the page goes after a sign-in: the account page for a sell click, else a reload. */
export function afterSignIn(address: string): void {
  try {
    sessionStorage.setItem(SIGNED_IN_FLAG, '1');
  } catch {
    // No session storage: no toast after the reload.
  }
  if (getLoginType() === LOGIN_TYPE_HOME_SELL) {
    setLoginType(null);
    browser.assign(`/account/0/${address}`);
  } else {
    browser.reload();
  }
}

/**
 * The wallet a stored session was signed in with: a browser wallet (waited for up to the
 * provider time-out) or the WalletConnect session. Null when it is not there.
 */
export async function findSessionWallet(id: string): Promise<DiscoveredWallet | null> {
  if (id === WALLETCONNECT_ID) return walletConnectWallet(await loadAppConfig());
  return findWallet(id, TIMING.walletProviderTimeoutMs);
}

async function disconnectIfLoaded(): Promise<void> {
  // Spec section 4: logout also ends the wallet-connection protocol's session.
  await disconnectWalletConnect();
  if (!engine) return;
  try {
    await (await engine).disconnectWallet();
  } catch {
    // The wallet library failed to load: nothing is connected then.
  }
}

/**
 * Logout (spec section 4): ends the server session, forgets the local one, disconnects the
 * wallet and reloads (or loads `then` instead).
 */
let loggingOut = false;
let stopActiveWatch: () => void = () => {};

export async function logout(options: { then?: string; delayMs?: number } = {}): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  stopActiveWatch();
  try {
    await apiRequest('/user/loginOut', { loading: true });
  } catch {
    // An expired session or a network error: the local session is cleared all the same.
  }
  clearSession();
  await disconnectIfLoaded();
  setWalletStatus('disconnected');
  const leave = () => {
    loggingOut = false;
    if (options.then) browser.assign(options.then);
    else browser.reload();
  };
  if (options.delayMs) setTimeout(leave, options.delayMs);
  else leave();
}

let forcing = false;

/**
 * The server said the session is over (10003 / 1008): forget it now, and after the spec's
 * 2.5 s (time to read the message) load the home page. Repeated calls do nothing.
 */
export function forceLogout(
  showMessage: () => void,
  delayMs: number = TIMING.forcedLogoutDelayMs,
): void {
  if (forcing) return;
  forcing = true;
  stopActiveWatch();
  showMessage();
  clearSession();
  setWalletStatus('disconnected');
  void disconnectIfLoaded();
  setTimeout(() => {
    forcing = false;
    browser.assign('/');
  }, delayMs);
}

export interface WatchHandlers {
  /**
   * A chain other than the product chain: the message is shown before logging out. `chainId` is
   * the wallet's chain now, `product` the chain the marketplace runs on.
   */
  onWrongChain(chainId: number, product: { chainId: number; name: string }): void;
}

/**
 * For a signed-in page: reconnects the session's wallet without a prompt and watches it. An
 * account change logs out and goes to /marketplace; a chain change to another chain shows
 * 'Please switch to mainnet!' and logs out (reloading after the forced-logout delay, so that the
 * message can be read). Returns a function that stops watching.
 */
export function watchSessionWallet(handlers: WatchHandlers): () => void {
  let stopped = false;
  let stopWatch = () => {};
  const session = getSession();
  if (!isSignedIn(session) || !session.wallet) return () => {};
  const address = session.address!;
  void (async () => {
    setWalletStatus('connecting');
    const wallet = await findSessionWallet(session.wallet!);
    if (stopped) return;
    if (!wallet) {
      setWalletStatus('error');
      return;
    }
    const [app, e] = await Promise.all([loadAppConfig(), loadEngine()]);
    if (stopped) return;
    const resumed = await e.resumeWallet(wallet, app).catch(() => null);
    if (stopped) return;
    if (!resumed) {
      // Signed in, but the wallet does not grant the account now (locked, or revoked).
      setWalletStatus('disconnected');
      return;
    }
    if (resumed.address.toLowerCase() !== address) {
      void logout({ then: '/marketplace' });
      return;
    }
    setWalletStatus('connected');
    stopWatch = e.watchWallet(app, address, {
      onAccountChanged: () => void logout({ then: '/marketplace' }),
      onWrongChain: (chainId) => {
        handlers.onWrongChain(chainId, { chainId: app.chain.chainId, name: app.chain.name });
        void logout({ delayMs: TIMING.forcedLogoutDelayMs });
      },
    });
  })().catch(() => {
    // The wallet could not be reached: the session stays; the next wallet action reconnects.
    if (!stopped) setWalletStatus('error');
  });
  const stop = () => {
    stopped = true;
    stopWatch();
  };
  stopActiveWatch = stop;
  return stop;
}
