import type { Address, Hex } from 'viem';
import type { SignedListingFields } from '@aiamarket/shared';
import type { ConnectedWallet, TxHashHandler } from '../../lib/chain';
import {
  approveListings,
  readListingCounter,
  signListing,
  signListingTree,
} from '../../lib/chain/listings';
import { offerStartTime } from '../../lib/chain/offers';
import type { TxOutcome, TxReporter } from '../../lib/tx-flow';
import { createListings, listingInput } from './bulk';

/** What a list of signed listings is built from: the seller, the start and the seller's counter. */
export interface ListingTerms {
  seller: Address;
  start: bigint;
  counter: bigint;
}

/**
 * The one way the account page lists items with a signature (a new bulk listing, or listings
 * made again for a new contract): the Listings contract's approval once per collection, then
 * one signature (a typed tree for more than one) over the listings `build` makes, stored by the
 * server. Nothing is sent on chain but the approvals. Resolves with the number listed.
 */
export async function listWithOneSignature(
  wallet: ConnectedWallet,
  onHash: TxHashHandler,
  report: TxReporter,
  collections: Iterable<string>,
  build: (terms: ListingTerms) => SignedListingFields[],
): Promise<TxOutcome & { count: number }> {
  // The Listings contract moves the items when they sell.
  for (const collection of new Set([...collections].map((c) => c.toLowerCase()))) {
    await approveListings(wallet, collection as Address, onHash);
  }
  const counter = await readListingCounter(wallet.account);
  const start = await offerStartTime(BigInt(Math.floor(Date.now() / 1000)));
  const listings = build({ seller: wallet.account, start, counter });
  report.sign('signListings');
  const bulk = listings.length > 1;
  const signature: Hex = bulk
    ? await signListingTree(wallet, listings)
    : await signListing(wallet, listings[0]!);
  report.submit('submitListings');
  await createListings({ listings: listings.map(listingInput), signature, bulk });
  // Nothing on chain to wait for: the server stored them.
  return { hash: null, blockNumber: null, count: listings.length };
}
