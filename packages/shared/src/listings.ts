// The signed-listing format of the Listings contract (packages/contracts/src/Listings.sol),
// written once for the contracts' tests, the server (verifies and stores listings) and the web
// (signs them): the EIP-712 domain and types, the order hash, and the bulk-listing tree (one
// signature over the Merkle root of many listings' struct hashes).
import { encodeAbiParameters, hashTypedData, keccak256, toHex } from 'viem';
import type { Address, Hex } from 'viem';
import { sortedMerkleTree } from './offers.js';

/** Most listings one sweep buys (the contract's MAX_SWEEP). */
export const MAX_SWEEP = 30;

/**
 * What listing/create accepts (the server checks, the web keeps within): listings under one
 * signature, and how far ahead a listing may end.
 */
export const LISTING_LIMITS = { maxBulk: 100, maxDurationDays: 180 } as const;

/** One listing as signed. `coin`: zero address = native AIA. */
export interface SignedListingFields {
  seller: Address;
  collection: Address;
  erc1155: boolean;
  tokenId: bigint;
  /** ERC1155 units for sale (ERC721: 1). */
  units: bigint;
  coin: Address;
  pricePerUnit: bigint;
  /** Unix seconds: buyable from start (inclusive) until end (exclusive). */
  start: bigint;
  end: bigint;
  salt: bigint;
  /** The seller's counter on the contract (counterOf); raising it cancels every older listing. */
  counter: bigint;
}

/** EIP-712 domain of the Listings contract at `verifyingContract` on `chainId`. */
export function listingDomain(chainId: number, verifyingContract: Address) {
  return { name: 'AIAMarket Listings', version: '1', chainId, verifyingContract } as const;
}

/** EIP-712 types of one listing; the field order is the contract's LISTING_TYPEHASH. */
export const LISTING_TYPES = {
  Listing: [
    { name: 'seller', type: 'address' },
    { name: 'collection', type: 'address' },
    { name: 'erc1155', type: 'bool' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'units', type: 'uint256' },
    { name: 'coin', type: 'address' },
    { name: 'pricePerUnit', type: 'uint256' },
    { name: 'start', type: 'uint256' },
    { name: 'end', type: 'uint256' },
    { name: 'salt', type: 'uint256' },
    { name: 'counter', type: 'uint256' },
  ],
} as const;

/** EIP-712 type a bulk listing signs: the root of its listings' tree. */
export const LISTING_TREE_TYPES = { ListingTree: [{ name: 'root', type: 'bytes32' }] } as const;

const LISTING_TYPEHASH = keccak256(
  toHex(`Listing(${LISTING_TYPES.Listing.map((f) => `${f.type} ${f.name}`).join(',')})`),
);

/** hashStruct(listing): the leaf of a listing in a bulk tree. */
export function listingStructHash(listing: SignedListingFields): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, ...LISTING_TYPES.Listing.map((f) => ({ type: f.type }))],
      [LISTING_TYPEHASH, ...LISTING_TYPES.Listing.map((f) => listing[f.name])],
    ),
  );
}

/** The order hash (EIP-712 digest) the contract tracks and cancels a listing by. */
export function listingOrderHash(
  listing: SignedListingFields,
  chainId: number,
  verifyingContract: Address,
): Hex {
  return hashTypedData({
    domain: listingDomain(chainId, verifyingContract),
    types: LISTING_TYPES,
    primaryType: 'Listing',
    message: listing,
  });
}

export interface ListingTree {
  /** What the seller signs: ListingTree({ root }) with LISTING_TREE_TYPES. */
  root: Hex;
  /** The proof a buy of the listing at `index` carries. */
  proof(index: number): Hex[];
}

/**
 * The bulk-listing tree of `listings` (at least two; a single listing is signed as itself
 * with an empty proof). Each proof fits only its own listing: the leaf is the listing's
 * struct hash.
 */
export function listingTree(listings: readonly SignedListingFields[]): ListingTree {
  if (listings.length < 2) throw new Error('a bulk listing needs at least two listings');
  return sortedMerkleTree(listings.map(listingStructHash));
}

/**
 * How many units a sweep of the `count` cheapest units takes of each listing, cheapest first:
 * every listing whole until the last, which gives only what is still missing (both listing
 * contracts sell any part of what is left). Listings after the count is reached get 0.
 */
export function sweepUnits(leftAmounts: readonly bigint[], count: bigint): bigint[] {
  let missing = count;
  return leftAmounts.map((left) => {
    const take = left < missing ? left : missing;
    missing -= take;
    return take > 0n ? take : 0n;
  });
}
