// Database side of the indexer: one transaction per range (facts, derived state, cursor) and
// the rollback to a fork point. State tables are recomputed from the facts for the keys touched.
import { performance } from 'node:perf_hooks';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/database.js';
import { chunks, insertRows, rowsOf, valuesOf } from '../../db/bulk.js';
import { copyRows } from '../../db/copy-rows.js';
import { prepareRange, type PreparedRange } from './prepare.js';
import { collectionInfo } from '../derive/market-items.js';
import { lockOrderItems } from '../../db/order-items-lock.js';
import { indexerCursor } from '../../db/schema.js';
import {
  activities,
  collections,
  indexerBlocks,
  launchpadEvents,
  marketEvents,
  nftTransfers,
  royaltyPayments,
} from '../../db/schema-chain.js';
import { coinDecimals } from '../../db/schema-coins.js';
import { type RangeFacts } from './fact-rows.js';
import type { CoinDecimals } from '../chain-reads.js';
import { listingKeysOf, type ListingRecompute } from '../derive/signed-orders.js';
import { writeApprovals, type ListingApprovalsWrite } from '../sources/listings/approvals.js';
import { insertListingFacts, rollbackListings } from '../sources/listings/store.js';
import { timed, type Profile } from '../profile.js';
import { setFeedBlock } from '../../live/feed.js';
import type { Source, SourceWrite } from '../sources/source.js';
import type { BlockRef, Cursor } from './headers.js';
import {
  applyLatestFeedRates,
  rateAt,
  rateHistory,
  type FeedReads,
} from '../sources/coins/rates.js';
import { uniq, emptyTouched, touch } from '../derive/keys.js';
import { writeActivities } from '../derive/activities.js';
import { recompute } from '../derive/state.js';

export type { Cursor };

/** Thrown when the cursor or a collection's back-fill position moved under us (another writer). */
export class FenceError extends Error {
  constructor(what: string) {
    super(`indexer ${what} moved while writing (another indexer?)`);
    this.name = 'FenceError';
  }
}

/** Locks the cursor row for the transaction; throws when it is no longer at `cursor`. */
export async function fenceOnCursor(tx: Tx, chainId: number, cursor: Cursor) {
  const [now] = await tx
    .select({ number: indexerCursor.blockNumber, hash: indexerCursor.blockHash })
    .from(indexerCursor)
    .where(eq(indexerCursor.chainId, chainId))
    .for('update');
  if (!now || now.number !== cursor.number || now.hash !== cursor.hash)
    throw new FenceError('cursor');
}

export async function readCursor(db: AppDb, chainId: number): Promise<Cursor | null> {
  const rows = await db
    .select({ number: indexerCursor.blockNumber, hash: indexerCursor.blockHash })
    .from(indexerCursor)
    .where(eq(indexerCursor.chainId, chainId));
  return rows[0] ?? null;
}

// Kept for importers of the helpers' old homes.
export { chunks, rowsOf, valuesOf, lockOrderItems };
export { emptyTouched, type Touched } from '../derive/keys.js';
export { recompute } from '../derive/state.js';

async function insertFacts(
  tx: Tx,
  facts: RangeFacts,
  transfers: PreparedRange['transfers'],
  feeds?: FeedReads,
) {
  await transfers.write(tx);
  // Each sale keeps the rate of its coin at its block: its price feed's answer there when the
  // coin has one, else the rate in force in the history. A later rate moves no history.
  const sold = facts.market.filter((m) => m.kind === 'sold' && m.coin);
  const history =
    sold.length === 0
      ? new Map()
      : await rateHistory(tx, sold[0]!.chainId, uniq(sold.map((m) => m.coin!)));
  const market = facts.market.map((m) =>
    m.kind === 'sold' && m.coin
      ? {
          ...m,
          refRate:
            feeds?.atBlock.get(`${m.coin}|${m.blockNumber}`) ??
            rateAt(history.get(m.coin), m.coin, m.blockTime),
        }
      : m,
  );
  await copyRows(tx, marketEvents, market);
  await copyRows(tx, launchpadEvents, facts.launchpad);
  await copyRows(tx, royaltyPayments, facts.royalties);
  await insertListingFacts(tx, facts.listings);
}

async function advanceCursor(tx: Tx, chainId: number, prev: Cursor | null, next: Cursor) {
  const moved = prev
    ? await tx
        .update(indexerCursor)
        .set({ blockNumber: next.number, blockHash: next.hash, updatedAt: new Date() })
        .where(
          and(
            eq(indexerCursor.chainId, chainId),
            eq(indexerCursor.blockNumber, prev.number),
            eq(indexerCursor.blockHash, prev.hash),
          ),
        )
        .returning({ chainId: indexerCursor.chainId })
    : await tx
        .insert(indexerCursor)
        .values({ chainId, blockNumber: next.number, blockHash: next.hash })
        .onConflictDoNothing()
        .returning({ chainId: indexerCursor.chainId });
  if (moved.length !== 1) throw new FenceError('cursor');
}

async function saveBlocks(tx: Tx, chainId: number, blocks: BlockRef[], window: number) {
  // Only the newest `window` blocks can survive the trim below: the others are not written.
  const newest = [...blocks].sort((a, b) => b.number - a.number).slice(0, window);
  await insertRows(
    tx,
    indexerBlocks,
    newest.map((b) => ({
      chainId,
      blockNumber: b.number,
      blockHash: b.hash,
      parentHash: b.parentHash,
    })),
    sql`on conflict (chain_id, block_number) do update
        set block_hash = excluded.block_hash, parent_hash = excluded.parent_hash`,
  );
  await tx.execute(sql`
    delete from indexer_blocks where chain_id = ${chainId} and block_number < (
      select block_number from indexer_blocks where chain_id = ${chainId}
      order by block_number desc offset ${window - 1} limit 1)`);
}

export interface RangeWrite {
  chainId: number;
  facts: RangeFacts;
  /** Decimals of the coins the range's market events use. */
  coins?: CoinDecimals[];
  launchpads: ReadonlySet<string>;
  /** Main range: moves the cursor from `prev` to `next` and records block hashes. */
  cursor?: { prev: Cursor | null; next: Cursor; blocks: BlockRef[]; window: number };
  /** The price feeds read for the range (rates.ts readFeeds). */
  feeds?: FeedReads;
  /** What the sources write once the state is derived (their reads made before the transaction). */
  writes?: SourceWrite[];
  /** The Listings contract and the sellers' approvals read at the range's last block. */
  listingApprovals?: ListingApprovalsWrite;
  /** Back-fill range of one collection: moves its synced block from `prev` to `to`. */
  backfill?: { address: string; prev: number; to: number; complete: boolean };
  /** What the facts alone give, built with the range's read (prepare.ts); else built here. */
  prepared?: PreparedRange;
  /** Where the time goes (the bench). */
  profile?: Profile;
}

/** Writes one range: facts, activities, derived state and the position, in one transaction. */
export async function writeRange(db: AppDb, w: RangeWrite): Promise<void> {
  await timed(w.profile, 'write (total)', () => writeRangeTx(db, w));
}

/** A range written without its prepared parts: a main range's transfer types from the registry. */
async function prepareHere(tx: Tx, w: RangeWrite): Promise<PreparedRange> {
  if (!w.cursor) return prepareRange(w.facts, w.launchpads);
  const info = await collectionInfo(tx, w.chainId);
  return prepareRange(w.facts, w.launchpads, (c) => info.get(c)?.type ?? 'ERC721');
}

async function writeRangeTx(db: AppDb, w: RangeWrite): Promise<void> {
  let written = 0;
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    await setFeedBlock(tx, w.cursor?.next.number ?? w.backfill?.to);
    if (w.coins && w.coins.length > 0) {
      await tx
        .insert(coinDecimals)
        .values(w.coins.map((c) => ({ chainId: w.chainId, ...c })))
        .onConflictDoNothing();
    }
    const prepared = w.prepared ?? (await prepareHere(tx, w));
    await timed(w.profile, 'write: facts', () =>
      insertFacts(tx, w.facts, prepared.transfers, w.feeds),
    );
    const read = await timed(w.profile, 'write: activities', () =>
      writeActivities(
        tx,
        w.chainId,
        w.facts,
        w.launchpads,
        prepared.transferActivities ?? 'stored',
      ),
    );
    const touched = prepared.touched;
    if (w.feeds && w.feeds.latest.length > 0) {
      for (const c of await applyLatestFeedRates(tx, w.chainId, w.feeds.latest))
        touched.stats.add(c);
    }
    if (w.backfill) {
      const b = w.backfill;
      const moved = await tx
        .update(collections)
        .set({ syncedBlock: b.complete ? null : b.to })
        .where(
          and(
            eq(collections.chainId, w.chainId),
            eq(collections.address, b.address),
            eq(collections.syncedBlock, b.prev),
          ),
        )
        .returning({ address: collections.address });
      if (moved.length !== 1) throw new FenceError(`back-fill of ${b.address}`);
      if (b.complete) touched.contracts.add(b.address);
    }
    let listings: ListingRecompute | undefined;
    // Signed listings follow the main ranges, like offers, and the back-fill that completes a
    // collection (its listings' holdings are known from then on: touched.contracts); the
    // holdings a back-fill range moves before that are not known yet, so they change nothing.
    const listingBlock = w.cursor?.next.number ?? (w.backfill?.complete ? w.backfill.to : null);
    if (w.listingApprovals && listingBlock !== null) {
      const a = w.listingApprovals;
      await writeApprovals(tx, w.chainId, a);
      const keys = listingKeysOf(w.facts.listings);
      for (const r of a.reads) keys.pairs.add(`${r.contractAddr}|${r.owner}`);
      listings = { listingsAddr: a.listingsAddr, block: listingBlock, keys };
    }
    await recompute(tx, w.chainId, touched, listings, w.profile, read);
    for (const s of w.writes ?? []) await timed(w.profile, s.label, () => s.write(tx));
    const c = w.cursor;
    if (c) {
      await timed(w.profile, 'write: blocks + cursor', async () => {
        await saveBlocks(tx, w.chainId, c.blocks, c.window);
        await advanceCursor(tx, w.chainId, c.prev, c.next);
      });
    }
    written = performance.now();
  });
  // What the commit costs (the change feed's deferred trigger runs then).
  w.profile?.add('write: commit', performance.now() - written);
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
    for (const r of approvals.reads) keys.pairs.add(`${r.contractAddr}|${r.owner}`);
    for (const h of due) keys.hashes.add(h);
    await recompute(tx, chainId, emptyTouched(), {
      listingsAddr: approvals.listingsAddr,
      block: cursor.number,
      keys,
    });
  });
}

/** The recorded block hashes, newest first (to find a fork point). */
export async function recentBlocks(db: AppDb, chainId: number) {
  return db
    .select({ number: indexerBlocks.blockNumber, hash: indexerBlocks.blockHash })
    .from(indexerBlocks)
    .where(eq(indexerBlocks.chainId, chainId))
    .orderBy(sql`${indexerBlocks.blockNumber} desc`);
}

/**
 * Rolls everything derived from blocks above `fork` back: deletes those facts, re-derives the
 * state they touched, moves back-fills and the cursor to `fork`. One transaction.
 */
export async function rollbackTo(
  db: AppDb,
  chainId: number,
  prev: Cursor,
  fork: Cursor,
  listingsAddr: string | null,
  sources: readonly Pick<Source, 'rollback'>[],
) {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    await setFeedBlock(tx, fork.number);
    const above = (col: typeof nftTransfers.blockNumber) => gt(col, fork.number);
    const transfers = await tx
      .delete(nftTransfers)
      .where(and(eq(nftTransfers.chainId, chainId), above(nftTransfers.blockNumber)))
      .returning({
        contractAddr: nftTransfers.contractAddr,
        tokenId: nftTransfers.tokenId,
        fromAddr: nftTransfers.fromAddr,
        toAddr: nftTransfers.toAddr,
      });
    const market = await tx
      .delete(marketEvents)
      .where(and(eq(marketEvents.chainId, chainId), gt(marketEvents.blockNumber, fork.number)))
      .returning({
        marketAddr: marketEvents.marketAddr,
        itemId: marketEvents.itemId,
        contractAddr: marketEvents.contractAddr,
        kind: marketEvents.kind,
        coin: marketEvents.coin,
      });
    const launchpad = await tx
      .delete(launchpadEvents)
      .where(
        and(eq(launchpadEvents.chainId, chainId), gt(launchpadEvents.blockNumber, fork.number)),
      )
      .returning({ launchpadAddr: launchpadEvents.launchpadAddr, saleId: launchpadEvents.saleId });
    await tx
      .delete(activities)
      .where(and(eq(activities.chainId, chainId), gt(activities.blockNumber, fork.number)));
    await tx
      .delete(royaltyPayments)
      .where(
        and(eq(royaltyPayments.chainId, chainId), gt(royaltyPayments.blockNumber, fork.number)),
      );
    await tx
      .delete(indexerBlocks)
      .where(and(eq(indexerBlocks.chainId, chainId), gt(indexerBlocks.blockNumber, fork.number)));
    await tx
      .update(collections)
      .set({ syncedBlock: fork.number })
      .where(and(eq(collections.chainId, chainId), gt(collections.syncedBlock, fork.number)));
    const touched = emptyTouched();
    touch(touched, { transfers, market, launchpad });
    const listingKeys = await rollbackListings(tx, chainId, fork.number);
    await recompute(
      tx,
      chainId,
      touched,
      listingsAddr ? { listingsAddr, block: fork.number, keys: listingKeys } : undefined,
    );
    for (const s of sources) await s.rollback?.(tx, fork.number);
    await advanceCursor(tx, chainId, prev, fork);
  });
}
