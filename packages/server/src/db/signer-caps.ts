// The per-signer cap on open signed listings (LISTINGS_MAX_OPEN_PER_SIGNER): a generic db piece
// so listing/create needs one call. Open = not filled, not cancelled, not expired; a listing
// not yet started or unapproved is open (it can still become buyable).
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { ApiError, ERRORS, formatErrorMessage } from '@aiamarket/shared';
import type { AppDb, Tx } from './database.js';
import { signedListings, type NewSignedListingRow } from './schema.js';

const isOpenListing = sql`${signedListings.filled} < ${signedListings.units}
  and not ${signedListings.cancelled} and ${signedListings.endTime} > now()`;

/**
 * Refuses (10051, `data.index` the first listing over the cap) new listings that would take
 * their seller past `max` open listings. Listings already stored are not counted twice. Only the
 * listings of the Listings contract the new ones are signed for count: those of a replaced one
 * have ended (listing them again must not be refused for them).
 */
export async function checkOpenListingsCap(
  db: AppDb,
  chainId: number,
  max: number,
  listings: readonly { seller: string; orderHash: string; listingsAddr: string }[],
) {
  const contracts = [...new Set(listings.map((l) => l.listingsAddr))];
  const hashes = [...new Set(listings.map((l) => l.orderHash))];
  const sellers = [...new Set(listings.map((l) => l.seller))];
  for (const seller of sellers) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(signedListings)
        .where(
          and(
            eq(signedListings.chainId, chainId),
            eq(signedListings.seller, seller),
            inArray(signedListings.listingsAddr, contracts),
            isOpenListing,
            not(inArray(signedListings.orderHash, hashes)),
          ),
        )
        .limit(max + 1)
        .as('open'),
    );
    let open = row!.n;
    const seen = new Set<string>();
    for (const [index, l] of listings.entries()) {
      if (l.seller !== seller || seen.has(l.orderHash)) continue;
      seen.add(l.orderHash);
      open += 1;
      if (open > max) {
        const def = ERRORS.listingOpenLimit;
        throw new ApiError(def, formatErrorMessage(def.message, { max })).withData({ index });
      }
    }
  }
}

/**
 * Checks the cap and stores the listings in one transaction that holds each seller's advisory
 * lock: two requests of one seller checked at the same time each saw room for their own
 * listings and both stored them, taking the seller past the cap.
 */
export async function storeWithinListingsCap(
  db: AppDb,
  chainId: number,
  max: number,
  rows: readonly NewSignedListingRow[],
  store: (tx: Tx, rows: NewSignedListingRow[]) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    // Sorted, so two requests naming the same sellers take their locks in the same order.
    for (const seller of [...new Set(rows.map((r) => r.seller))].sort()) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`seller:${chainId}:${seller}`}, 0))`,
      );
    }
    await checkOpenListingsCap(tx, chainId, max, rows);
    await store(tx, [...rows]);
  });
}
