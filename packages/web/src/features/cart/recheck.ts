import type { OrderVO } from '@aiamarket/shared';
import { orderStates } from '../../lib/live';
import { fetchSellerListings } from './api';
import { cartKey } from './store';

/**
 * Asks the server which of the cart's listings its sellers still offer and marks the others gone
 * in the stream's order states: the stream tells an open page what is sold, but a cart kept over
 * a reload missed what happened while no page listened. One read per seller and token.
 */
export async function recheckCart(orders: readonly OrderVO[], signal?: AbortSignal) {
  const groups = new Map<string, OrderVO[]>();
  for (const o of orders) {
    const key = `${o.contractAddr.toLowerCase()}:${o.tokenId}:${o.ownerAddr.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  await Promise.all(
    [...groups.values()].map(async (kept) => {
      try {
        const now = await fetchSellerListings(kept[0]!, signal);
        const offered = new Set(now.records.map(cartKey));
        for (const o of kept) if (!offered.has(cartKey(o))) orderStates.mark(o, 'unavailable');
      } catch {
        // Unknown: shown as it was; the sweep skips (and refunds) whatever changed meanwhile.
      }
    }),
  );
}
