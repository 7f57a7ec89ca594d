// Signed listings as a source: the Listings contract followed, and the poll while the chain is
// idle. Their approvals and coins are read before each range (reads.ts) and their state is
// derived with the market's orders (derive step, listings.ts).
import { coinDecimals } from '../../../db/schema-coins.js';
import { listingsDue } from './store.js';
import { writeListingsPoll } from '../../sync/store.js';
import type { SourceFactory } from '../source.js';
import { SignedListingReads } from './reads.js';

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
        if (coins.length > 0) {
          await db
            .insert(coinDecimals)
            .values(coins.map((c) => ({ chainId, ...c })))
            .onConflictDoNothing();
        }
        await writeListingsPoll(db, chainId, cursor, approvals, due);
      }
      polledAt = now;
    },
  };
};
