// The poll's write for offers: what the API stored since the last range, read while the chain is
// idle.
import type { AppDb } from '../../../db/database.js';
import { lockOrderItems } from '../../../db/order-items-lock.js';
import { setFeedBlock } from '../../../live/feed.js';
import { settleOffers } from '../../derive/availability.js';
import { fenceOnCursor, type Cursor } from '../../sync/store.js';
import { writeOffers, type OfferFundsWrite } from './offers.js';

/**
 * While the chain is idle: the funds of offers stored since the last range, read at the cursor's
 * block, and their state, in one transaction fenced on the cursor (a rollback in between makes
 * it fail; the next step starts over).
 */
export async function writeNewOffers(
  db: AppDb,
  chainId: number,
  cursor: Cursor,
  funds: OfferFundsWrite,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    await fenceOnCursor(tx, chainId, cursor);
    await setFeedBlock(tx, cursor.number);
    // Offers stored since the last range get the market's hold before they are looked at.
    await settleOffers(tx, chainId, new Set());
    await writeOffers(tx, chainId, [], funds, cursor.number);
  });
}
