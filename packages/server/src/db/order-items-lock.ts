// The transaction lock shared by the writers of orders (indexer ranges and rollbacks, metadata).
import { sql } from 'drizzle-orm';
import type { Tx } from './database.js';

/**
 * Transaction-level lock taken by every transaction that derives orders (a range, a rollback)
 * and by a metadata store (which updates the orders' name and image), so that a range cannot
 * re-derive an order from metadata read before a concurrent store committed.
 */
export const ORDER_ITEMS_LOCK_KEY = 7_131_900_006;

/** See ORDER_ITEMS_LOCK_KEY; released at the end of the transaction. */
export async function lockOrderItems(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_ITEMS_LOCK_KEY})`);
}
