// The signed-listing format of the Listings contract (packages/contracts/src/Listings.sol),
// written once for the contracts' tests, the server (verifies and stores listings) and the web
// (signs them): the EIP-712 domain and types, the order hash, and the bulk-listing tree (one
// signature over typed data holding the listings themselves, nested in pairs, which the wallet
// shows one by one; its hash is the Merkle root of the listings' struct hashes).
import { concat, encodeAbiParameters, hashTypedData, keccak256, toHex, zeroAddress } from 'viem';
import type { Address, Hex } from 'viem';
import { SIGNED_ORDER_TERM_TYPES, signedOrderDomain } from './signed-order.js';
import type { SignedOrderTerms } from './signed-order.js';

/** Most listings one sweep buys (the contract's MAX_SWEEP). */
export const MAX_SWEEP = 30;

/**
 * What listing/create accepts (the server checks, the web keeps within): listings under one
 * signature, and how far ahead a listing may end.
 */
export const LISTING_LIMITS = { maxBulk: 100, maxDurationDays: 180 } as const;

/** One listing as signed. `coin`: zero address = native AIA. */
export interface SignedListingFields extends SignedOrderTerms {
  seller: Address;
  collection: Address;
  erc1155: boolean;
  tokenId: bigint;
  /** ERC1155 units for sale (ERC721: 1). */
  units: bigint;
}

/** EIP-712 domain of the Listings contract at `verifyingContract` on `chainId`. */
export function listingDomain(chainId: number, verifyingContract: Address) {
  return signedOrderDomain('AIAMarket Listings', chainId, verifyingContract);
}

/** EIP-712 types of one listing; the field order is the contract's LISTING_TYPEHASH. */
export const LISTING_TYPES = {
  Listing: [
    { name: 'seller', type: 'address' },
    { name: 'collection', type: 'address' },
    { name: 'erc1155', type: 'bool' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'units', type: 'uint256' },
    ...SIGNED_ORDER_TERM_TYPES,
  ],
} as const;

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

/**
 * Deepest bulk tree (the contract's MAX_TREE_HEIGHT): 2^7 = 128 leaves, room for
 * LISTING_LIMITS.maxBulk; the wallet shows every leaf, padding included.
 */
export const MAX_TREE_HEIGHT = 7;

/** The padding of a bulk tree: seller zero, which no signature recovers to, so never fillable. */
export const EMPTY_LISTING: SignedListingFields = {
  seller: zeroAddress,
  collection: zeroAddress,
  erc1155: false,
  tokenId: 0n,
  units: 0n,
  coin: zeroAddress,
  pricePerUnit: 0n,
  start: 0n,
  end: 0n,
  salt: 0n,
  counter: 0n,
};

/** The smallest height whose tree holds `count` listings (at least 1). */
export function treeHeightFor(count: number): number {
  let height = 1;
  while (2 ** height < count) height += 1;
  return height;
}

/**
 * EIP-712 types a bulk listing of `height` signs: BulkListing(Listing[2]..[2] tree), the
 * listings themselves nested `height` deep, so the wallet shows each one.
 */
export function bulkListingTypes(height: number) {
  return {
    BulkListing: [{ name: 'tree', type: `Listing${'[2]'.repeat(height)}` as `Listing[${string}]` }],
    Listing: LISTING_TYPES.Listing,
  } as const;
}

/** The nested pairs of a bulk listing's message: a listing, or a pair of subtrees. */
export type ListingSubtree = SignedListingFields | readonly [ListingSubtree, ListingSubtree];

export interface ListingTree {
  /** Nesting depth: the proof length, 1 to MAX_TREE_HEIGHT. */
  height: number;
  /** The tree's EIP-712 hash: the Merkle root of the padded leaves' struct hashes. */
  root: Hex;
  /** What the seller signs (primaryType BulkListing), for the contract at `verifyingContract`. */
  typedData(
    chainId: number,
    verifyingContract: Address,
  ): {
    domain: ReturnType<typeof listingDomain>;
    types: ReturnType<typeof bulkListingTypes>;
    primaryType: 'BulkListing';
    message: { tree: ListingSubtree };
  };
  /** The sibling hashes, leaf to root, a buy of the listing at `index` carries with `index`. */
  proof(index: number): Hex[];
}

/**
 * The bulk-listing tree of `listings` (1 to 2^MAX_TREE_HEIGHT), in their order, padded with
 * EMPTY_LISTING to a power of two. A listing's order hash does not depend on the tree.
 */
export function listingTree(listings: readonly SignedListingFields[]): ListingTree {
  if (listings.length === 0 || listings.length > 2 ** MAX_TREE_HEIGHT) {
    throw new Error(`a bulk listing holds 1 to ${2 ** MAX_TREE_HEIGHT} listings`);
  }
  const height = treeHeightFor(listings.length);
  const leaves = [...listings];
  while (leaves.length < 2 ** height) leaves.push(EMPTY_LISTING);
  // levels[k]: the node hashes k levels above the leaves.
  const levels: Hex[][] = [leaves.map(listingStructHash)];
  let nested: ListingSubtree[] = leaves;
  for (let k = 0; k < height; k++) {
    const below = levels[k]!;
    levels.push(
      below.flatMap((h, i) => (i % 2 === 0 ? [keccak256(concat([h, below[i + 1]!]))] : [])),
    );
    nested = nested.flatMap((t, i) =>
      i % 2 === 0 ? [[t, nested[i + 1]!] as const satisfies ListingSubtree] : [],
    );
  }
  const tree = nested[0]!;
  return {
    height,
    root: levels[height]![0]!,
    typedData: (chainId, verifyingContract) => ({
      domain: listingDomain(chainId, verifyingContract),
      types: bulkListingTypes(height),
      primaryType: 'BulkListing',
      message: { tree },
    }),
    proof(index) {
      if (!Number.isInteger(index) || index < 0 || index >= listings.length) {
        throw new Error(`no listing ${index} in this tree`);
      }
      return levels.slice(0, height).map((level, k) => level[(index >> k) ^ 1]!);
    },
  };
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
