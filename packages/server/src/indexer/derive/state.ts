// Re-derives the state the touched keys reach, one derivation per kind of state, in order.
import type { Tx } from '../../db/database.js';
import { recomputeListings } from './signed-orders.js';
import { timed, type Profile } from '../profile.js';
import { recomputeStats } from './stats.js';
import { syncProfileRoyalty } from './royalty.js';
import { type Touched } from './keys.js';
import { recomputeHoldings } from './holdings.js';
import { recomputeOrders } from './market-orders.js';
import { recomputeLaunchpad } from './launchpad.js';
import { settleOffers, settleOrders } from './availability.js';
import type { ItemEvents } from './market-items.js';

/**
 * Re-derives every state row the touched keys reach (holdings first: orders read them; signed
 * listings when the Listings contract is followed; then what of them can be filled now). `read`: listings' events already read in the
 * transaction after its facts (writeActivities).
 */
export async function recompute(
  tx: Tx,
  chainId: number,
  touched: Touched,
  profile?: Profile,
  read?: ItemEvents,
) {
  await timed(profile, 'write: holdings', () =>
    recomputeHoldings(tx, chainId, [...touched.holdings]),
  );
  await timed(profile, 'write: orders', () => recomputeOrders(tx, chainId, touched, read));
  // Before the signed listings: theirs follows the collection's.
  const royaltyChanged = await syncProfileRoyalty(tx, chainId, [...touched.royalties]);
  const listings = touched.signed;
  if (listings) {
    const contracts = new Set([...touched.contracts, ...royaltyChanged]);
    await timed(profile, 'write: signed listings', () =>
      recomputeListings(
        tx,
        chainId,
        listings,
        touched.holdings,
        contracts,
        touched.stats,
        touched.sellers,
      ),
    );
  }
  // After both kinds of listings: they share the units a seller holds.
  await timed(profile, 'write: availability', async () => {
    await settleOrders(tx, chainId, touched.sellers, touched.settings, touched.stats);
    await settleOffers(tx, chainId, touched.settings);
  });
  await timed(profile, 'write: launchpad', () =>
    recomputeLaunchpad(tx, chainId, [...touched.sales]),
  );
  await timed(profile, 'write: stats', () => recomputeStats(tx, chainId, [...touched.stats]));
}
