import { useMemo, useSyncExternalStore } from 'react';
import { ORDER_STATUS, type LiveEventVO } from '@aiamarket/shared';

/** Why a listing a page still shows can no longer be bought (from the stream, before a refetch). */
export type OrderGone = 'sold' | 'cancelled' | 'unavailable';

/** What identifies a listing in the order events and in OrderVO. */
export interface OrderRef {
  marketAddr: string;
  orderId: string;
  contractAddr: string;
  tokenId: string;
  ownerAddr: string;
}

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : null;

/**
 * The order id as exact text, or null when the feed sent it as a JSON number too big for a
 * double (a signed listing's hash): then the listing is matched by its seller and token instead.
 */
function exactId(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return null;
}

const byId = (market: string, id: string) => `${market.toLowerCase()}#${id}`;
const byToken = (r: Omit<OrderRef, 'orderId'>) =>
  `${r.marketAddr.toLowerCase()}#${r.contractAddr.toLowerCase()}#${r.tokenId}#${r.ownerAddr.toLowerCase()}`;

/**
 * Listings the stream said are sold, cancelled or gone, by id (and by seller and token for ids
 * that came inexact). A later event listing the same order again (a reorg's reversal, a relist)
 * clears the mark.
 */
export class OrderStates {
  private readonly ids = new Map<string, OrderGone>();
  private readonly tokens = new Map<string, OrderGone>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  apply(event: LiveEventVO): void {
    if (event.kind !== 'order') return;
    const d = event.data;
    const marketAddr = str(d.marketAddr);
    const contractAddr = str(d.contractAddr);
    const tokenId = str(d.tokenId);
    const ownerAddr = str(d.ownerAddr);
    if (!marketAddr) return;
    const status = Number(d.status);
    const left = str(d.leftAmount);
    let gone: OrderGone | null = null;
    if (event.op === 'delete') gone = 'unavailable';
    else if (status === ORDER_STATUS.sold || left === '0') gone = 'sold';
    else if (status === ORDER_STATUS.cancelled || status === ORDER_STATUS.forceCancel)
      gone = 'cancelled';
    const id = exactId(d.orderId);
    const keys: [Map<string, OrderGone>, string][] = [];
    if (id !== null) keys.push([this.ids, byId(marketAddr, id)]);
    else if (contractAddr && tokenId && ownerAddr)
      keys.push([this.tokens, byToken({ marketAddr, contractAddr, tokenId, ownerAddr })]);
    let changed = false;
    for (const [map, key] of keys) {
      if (gone === null ? map.delete(key) : map.get(key) !== gone) changed = true;
      if (gone !== null) map.set(key, gone);
    }
    if (changed) {
      this.version += 1;
      for (const l of [...this.listeners]) l();
    }
  }

  /**
   * Marks a listing gone from a read rather than an event (a cart kept over a reload missed the
   * events of what happened while it was closed). A later event listing it again clears it.
   */
  mark(order: OrderRef, gone: OrderGone): void {
    const key = byId(order.marketAddr, order.orderId);
    if (this.ids.get(key) === gone) return;
    this.ids.set(key, gone);
    this.version += 1;
    for (const l of [...this.listeners]) l();
  }

  goneOf(order: OrderRef): OrderGone | null {
    return (
      this.ids.get(byId(order.marketAddr, order.orderId)) ?? this.tokens.get(byToken(order)) ?? null
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;
}

export const orderStates = new OrderStates();

/** Whether the stream has said this listing is gone (null: buyable as far as the page knows). */
export function useOrderGone(order: OrderRef | null): OrderGone | null {
  useSyncExternalStore(orderStates.subscribe, orderStates.snapshot, orderStates.snapshot);
  return order ? orderStates.goneOf(order) : null;
}

/** The listings of a grid without those the stream said are gone (before the refetch drops them). */
export function useLiveListings<T extends OrderRef>(orders: T[]): T[] {
  const version = useSyncExternalStore(
    orderStates.subscribe,
    orderStates.snapshot,
    orderStates.snapshot,
  );
  return useMemo(() => {
    void version;
    const kept = orders.filter((o) => orderStates.goneOf(o) === null);
    return kept.length === orders.length ? orders : kept;
  }, [orders, version]);
}
