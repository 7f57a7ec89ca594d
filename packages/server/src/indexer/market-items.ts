// Reads the derivations share: a market listing's events, the registered collections.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { chunks, valuesOf, KEYS_PER_STATEMENT } from '../db/bulk.js';
import { collections, marketEvents } from '../db/schema-chain.js';
import { type MarketRow } from './facts.js';
import { split } from './keys.js';

/** Every event (sorted) of the given listings. */
export async function itemEvents(tx: Tx, chainId: number, items: string[]) {
  const byItem = new Map<string, MarketRow[]>();
  for (const part of chunks(items, KEYS_PER_STATEMENT)) {
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
