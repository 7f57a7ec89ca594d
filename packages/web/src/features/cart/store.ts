import { useSyncExternalStore } from 'react';
import { MAX_SWEEP, type OrderVO } from '@aiamarket/shared';

// The cart: up to MAX_SWEEP listings of any kind, collection and coin, bought in one
// sweep. Kept in localStorage so it survives a reload; each entry is the listing as it was shown
// (a signed one with its signature and proof), since the sweep needs exactly those terms and
// skips, with a refund, whatever changed meanwhile.

const STORAGE_KEY = 'aiamarket.cart';

/** A listing's identity across both contracts: the contract that sells it and its id there. */
export const cartKey = (order: Pick<OrderVO, 'marketAddr' | 'orderId'>) =>
  `${order.marketAddr.toLowerCase()}:${order.orderId}`;

let items: OrderVO[] = read();
const listeners = new Set<() => void>();

function read(): OrderVO[] {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    // A damaged or foreign value is an empty cart, not an error on every page.
    return Array.isArray(parsed) ? (parsed as OrderVO[]).slice(0, MAX_SWEEP) : [];
  } catch {
    return [];
  }
}

function write(next: OrderVO[]) {
  items = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the cart still works for this page's life.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) {
      items = read();
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The cart's listings, in the order they were added. */
export function useCart(): readonly OrderVO[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

export const cartItems = (): readonly OrderVO[] => items;

/** Adds a listing: 'added', 'present' when already in, 'full' at MAX_SWEEP. */
export function addToCart(order: OrderVO): 'added' | 'present' | 'full' {
  const key = cartKey(order);
  if (items.some((o) => cartKey(o) === key)) return 'present';
  if (items.length >= MAX_SWEEP) return 'full';
  write([...items, order]);
  return 'added';
}

export function removeFromCart(keys: readonly string[]) {
  const drop = new Set(keys);
  write(items.filter((o) => !drop.has(cartKey(o))));
}

export function clearCart() {
  write([]);
}

/** Re-reads the stored cart (tests, and a page that wants another tab's changes now). */
export function reloadCart() {
  items = read();
  listeners.forEach((l) => l());
}
