// The Listings facts in the database: their insert with a range, their rollback, and the
// listings whose time came (read on the poll).
import { and, eq, gt, sql } from 'drizzle-orm';
import { ORDER_KIND, ORDER_STATUS } from '@aiamarket/shared';
import type { AppDb, Tx } from '../../../db/database.js';
import { chunks, rowsOf, valuesOf } from '../../../db/bulk.js';
import {
  listingApprovals,
  listingEvents,
  type ListingEventRow,
} from '../../../db/schema-listings.js';
import { listingKeysOf, pairKey } from '../../derive/signed-orders.js';

/** Inside a range's transaction: the Listings facts (also needed by the activities). */
export async function insertListingFacts(tx: Tx, facts: ListingEventRow[]) {
  for (const part of chunks(facts, 1_000))
    await tx.insert(listingEvents).values(part).onConflictDoNothing();
}

/**
 * Inside a rollback's transaction: deletes the Listings facts and the approval reads above
 * `fork`, clears the state of every listing last looked at above it (so the next range reads its
 * approval again) and answers the keys to recompute.
 */
export async function rollbackListings(tx: Tx, chainId: number, fork: number) {
  const deleted = await tx
    .delete(listingEvents)
    .where(and(eq(listingEvents.chainId, chainId), gt(listingEvents.blockNumber, fork)))
    .returning({
      kind: listingEvents.kind,
      orderHash: listingEvents.orderHash,
      account: listingEvents.account,
    });
  const dropped = await tx
    .delete(listingApprovals)
    .where(and(eq(listingApprovals.chainId, chainId), gt(listingApprovals.blockNumber, fork)))
    .returning({ contractAddr: listingApprovals.contractAddr, owner: listingApprovals.owner });
  await tx.execute(sql`
    update signed_listings set state_block = null
    where chain_id = ${chainId} and state_block > ${fork}::bigint`);
  const keys = listingKeysOf(deleted);
  for (const r of dropped) keys.pairs.add(pairKey(r.contractAddr, r.owner));
  if (keys.pairs.size > 0) {
    await tx.execute(sql`
      update signed_listings l set state_block = null
      where l.chain_id = ${chainId} and (l.contract_addr, l.seller) in ${valuesOf(
        [...keys.pairs].map((p) => p.split('|')),
        ['varchar', 'varchar'],
      )}`);
  }
  return keys;
}

/**
 * The signed listings whose time changed their status since `since`: listed or hidden ones past
 * their end (expired), and hidden ones whose start came. Read on the indexer's poll.
 */
export async function listingsDue(
  db: AppDb | Tx,
  chainId: number,
  listingsAddr: string,
  since: Date,
): Promise<string[]> {
  const rows = rowsOf<{ order_hash: string }>(
    await db.execute(sql`
      select l.order_hash from orders o
      join signed_listings l on l.chain_id = o.chain_id and o.market_addr = l.listings_addr
        and l.order_hash = o.created_tx
      where o.chain_id = ${chainId} and o.market_addr = ${listingsAddr}
        and o.kind = ${ORDER_KIND.signed}
        and ((o.status in (${ORDER_STATUS.listed}, ${ORDER_STATUS.forceCancel})
              and o.expires_at <= now())
          or (o.status = ${ORDER_STATUS.forceCancel} and l.start_time <= now()
              and l.start_time > ${since.toISOString()}::timestamptz))`),
  );
  return rows.map((r) => r.order_hash);
}
