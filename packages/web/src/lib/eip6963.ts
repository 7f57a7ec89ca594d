import { useSyncExternalStore } from 'react';
import type { EIP1193Provider } from 'viem';

// EIP-6963 multi-wallet discovery: wallets answer `eip6963:requestProvider` with an
// `eip6963:announceProvider` event each; late ones may announce at any time.

export interface WalletInfo {
  uuid: string;
  name: string;
  /** A data: URI image, as the EIP requires. */
  icon: string;
  rdns: string;
}

export interface DiscoveredWallet {
  info: WalletInfo;
  provider: EIP1193Provider;
}

const EMPTY: readonly DiscoveredWallet[] = [];
let wallets: readonly DiscoveredWallet[] = EMPTY;
const listeners = new Set<() => void>();
let listening = false;

function isDiscoveredWallet(value: unknown): value is DiscoveredWallet {
  const v = value as Partial<DiscoveredWallet> | null;
  return (
    !!v &&
    typeof v.info?.uuid === 'string' &&
    typeof v.info.name === 'string' &&
    typeof v.info.icon === 'string' &&
    typeof v.info.rdns === 'string' &&
    typeof v.provider?.request === 'function'
  );
}

function onAnnounce(event: Event): void {
  const detail = (event as CustomEvent<unknown>).detail;
  if (!isDiscoveredWallet(detail)) return;
  if (wallets.some((w) => w.info.uuid === detail.info.uuid)) return;
  wallets = [...wallets, { info: detail.info, provider: detail.provider }];
  listeners.forEach((notify) => notify());
}

function subscribe(listener: () => void): () => void {
  if (!listening) {
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    listening = true;
  }
  listeners.add(listener);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => listeners.delete(listener);
}

/** The browser wallets announced so far; asks them to announce when first used. */
export function useDiscoveredWallets(): readonly DiscoveredWallet[] {
  return useSyncExternalStore(
    subscribe,
    () => wallets,
    () => EMPTY,
  );
}

/** Only a data: image is shown, so an announced icon cannot make the page call out. */
export function safeWalletIcon(icon: string): string | undefined {
  return icon.startsWith('data:image/') ? icon : undefined;
}

/** Test helper: forget every announced wallet. */
export function resetDiscoveredWallets(): void {
  wallets = EMPTY;
}

/** The wallets announced so far (outside React). */
export function getDiscoveredWallets(): readonly DiscoveredWallet[] {
  return wallets;
}

/** The identifier stored for the legacy `window.ethereum` wallet. */
export const INJECTED_WALLET_ID = 'injected';

/**
 * `window.ethereum` as a wallet choice, for wallets that do not announce themselves through
 * EIP-6963 (spec: "the injected provider as fallback"). Null without one.
 */
export function injectedWallet(): DiscoveredWallet | null {
  const provider = (globalThis as { ethereum?: unknown }).ethereum as EIP1193Provider | undefined;
  if (!provider || typeof provider.request !== 'function') return null;
  return {
    info: { uuid: INJECTED_WALLET_ID, name: 'Browser wallet', icon: '', rdns: INJECTED_WALLET_ID },
    provider,
  };
}

/** Waits up to `timeoutMs` for the wallet with this rdns (or the injected one) to be present. */
export function findWallet(id: string, timeoutMs: number): Promise<DiscoveredWallet | null> {
  const pick = () =>
    id === INJECTED_WALLET_ID
      ? injectedWallet()
      : (wallets.find((w) => w.info.rdns === id) ?? null);
  const now = pick();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(pick());
    }, timeoutMs);
    unsubscribe = subscribe(() => {
      const found = pick();
      if (found) {
        clearTimeout(timer);
        unsubscribe();
        resolve(found);
      }
    });
  });
}
