// Signed listings as a source: the Listings contract followed, its facts stored with each range
// and deleted above a fork, the chain reads before a range (the sellers' approvals, the coins of
// new listings: reads.ts) and the poll while the chain is idle. Their state is derived with the
// market's orders (derive/signed-orders.ts), for the listings `touched.signed` names.
import { coinDecimals } from '../../../db/schema-coins.js';
import type { AppDb, Tx } from '../../../db/database.js';
import type { CoinDecimals } from '../../chain-reads.js';
import type { ListingEventRow } from '../../../db/schema-listings.js';
import { listingKeysOf } from '../../derive/signed-orders.js';
import { pairKey } from '../../derive/signed-order-state.js';
import { insertListingFacts, listingsDue, rollbackListings, writeListingsPoll } from './store.js';
import { writeApprovals, type ListingApprovalsWrite } from './approvals.js';
import type { SourceFactory, SourceWrite } from '../source.js';
import { SignedListingReads } from './reads.js';

async function insertDecimals(tx: Tx | AppDb, chainId: number, coins: readonly CoinDecimals[]) {
  if (coins.length === 0) return;
  await tx
    .insert(coinDecimals)
    .values(coins.map((c) => ({ chainId, ...c })))
    .onConflictDoNothing();
}

/**
 * The range's approval reads and new coins, written before the state is derived, and the
 * listings to re-derive at its block: those its facts filled, cancelled or countered, and those
 * of the (collection, seller) pairs whose approval was read.
 */
function signedWrite(
  chainId: number,
  approvals: ListingApprovalsWrite,
  coins: readonly CoinDecimals[],
  facts: ListingEventRow[],
): SourceWrite {
  return {
    label: 'write: listing approvals',
    async touch(tx, touched) {
      await insertDecimals(tx, chainId, coins);
      await writeApprovals(tx, chainId, approvals);
      const keys = listingKeysOf(facts);
      for (const r of approvals.reads) keys.pairs.add(pairKey(r.contractAddr, r.owner));
      touched.signed = { listingsAddr: approvals.listingsAddr, block: approvals.blockNumber, keys };
    },
  };
}

export const listingsSource: SourceFactory = ({ db, chain, chainId, deployment, reads }) => {
  const address = deployment.contracts.Listings?.address.toLowerCase() ?? null;
  const listings = address ? new SignedListingReads(db, chain, chainId, reads, address) : null;
  /** When the last poll looked for signed listings whose start came. */
  let polledAt = new Date(0);
  return {
    name: 'listings',
    async follow(role) {
      if (address) role(address).listings = true;
    },
    /**
     * Signed listings follow the main ranges, like offers, and the back-fill that completes a
     * collection (its listings' holdings are known from then on); the holdings a back-fill range
     * moves before that are not known yet, so they change nothing.
     */
    async prepare({ facts, block, main, completes }) {
      if (!listings) return null;
      if (!main) {
        return completes ? signedWrite(chainId, listings.none(block), [], facts.listings) : null;
      }
      // The sellers' approvals the range's ApprovalForAll events touched (and those of signed
      // listings not looked at yet), read at its last block.
      const approvals = await listings.approvals(facts.approvals, block);
      return signedWrite(chainId, approvals, await listings.coins([]), facts.listings);
    },
    insert: (tx, facts) => insertListingFacts(tx, facts.listings),
    async unwind(tx, fork, touched) {
      const keys = await rollbackListings(tx, chainId, fork);
      if (address) touched.signed = { listingsAddr: address, block: fork, keys };
    },
    /**
     * While no new block comes: signed listings stored since the last range (their approval read
     * at the cursor's block) and those whose time came (expired, or started), so their orders rows
     * and their collections' stats follow without waiting for the next block.
     */
    async poll(cursor) {
      if (!listings) return;
      const now = new Date();
      const due = await listingsDue(db, chainId, listings.address, polledAt);
      const coins = await listings.coins([]);
      const approvals = await listings.approvals([], cursor.number);
      if (due.length > 0 || approvals.reads.length > 0 || coins.length > 0) {
        await insertDecimals(db, chainId, coins);
        await writeListingsPoll(db, chainId, cursor, approvals, due);
      }
      polledAt = now;
    },
  };
};
