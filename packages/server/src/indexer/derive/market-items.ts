// Reads the derivations share: a market listing's events, the registered collections.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.js';
import { chunks, valuesOf, KEYS_PER_STATEMENT } from '../../db/bulk.js';
import { collections, marketEvents } from '../../db/schema-chain.js';
import { type MarketRow } from '../sync/fact-rows.js';
import { split } from './keys.js';

/** Every listing's events (sorted) by market|itemId. */
export type ItemEvents = Map<string, MarketRow[]>;

/**
 * Every event (sorted) of the given listings. Those in `known` (read earlier in the same
 * transaction, after its facts were inserted) are taken from it instead of read again.
 */
export async function itemEvents(
  tx: Tx,
  chainId: number,
  items: string[],
  known?: ItemEvents,
): Promise<ItemEvents> {
  const byItem: ItemEvents = new Map();
  const missing: string[] = [];
  for (const item of items) {
    const events = known?.get(item);
    if (events) byItem.set(item, events);
    else missing.push(item);
  }
  for (const part of chunks(missing, KEYS_PER_STATEMENT)) {
    const rows = await tx
      .select()
      .from(marketEvents)
      .where(
        and(
          eq(marketEvents.chainId, chainId),
          sql`(${marketEvents.marketAddr}, ${marketEvents.itemId}) in ${valuesOf(part.map(split), ['varchar', 'numeric'])}`,
        ),
      )
      .orderBy(asc(marketEvents.blockNumber), asc(marketEvents.logIndex));
    for (const r of rows) {
      const key = `${r.marketAddr}|${r.itemId}`;
      let list = byItem.get(key);
      if (!list) byItem.set(key, (list = []));
      list.push(r);
    }
  }
  return byItem;
}

export async function collectionInfo(tx: Tx, chainId: number) {
  const rows = await tx
    .select({
      address: collections.address,
      type: collections.contractType,
      synced: collections.syncedBlock,
    })
    .from(collections)
    .where(eq(collections.chainId, chainId));
  return new Map(rows.map((r) => [r.address, r]));
}
