// The signed-offer format of the Offers contract (packages/contracts/src/Offers.sol), written
// once for the contracts' tests, the server (verifies and stores offers) and the web (signs
// them): the EIP-712 domain and types, the offer kinds, and the trait-set Merkle tree.
import { concat, encodeAbiParameters, hexToBigInt, keccak256 } from 'viem';
import type { Address, Hex } from 'viem';
import { SIGNED_ORDER_TERM_TYPES, signedOrderDomain } from './signed-order.js';
import type { SignedOrderTerms } from './signed-order.js';

/** What an offer wants (the contract's `Kind`). */
export const OFFER_KIND = { item: 0, collection: 1, trait: 2 } as const;
export type OfferKind = (typeof OFFER_KIND)[keyof typeof OFFER_KIND];

/**
 * One offer as signed. `identifier`: token id (item), Merkle root as a number (trait), 0
 * (collection). `coin`: an ERC-20 the market allows (native AIA: the wrapped AIA).
 */
export interface SignedOfferFields extends SignedOrderTerms {
  offerer: Address;
  collection: Address;
  kind: OfferKind;
  erc1155: boolean;
  identifier: bigint;
  /** ERC1155 units, or the number of tokens of a collection/trait offer. */
  units: bigint;
}

/** EIP-712 domain of the Offers contract at `verifyingContract` on `chainId`. */
export function offerDomain(chainId: number, verifyingContract: Address) {
  return signedOrderDomain('AIAMarket Offers', chainId, verifyingContract);
}

/** EIP-712 types; the field order is the contract's OFFER_TYPEHASH. */
export const OFFER_TYPES = {
  Offer: [
    { name: 'offerer', type: 'address' },
    { name: 'collection', type: 'address' },
    { name: 'kind', type: 'uint8' },
    { name: 'erc1155', type: 'bool' },
    { name: 'identifier', type: 'uint256' },
    { name: 'units', type: 'uint256' },
    ...SIGNED_ORDER_TERM_TYPES,
  ],
} as const;

/** Leaf of a token id in a trait set: keccak256(abi.encode(tokenId)). */
export function traitLeaf(tokenId: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: 'uint256' }], [tokenId]));
}

/**
 * Parent of two nodes, hashed in sorted order (OpenZeppelin MerkleProof); exported for the
 * server, which builds large trees in slices.
 */
export function hashPair(a: Hex, b: Hex): Hex {
  return hexToBigInt(a) <= hexToBigInt(b) ? keccak256(concat([a, b])) : keccak256(concat([b, a]));
}

export interface TraitTree {
  /** The root; an offer carries it as `identifier` (hexToBigInt(root)). */
  root: Hex;
  /** The proof of `tokenId`; throws for a token outside the set. */
  proof(tokenId: bigint): Hex[];
}

/** A Merkle tree over 32-byte leaves, pairs hashed sorted (OpenZeppelin MerkleProof). */
export interface SortedMerkleTree {
  root: Hex;
  /** The proof of the leaf at `index` (in the order given). */
  proof(index: number): Hex[];
}

/**
 * The tree the contracts verify with OpenZeppelin's MerkleProof: leaves in the given order, a
 * node without a sibling moves up unchanged. Used by trait sets (leaves: token ids) and bulk
 * listings (leaves: listing struct hashes, listings.ts). Throws for no leaves.
 */
export function sortedMerkleTree(leaves: readonly Hex[]): SortedMerkleTree {
  if (leaves.length === 0) throw new Error('a Merkle tree needs at least one leaf');
  const layers: Hex[][] = [[...leaves]];
  for (let layer = layers[0]!; layer.length > 1;) {
    const next: Hex[] = [];
    for (let i = 0; i < layer.length; i += 2) {
      next.push(i + 1 < layer.length ? hashPair(layer[i]!, layer[i + 1]!) : layer[i]!);
    }
    layers.push(next);
    layer = next;
  }
  return {
    root: layers.at(-1)![0]!,
    proof(leafIndex) {
      if (!Number.isInteger(leafIndex) || leafIndex < 0 || leafIndex >= leaves.length) {
        throw new Error(`no leaf ${leafIndex} in the tree`);
      }
      let index = leafIndex;
      const proof: Hex[] = [];
      for (const layer of layers.slice(0, -1)) {
        const sibling = index ^ 1;
        if (sibling < layer.length) proof.push(layer[sibling]!);
        index >>= 1;
      }
      return proof;
    },
  };
}

/**
 * The Merkle tree of a trait set (token ids; duplicates ignored, order irrelevant). A node
 * without a sibling moves up unchanged. Throws for an empty set.
 */
export function traitTree(tokenIds: readonly bigint[]): TraitTree {
  const ids = [...new Set(tokenIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length === 0) throw new Error('a trait set needs at least one token id');
  const tree = sortedMerkleTree(ids.map(traitLeaf));
  return {
    root: tree.root,
    proof(tokenId) {
      const index = ids.indexOf(tokenId);
      if (index < 0) throw new Error(`token ${tokenId} is not in the trait set`);
      return tree.proof(index);
    },
  };
}
