// The Listings facts in the database: their insert with a range, their rollback, the listings
// whose time came and the poll's transaction.
import { sql } from 'drizzle-orm';
import { ORDER_KIND, ORDER_STATUS } from '@aiamarket/shared';
import type { AppDb, Tx } from '../../../db/database.js';
import { chunks, rowsOf } from '../../../db/bulk.js';
import {
  listingApprovals,
  listingEvents,
  type ListingEventRow,
} from '../../../db/schema-listings.js';
import { listingKeysOf, SIGNED_LISTINGS } from '../../derive/signed-orders.js';
import { pairKey, rollbackSignedOrders } from '../../derive/signed-order-state.js';
import { writeApprovals, type ListingApprovalsWrite } from './approvals.js';
import { lockOrderItems } from '../../../db/order-items-lock.js';
import { setFeedBlock } from '../../../live/feed.js';
import { emptyTouched } from '../../derive/keys.js';
import { recompute } from '../../derive/state.js';
import { fenceOnCursor, type Cursor } from '../../sync/store.js';

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
  const { deleted, dropped } = await rollbackSignedOrders(
    tx,
    SIGNED_LISTINGS,
    chainId,
    fork,
    {
      table: listingEvents,
      fields: {
        kind: listingEvents.kind,
        orderHash: listingEvents.orderHash,
        account: listingEvents.account,
      },
    },
    {
      table: listingApprovals,
      contract: listingApprovals.contractAddr,
      owner: listingApprovals.owner,
    },
  );
  const keys = listingKeysOf(deleted);
  keys.pairs = dropped;
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

/**
 * On the indexer's poll: the approvals of signed listings stored since the last range (read at
 * the cursor's block) and the listings whose time came (expired, started), their orders rows and
 * their collections' stats, in one transaction fenced on the cursor.
 */
export async function writeListingsPoll(
  db: AppDb,
  chainId: number,
  cursor: Cursor,
  approvals: ListingApprovalsWrite,
  due: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    await fenceOnCursor(tx, chainId, cursor);
    await setFeedBlock(tx, cursor.number);
    await writeApprovals(tx, chainId, approvals);
    const keys = listingKeysOf([]);
    for (const r of approvals.reads) keys.pairs.add(pairKey(r.contractAddr, r.owner));
    for (const h of due) keys.hashes.add(h);
    const touched = emptyTouched();
    touched.signed = { listingsAddr: approvals.listingsAddr, block: cursor.number, keys };
    await recompute(tx, chainId, touched);
  });
}
