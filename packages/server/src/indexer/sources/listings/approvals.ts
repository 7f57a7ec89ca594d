// The sellers' approvals signed listings depend on: which to read before a range, their reads
// at its last block, and their write in its transaction.
import { sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import type { AppDb, Tx } from '../../../db/database.js';
import { chunks, rowsOf } from '../../../db/bulk.js';
import { listingApprovals } from '../../../db/schema-listings.js';
import { readAtBlock } from '../../chain-reads.js';
import { pairKey, pairsToRead } from '../../derive/signed-order-state.js';
import { SIGNED_LISTINGS } from '../../derive/signed-orders.js';

/** isApprovedForAll(owner, Listings) of a collection, read at `blockNumber`. */
export interface ApprovalRead {
  contractAddr: string;
  owner: string;
  approved: boolean;
}

/** What a main range (or an idle poll) read of the sellers' approvals, written with it. */
export interface ListingApprovalsWrite {
  /** The Listings contract (the operator). */
  listingsAddr: string;
  /** Where the reads were made: the range's last block (or the cursor's, when idle). */
  blockNumber: number;
  reads: ApprovalRead[];
}

/** The coins of listings the indexer has not looked at yet (their decimals are read first). */
export async function unseenListingCoins(db: AppDb, chainId: number, listingsAddr: string) {
  const rows = rowsOf<{ coin: string }>(
    await db.execute(sql`
      select distinct coin from signed_listings
      where chain_id = ${chainId} and listings_addr = ${listingsAddr} and state_block is null`),
  );
  return rows.map((r) => r.coin);
}

/**
 * The (collection, owner) pairs whose approval a range must read: those of open listings among
 * the pairs its ApprovalForAll events touched (operator = Listings), and those of open listings
 * not looked at yet.
 */
export async function approvalsToRead(
  db: AppDb,
  chainId: number,
  listingsAddr: string,
  touched: readonly string[],
): Promise<{ contractAddr: string; owner: string }[]> {
  const mine = touched
    .map((t) => t.split('|'))
    .filter(([, , operator]) => operator === listingsAddr)
    .map(([c, o]) => pairKey(c!, o!));
  const pairs = await pairsToRead(db, SIGNED_LISTINGS, chainId, listingsAddr, mine);
  return pairs.map(([contractAddr, owner]) => ({ contractAddr, owner }));
}

/**
 * isApprovedForAll(owner, Listings) of each pair at `blockNumber`. A call that reverts counts as
 * not approved (the contract cannot move the token).
 */
export async function readApprovals(
  chain: PublicClient,
  listingsAddr: string,
  pairs: readonly { contractAddr: string; owner: string }[],
  blockNumber: number,
): Promise<ApprovalRead[]> {
  const calls = pairs.map(
    ({ contractAddr, owner }) =>
      ({
        address: contractAddr as Address,
        abi: gameItems721Abi,
        functionName: 'isApprovedForAll',
        args: [owner as Address, listingsAddr as Address],
      }) as const,
  );
  const results = await readAtBlock(chain, calls, blockNumber);
  return pairs.map(({ contractAddr, owner }, i) => ({
    contractAddr,
    owner,
    approved: results[i] === true,
  }));
}

/** Inside a range's transaction: the approvals read, upserted. */
export async function writeApprovals(tx: Tx, chainId: number, w: ListingApprovalsWrite) {
  for (const part of chunks(w.reads, 1_000)) {
    await tx
      .insert(listingApprovals)
      .values(
        part.map((r) => ({
          chainId,
          contractAddr: r.contractAddr,
          owner: r.owner,
          operator: w.listingsAddr,
          approved: r.approved,
          blockNumber: w.blockNumber,
        })),
      )
      .onConflictDoUpdate({
        target: [
          listingApprovals.chainId,
          listingApprovals.contractAddr,
          listingApprovals.owner,
          listingApprovals.operator,
        ],
        set: { approved: sql`excluded.approved`, blockNumber: sql`excluded.block_number` },
      });
  }
}
