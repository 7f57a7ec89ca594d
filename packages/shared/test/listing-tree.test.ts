// The bulk-listing tree: its root is the EIP-712 hash viem computes for the nested message, each
// proof leads from its own listing to that root by position, padding fills the tree to a power
// of two, and a listing's order hash is the same inside a tree as alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  concat,
  encodeAbiParameters,
  hashStruct,
  hashTypedData,
  keccak256,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import {
  bulkListingTypes,
  EMPTY_LISTING,
  LISTING_LIMITS,
  LISTING_TYPES,
  listingOrderHash,
  listingStructHash,
  listingTree,
  MAX_TREE_HEIGHT,
  treeHeightFor,
  type ListingSubtree,
  type SignedListingFields,
} from '../src/listings.js';

const LISTINGS_ADDR = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address;
const SELLER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address;
const COINS = [
  '0x0000000000000000000000000000000000000000',
  '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
] as Address[];

const listing = (i: number, coin = COINS[i % 2]!): SignedListingFields => ({
  seller: SELLER,
  collection: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
  erc1155: i % 3 === 0,
  tokenId: BigInt(i + 1),
  units: 1n,
  coin,
  pricePerUnit: 10n ** 15n * BigInt(i + 1),
  start: 1_700_000_000n,
  end: 1_800_000_000n,
  salt: BigInt(1000 + i),
  counter: 0n,
});

/** The root a buy recomputes: at level k the node is on the left when bit k of index is 0. */
function rootFrom(leaf: Hex, index: number, proof: readonly Hex[]): Hex {
  return proof.reduce<Hex>(
    (node, sibling, k) =>
      keccak256(((index >> k) & 1) === 0 ? concat([node, sibling]) : concat([sibling, node])),
    leaf,
  );
}

/** The leaves of a nested message, left to right. */
const flatten = (t: ListingSubtree): SignedListingFields[] =>
  Array.isArray(t) ? (t as readonly ListingSubtree[]).flatMap(flatten) : [t as SignedListingFields];

describe('listingTree', () => {
  it('heights: 1 for one or two listings, 7 for 100 (maxBulk fits), none beyond 128', () => {
    expect(treeHeightFor(1)).toBe(1);
    expect(treeHeightFor(2)).toBe(1);
    expect(treeHeightFor(3)).toBe(2);
    expect(treeHeightFor(100)).toBe(7);
    expect(2 ** MAX_TREE_HEIGHT).toBeGreaterThanOrEqual(LISTING_LIMITS.maxBulk);
    expect(() => listingTree([])).toThrow();
    expect(() => listingTree(Array.from({ length: 129 }, (_, i) => listing(i)))).toThrow();
  });

  it("the root is the tree's EIP-712 hash as viem computes it, for every size up to 128", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 128 }), (n) => {
        const ls = Array.from({ length: n }, (_, i) => listing(i));
        const tree = listingTree(ls);
        const typed = tree.typedData(31337, LISTINGS_ADDR);
        expect(tree.height).toBe(treeHeightFor(n));
        expect(typed.types.BulkListing[0].type).toBe(`Listing${'[2]'.repeat(tree.height)}`);
        // hashStruct(BulkListing) = keccak(typeHash, encodeData(tree)), encodeData(tree) = root.
        const typeHash = keccak256(
          toHex(
            `BulkListing(Listing${'[2]'.repeat(tree.height)} tree)Listing(` +
              LISTING_TYPES.Listing.map((f) => `${f.type} ${f.name}`).join(',') +
              ')',
          ),
        );
        expect(
          hashStruct({ data: typed.message, primaryType: 'BulkListing', types: typed.types }),
        ).toBe(
          keccak256(
            encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes32' }], [typeHash, tree.root]),
          ),
        );
        // The message holds the listings in order, then padding, nothing else.
        const leaves = flatten(typed.message.tree);
        expect(leaves).toHaveLength(2 ** tree.height);
        expect(leaves.slice(0, n)).toEqual(ls);
        expect(leaves.slice(n).every((l) => l === EMPTY_LISTING)).toBe(true);
      }),
      { seed: 20261128, numRuns: 12 },
    );
  }, 60_000);

  it('each proof leads from its own listing to the root, and only from its own place', () => {
    for (const n of [1, 2, 3, 100]) {
      const ls = Array.from({ length: n }, (_, i) => listing(i));
      const tree = listingTree(ls);
      ls.forEach((l, i) => {
        const proof = tree.proof(i);
        expect(proof).toHaveLength(tree.height);
        expect(rootFrom(listingStructHash(l), i, proof)).toBe(tree.root);
        // The same proof at the neighbouring index, or for another listing, leads elsewhere.
        expect(rootFrom(listingStructHash(l), i ^ 1, proof)).not.toBe(tree.root);
        if (n > 1) {
          expect(rootFrom(listingStructHash(ls[(i + 1) % n]!), i, proof)).not.toBe(tree.root);
        }
      });
      expect(() => tree.proof(n)).toThrow();
    }
  });

  it("the order hash signed inside a tree is the listing's own (alone: Listing)", () => {
    const l = listing(4);
    const alone = hashTypedData({
      domain: {
        name: 'AIAMarket Listings',
        version: '1',
        chainId: 31337,
        verifyingContract: LISTINGS_ADDR,
      },
      types: LISTING_TYPES,
      primaryType: 'Listing',
      message: l,
    });
    const tree = listingTree([listing(0), l, listing(7, COINS[0])]);
    expect(tree.typedData(31337, LISTINGS_ADDR).types.Listing).toBe(LISTING_TYPES.Listing);
    expect(listingStructHash(l)).toBe(
      hashStruct({ data: l, primaryType: 'Listing', types: LISTING_TYPES }),
    );
    expect(listingOrderHash(l, 31337, LISTINGS_ADDR)).toBe(alone);
  });

  it('the bulk types differ per height (a proof of another height signs another type)', () => {
    const names = [1, 2, 7].map((h) => bulkListingTypes(h).BulkListing[0].type);
    expect(new Set(names).size).toBe(3);
  });
});
