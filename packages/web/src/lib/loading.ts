import { useSyncExternalStore } from 'react';

// The global loading flag of the spec's client state: a request or chain call flagged as
// loading shows the full-page overlay until it settles. A counter, so overlapping calls work.

let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** Shows the overlay; call the returned function (once) to hide it again. */
export function beginLoading(): () => void {
  pending += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    notify();
  };
}

/** Shows the overlay while `work` runs. */
export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const end = beginLoading();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    end();
  }
}

export function isLoading(): boolean {
  return pending > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, () => false);
}
