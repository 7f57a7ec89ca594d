import { useSyncExternalStore } from 'react';

/** The wallet connection states of spec section 4. */
export type WalletStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

let status: WalletStatus = 'disconnected';
const listeners = new Set<() => void>();

export function getWalletStatus(): WalletStatus {
  return status;
}

export function setWalletStatus(next: WalletStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((listener) => listener());
}

export function useWalletStatus(): WalletStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getWalletStatus,
    () => 'disconnected' as const,
  );
}
