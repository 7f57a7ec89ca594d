import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@aiamarket/shared';
import type { AppDb, Tx } from '../../db/database.js';
import { collections, orders, signedListings, type NewSignedListingRow } from '../../db/schema.js';
import { buyableNow, orderColumns, type OrderRow } from '../../read-models/order-view.js';

/** The token standards of the collections the index follows, by address. */
export async function collectionTypesOf(
  db: AppDb,
  chainId: number,
  contracts: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(contracts)];
  const rows = await db
    .select({ address: collections.address, contractType: collections.contractType })
    .from(collections)
    .where(and(eq(collections.chainId, chainId), inArray(collections.address, unique)));
  return new Map(rows.map((r) => [r.address, r.contractType]));
}

/**
 * Stores the verified listings in one statement; a listing already stored (same order hash,
 * e.g. a retried request) stays as it is.
 */
export async function storeListings(db: AppDb | Tx, rows: NewSignedListingRow[]) {
  await db.insert(signedListings).values(rows).onConflictDoNothing();
}

/**
 * The `count` cheapest buyable listings of a collection, signed and market ones alike: by the
 * price in the reference unit (listings in a coin without a rate last), then the coin price,
 * then the order id.
 */
export function cheapestListings(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  count: number,
  buyer?: string,
): Promise<OrderRow[]> {
  return db
    .select(orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.chainId, chainId),
        eq(orders.contractAddr, contractAddr),
        eq(orders.status, ORDER_STATUS.listed),
        buyableNow,
        // A buyer's own listing cannot be bought (the contract skips it): not quoted.
        buyer === undefined ? undefined : ne(orders.ownerAddr, buyer),
      ),
    )
    .orderBy(sql`${orders.priceRef} asc nulls last`, asc(orders.price), asc(orders.orderId))
    .limit(count);
}
