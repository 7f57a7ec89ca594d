import type { toast as sonnerToast } from 'sonner';

type Show = typeof sonnerToast.success;
type Kind = 'success' | 'error';

/**
 * Toasts without sonner in the first visit: the toast library and its host (Toasts.tsx) load
 * after the first paint, and a toast asked for before the host is mounted waits for it (sonner
 * drops the toasts it is given before its Toaster listens).
 */
let hostReady: () => void = () => {};
const host = new Promise<void>((resolve) => {
  hostReady = resolve;
});

/** Called by the toast host once sonner's Toaster listens. */
export function markToastHostReady(): void {
  hostReady();
}

function show(kind: Kind, ...args: Parameters<Show>): void {
  void host.then(() => import('sonner')).then(({ toast }) => toast[kind](...args));
}

export const toast = {
  success: (...args: Parameters<Show>) => show('success', ...args),
  error: (...args: Parameters<Show>) => show('error', ...args),
};
