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
  marketEvents,
  nftTransfers,
  royaltyPayments,
} from '../../db/schema-chain.js';
import { type RangeFacts } from './fact-rows.js';
import { timed, type Profile } from '../profile.js';
import { setFeedBlock } from '../../live/feed.js';
import type { Source, SourceWrite } from '../sources/source.js';
import type { BlockRef, Cursor } from './headers.js';
import { deleteAbove, takeAbove } from './above-fork.js';
import { emptyTouched, touch } from '../derive/keys.js';
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

/** The facts every source shares (transfers, the market's rows and sales, royalties), then each source's own. */
async function insertFacts(
  tx: Tx,
  facts: RangeFacts,
  transfers: PreparedRange['transfers'],
  sources: readonly Pick<Source, 'insert'>[],
) {
  await transfers.write(tx);
  await copyRows(tx, marketEvents, facts.market);
  await copyRows(tx, royaltyPayments, facts.royalties);
  for (const s of sources) await s.insert?.(tx, facts);
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
  launchpads: ReadonlySet<string>;
  /** Main range: moves the cursor from `prev` to `next` and records block hashes. */
  cursor?: { prev: Cursor | null; next: Cursor; blocks: BlockRef[]; window: number };
  /** The sources, which store their own facts. */
  sources: readonly Pick<Source, 'insert'>[];
  /** What the sources write from their reads made before the transaction. */
  writes?: SourceWrite[];
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
    const prepared = w.prepared ?? (await prepareHere(tx, w));
    await timed(w.profile, 'write: facts', () =>
      insertFacts(tx, w.facts, prepared.transfers, w.sources),
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
    for (const s of w.writes ?? []) {
      if (s.touch) await timed(w.profile, s.label, () => s.touch!(tx, touched));
    }
    await recompute(tx, w.chainId, touched, w.profile, read);
    for (const s of w.writes ?? []) {
      if (s.write) await timed(w.profile, s.label, () => s.write!(tx));
    }
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

/** The recorded block hashes, newest first (to find a fork point). */
export async function recentBlocks(db: AppDb, chainId: number) {
  return db
    .select({ number: indexerBlocks.blockNumber, hash: indexerBlocks.blockHash })
    .from(indexerBlocks)
    .where(eq(indexerBlocks.chainId, chainId))
    .orderBy(sql`${indexerBlocks.blockNumber} desc`);
}

/**
 * Rolls everything derived from blocks above `fork` back: deletes those facts (the shared ones
 * here, each source's own by its `unwind`), re-derives the state they touched, moves back-fills
 * and the cursor to `fork`. One transaction.
 */
export async function rollbackTo(
  db: AppDb,
  chainId: number,
  prev: Cursor,
  fork: Cursor,
  sources: readonly Pick<Source, 'unwind' | 'rollback'>[],
) {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    await setFeedBlock(tx, fork.number);
    const transfers = await takeAbove(tx, nftTransfers, chainId, fork.number, {
      contractAddr: nftTransfers.contractAddr,
      tokenId: nftTransfers.tokenId,
      fromAddr: nftTransfers.fromAddr,
      toAddr: nftTransfers.toAddr,
    });
    const market = await takeAbove(tx, marketEvents, chainId, fork.number, {
      marketAddr: marketEvents.marketAddr,
      itemId: marketEvents.itemId,
      contractAddr: marketEvents.contractAddr,
      kind: marketEvents.kind,
      coin: marketEvents.coin,
    });
    for (const table of [activities, royaltyPayments, indexerBlocks])
      await deleteAbove(tx, table, chainId, fork.number);
    await tx
      .update(collections)
      .set({ syncedBlock: fork.number })
      .where(and(eq(collections.chainId, chainId), gt(collections.syncedBlock, fork.number)));
    const touched = emptyTouched();
    touch(touched, { transfers, market, launchpad: [] });
    for (const s of sources) await s.unwind?.(tx, fork.number, touched);
    await recompute(tx, chainId, touched);
    for (const s of sources) await s.rollback?.(tx, fork.number);
    await advanceCursor(tx, chainId, prev, fork);
  });
}
