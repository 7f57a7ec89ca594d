import { z } from 'zod';
import { LISTING_LIMITS, MAX_SWEEP } from '@aiamarket/shared';
import { addressSchema } from '../../http/schemas.js';
import { optional } from '../../http/filter-inputs.js';
import { booleanInput, signatureInput, uint256Input } from '../../http/inputs.js';

/** One listing as signed (SignedListingInput). */
const signedListingInput = z.object({
  seller: addressSchema,
  collection: addressSchema,
  erc1155: booleanInput,
  tokenId: uint256Input,
  units: uint256Input.describe('ERC1155 units for sale (ERC721: 1)'),
  coin: addressSchema.describe('a coin the market allows; the zero address is AIA'),
  pricePerUnit: uint256Input.describe('base units of the coin per unit'),
  start: uint256Input.describe('unix seconds, buyable from'),
  end: uint256Input.describe('unix seconds, buyable until (exclusive)'),
  salt: uint256Input,
  counter: uint256Input.describe("the seller's counterOf on the Listings contract"),
});

/** POST listing/create (ListingCreateRequest). */
export const listingCreateInput = z
  .object({
    listings: z.array(signedListingInput).min(1).max(LISTING_LIMITS.maxBulk),
    signature: signatureInput,
    bulk: booleanInput.describe(
      'true: the signature is over the BulkListing typed tree of the listings (shared listingTree)',
    ),
  })
  .refine((v) => v.bulk || v.listings.length === 1, {
    message: 'a single listing (bulk false) is exactly one',
    path: ['listings'],
  });
export type ListingCreateInput = z.infer<typeof listingCreateInput>;

/** POST listing/sweepQuote (SweepQuoteRequest). */
export const sweepQuoteInput = z.object({
  contractAddr: addressSchema,
  count: z.coerce.number().int().min(1).max(MAX_SWEEP),
  buyer: optional(addressSchema).describe('the sweeper: their own listings are left out'),
});

/** POST listing/retired (RetiredListingsRequest). */
export const retiredListingsInput = z.object({ seller: addressSchema });
