import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { LISTING_LIMITS, ORDER_HOLD, ORDER_KIND, ORDER_STATUS } from '@aiamarket/shared';
import type { AppDb, Tx } from '../../db/database.js';
import { collections, orders, signedListings, type NewSignedListingRow } from '../../db/schema.js';
import { buyableNow, selectOrders, type OrderRow } from '../../read-models/order-view.js';
import { ofContract } from '../../db/keys.js';

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
  return selectOrders(
    db,
    ofContract(orders, chainId, contractAddr),
    eq(orders.status, ORDER_STATUS.listed),
    buyableNow,
    // A buyer's own listing cannot be bought (the contract skips it): not quoted.
    buyer === undefined ? undefined : ne(orders.ownerAddr, buyer),
  )
    .orderBy(sql`${orders.priceRef} asc nulls last`, asc(orders.price), asc(orders.orderId))
    .limit(count);
}

/**
 * A seller's listings ended by a replaced Listings contract (indexer/retired.ts) that can be
 * listed again as they were: not past their end, the units left still held, and no open signed
 * listing of the token by the seller on another contract yet (listed again already). Oldest
 * first, at most one bulk signature's worth. Read through orders_owner_idx; the checks are one
 * index lookup each (holdings key, orders_token_idx).
 */
export function retiredListingsOf(db: AppDb, chainId: number, seller: string): Promise<OrderRow[]> {
  return selectOrders(
    db,
    eq(orders.chainId, chainId),
    eq(orders.ownerAddr, seller),
    eq(orders.kind, ORDER_KIND.signed),
    eq(orders.status, ORDER_STATUS.forceCancel),
    eq(orders.hold, ORDER_HOLD.retired),
    buyableNow,
    sql`exists (select 1 from holdings h
          where h.chain_id = ${orders.chainId} and h.contract_addr = ${orders.contractAddr}
            and h.token_id = ${orders.tokenId} and h.owner_addr = ${orders.ownerAddr}
            and h.amount >= ${orders.leftAmount})`,
    sql`not exists (select 1 from orders n
          where n.chain_id = ${orders.chainId} and n.contract_addr = ${orders.contractAddr}
            and n.token_id = ${orders.tokenId} and n.owner_addr = ${orders.ownerAddr}
            and n.kind = ${ORDER_KIND.signed} and n.market_addr <> ${orders.marketAddr}
            and n.chain_status = ${ORDER_STATUS.listed} and n.hold <> ${ORDER_HOLD.retired}
            and (n.expires_at is null or n.expires_at > now()))`,
  )
    .orderBy(asc(orders.createdAt), asc(orders.orderId))
    .limit(LISTING_LIMITS.maxBulk);
}
