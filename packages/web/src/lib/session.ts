import { useSyncExternalStore } from 'react';
import { LOGIN_TYPE_HOME_SELL, SIGN_IN, STORAGE_KEYS, TOKEN_COOKIE } from '@aiamarket/shared';
import { deleteCookie, readCookie, writeCookie } from './cookies';

// The signed-in session of the spec's client state (section 3): the token in the `web-token`
// cookie, the wallet, its name, the lowercased address and the user's profile in local storage.
// This module has no wallet library in it, so the first page load stays small; the wallet code
// itself (src/lib/wallet/) is loaded when it is needed.

/** The profile the API answers for /user/current, /user/address/{a} and /user/update. */
export interface UserProfile {
  id: number;
  userAddr: string;
  name: string | null;
  username: string | null;
  email: string | null;
  bio: string | null;
  imageUrl: string | null;
  headUrl: string | null;
  bannerUrl: string | null;
  createDate: string;
}

export interface Session {
  token: string | null;
  /** Lowercased wallet address; with `token` it means "signed in". */
  address: string | null;
  /** The wallet used to sign in: its EIP-6963 rdns, or `injected`. */
  wallet: string | null;
  walletName: string | null;
  userInfo: UserProfile | null;
}

const listeners = new Set<() => void>();
let snapshot: Session | null = null;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readUserInfo(raw: string | null): UserProfile | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as UserProfile | null;
    return value && typeof value === 'object' && typeof value.userAddr === 'string' ? value : null;
  } catch {
    return null;
  }
}

function read(): Session {
  const s = storage();
  return {
    token: readCookie(TOKEN_COOKIE) || null,
    address: s?.getItem(STORAGE_KEYS.accountAddress) ?? null,
    wallet: s?.getItem(STORAGE_KEYS.wallet) ?? null,
    walletName: s?.getItem(STORAGE_KEYS.walletName) ?? null,
    userInfo: readUserInfo(s?.getItem(STORAGE_KEYS.userInfo) ?? null),
  };
}

function same(a: Session, b: Session): boolean {
  return (
    a.token === b.token &&
    a.address === b.address &&
    a.wallet === b.wallet &&
    a.walletName === b.walletName &&
    JSON.stringify(a.userInfo) === JSON.stringify(b.userInfo)
  );
}

/** The current session (a stable object until something changes). */
export function getSession(): Session {
  const next = read();
  if (!snapshot || !same(snapshot, next)) snapshot = next;
  return snapshot;
}

/** Signed in: a token and an address. */
export function isSignedIn(session: Session = getSession()): boolean {
  return !!session.token && !!session.address;
}

function notify(): void {
  getSession();
  listeners.forEach((listener) => listener());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** After a successful sign-in (spec section 4). */
export function saveSession(values: {
  token: string;
  address: string;
  wallet: string;
  walletName: string;
}): void {
  writeCookie(TOKEN_COOKIE, values.token, SIGN_IN.sessionTtlHours * 3600);
  const s = storage();
  s?.setItem(STORAGE_KEYS.accountAddress, values.address.toLowerCase());
  s?.setItem(STORAGE_KEYS.wallet, values.wallet);
  s?.setItem(STORAGE_KEYS.walletName, values.walletName);
  notify();
}

export function setUserInfo(user: UserProfile | null): void {
  const s = storage();
  if (user) s?.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  else s?.removeItem(STORAGE_KEYS.userInfo);
  notify();
}

/** Forgets the session: token cookie, wallet, account address, login type and profile. */
export function clearSession(): void {
  deleteCookie(TOKEN_COOKIE);
  const s = storage();
  for (const key of [
    STORAGE_KEYS.wallet,
    STORAGE_KEYS.walletName,
    STORAGE_KEYS.accountAddress,
    STORAGE_KEYS.userInfo,
    STORAGE_KEYS.loginType,
  ]) {
    s?.removeItem(key);
  }
  notify();
}

/** `homeSell` when the sign-in started from a sell button (then the account page opens). */
export function getLoginType(): string | null {
  return storage()?.getItem(STORAGE_KEYS.loginType) ?? null;
}

export function setLoginType(value: string | null): void {
  const s = storage();
  if (value) s?.setItem(STORAGE_KEYS.loginType, value);
  else s?.removeItem(STORAGE_KEYS.loginType);
}

// The connect dialog flag of the client state: any screen can ask the visitor to sign in.
let connectDialogOpen = false;
const dialogListeners = new Set<() => void>();

export function setConnectDialogOpen(open: boolean): void {
  if (connectDialogOpen === open) return;
  connectDialogOpen = open;
  dialogListeners.forEach((listener) => listener());
}

/** Opens the wallet dialog (the spec's login prompt). */
export function openConnectDialog(): void {
  setConnectDialogOpen(true);
}

/**
 * The login prompt of a "sell" entry point: after the sign-in the account page opens instead of
 * the page reloading (loginType homeSell, spec section 4). Dismissing the dialog forgets it.
 */
export function openConnectDialogToSell(): void {
  setLoginType(LOGIN_TYPE_HOME_SELL);
  setConnectDialogOpen(true);
}

export function useConnectDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      dialogListeners.add(listener);
      return () => dialogListeners.delete(listener);
    },
    () => connectDialogOpen,
    () => false,
  );
}
