// The sellers' approvals signed listings depend on: which to read before a range, their reads
// at its last block, and their write in its transaction.
import { sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { gameItems721Abi } from '@aiamarket/shared/abis';
import type { AppDb, Tx } from '../../../db/database.js';
import { chunks, rowsOf, valuesOf } from '../../../db/bulk.js';
import { listingApprovals } from '../../../db/schema-listings.js';
import { isRevert } from '../../chain-reads.js';
import { pairKey } from '../../derive/signed-orders.js';

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
 * The (collection, owner) pairs whose approval a range must read: the pairs its ApprovalForAll
 * events touched (operator = Listings) that have an open listing (not cancelled, not filled;
 * expiry is not looked at, so a replay reads the same pairs), and the pairs of open listings not
 * looked at yet (stored since the last range, or whose state a rollback cleared).
 */
export async function approvalsToRead(
  db: AppDb,
  chainId: number,
  listingsAddr: string,
  touched: readonly string[],
): Promise<{ contractAddr: string; owner: string }[]> {
  const open = sql`l.chain_id = ${chainId} and l.listings_addr = ${listingsAddr}
    and not l.cancelled and l.filled < l.units`;
  const out = new Map<string, { contractAddr: string; owner: string }>();
  const add = (rows: { c: string; o: string }[]) => {
    for (const r of rows) out.set(pairKey(r.c, r.o), { contractAddr: r.c, owner: r.o });
  };
  add(
    rowsOf<{ c: string; o: string }>(
      await db.execute(sql`
        select distinct l.contract_addr as c, l.seller as o from signed_listings l
        where ${open} and l.state_block is null`),
    ),
  );
  const mine = [
    ...new Set(
      touched
        .map((t) => t.split('|'))
        .filter(([, , operator]) => operator === listingsAddr)
        .map(([c, o]) => pairKey(c!, o!)),
    ),
  ];
  for (const part of chunks(mine, 500)) {
    const k = valuesOf(
      part.map((p) => p.split('|')),
      ['varchar', 'varchar'],
    );
    add(
      rowsOf<{ c: string; o: string }>(
        await db.execute(sql`
          select distinct l.contract_addr as c, l.seller as o from signed_listings l
          join ${k} as k(c, o) on l.contract_addr = k.c and l.seller = k.o
          where ${open}`),
      ),
    );
  }
  return [...out.values()];
}

/**
 * isApprovedForAll(owner, Listings) of each pair at `blockNumber`, in deployless multicalls of
 * 500. A call that reverts counts as not approved (the contract cannot move the token); any
 * other error (network) fails the step, which is retried.
 */
export async function readApprovals(
  chain: PublicClient,
  listingsAddr: string,
  pairs: readonly { contractAddr: string; owner: string }[],
  blockNumber: number,
): Promise<ApprovalRead[]> {
  const out: ApprovalRead[] = [];
  for (const part of chunks([...pairs], 500)) {
    const results = await chain.multicall({
      contracts: part.map(
        ({ contractAddr, owner }) =>
          ({
            address: contractAddr as Address,
            abi: gameItems721Abi,
            functionName: 'isApprovedForAll',
            args: [owner as Address, listingsAddr as Address],
          }) as const,
      ),
      allowFailure: true,
      deployless: true,
      blockNumber: BigInt(blockNumber),
    });
    part.forEach(({ contractAddr, owner }, i) => {
      const r = results[i]!;
      if (r.status === 'failure' && !isRevert(r.error)) throw r.error;
      out.push({ contractAddr, owner, approved: r.status === 'success' && r.result === true });
    });
  }
  return out;
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
