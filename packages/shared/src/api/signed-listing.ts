// A signed listing as the seller signed it and as a buyer passes it to the Listings contract: the
// shapes both the listing calls and every order row (OrderVO.signed) carry.
import type { SignedOrderTermsText } from '../signed-order.js';

/**
 * One listing exactly as signed (integers as decimal text, addresses 0x hex). `coin`: zero
 * address = native AIA; `counter`: the seller's counterOf on the Listings contract when signed.
 */
export interface SignedListingInput extends SignedOrderTermsText {
  seller: string;
  collection: string;
  erc1155: boolean;
  tokenId: string;
  /** ERC1155 units for sale (ERC721: 1). */
  units: string;
}

/**
 * What a buy or sweep of a signed listing passes to the contract (the Fill): the listing as
 * signed, its signature, and the bulk proof and leaf index ([] and 0 for a listing signed alone).
 */
export interface SignedListingVO extends SignedListingInput {
  orderHash: string;
  /** The Listings contract the listing is signed for. */
  listingsAddr: string;
  signature: string;
  /** Bulk tree root (hex), null for a listing signed alone. */
  root: string | null;
  /** Sibling hashes from the leaf up (the tree's height); [] alone. */
  proof: string[];
  /** The listing's leaf index in its bulk tree; 0 alone. */
  index: number;
}
