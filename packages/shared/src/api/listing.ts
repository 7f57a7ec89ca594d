// Request and answer shapes of the signed-listing calls (spec style: envelope,
// camelCase). A listing is signed off-chain (EIP-712, ../listings.ts) and bought on the Listings
// contract; the server stores the signed listing, the indexer keeps its state and shows it as an
// `orders` row (OrderVO.kind = ORDER_KIND.signed) in every listing list.
import type { SignedOrderTermsText } from '../signed-order.js';
import type { OrderVO } from './market.js';

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
 * POST /v1/api/listing/create: 1..LISTING_LIMITS.maxBulk listings under one signature, each in
 * its own coin. `bulk` false: exactly one listing, `signature` over the Listing itself. `bulk`
 * true: the server builds listingTree(listings) in the given order and checks `signature` over
 * its typed data (BulkListing, the listings nested in pairs); a signature over the retired
 * ListingTree({ root }) is refused (listingTreeHashOnly). A refusal names the listing's index
 * (`data.index`); nothing is stored on any refusal.
 */
export interface ListingCreateRequest {
  listings: SignedListingInput[];
  signature: string;
  bulk: boolean;
}

/** Answer of listing/create: the order hashes, in the order of the request. */
export interface ListingCreateVO {
  orderHashes: string[];
}

/** Refusal data of listing/create: which listing was refused (0-based). */
export interface ListingRefusalData {
  index: number;
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

/**
 * POST /v1/api/listing/sweepQuote: the `count` (1..MAX_SWEEP) cheapest buyable units of a
 * collection, signed and on-chain market listings alike (a sweep buys both). An ERC1155 listing
 * counts its units: "the 3 cheapest" are 3 units, possibly part of one listing.
 */
export interface SweepQuoteRequest {
  contractAddr: string;
  /** Units (an ERC721 listing is one). */
  count: number;
  /** The sweeper: their own listings are left out (the contract would skip them). */
  buyer?: string;
}

/** The total of the quoted units paid in one coin (each record's `units` at its unit price). */
export interface SweepCoinTotalVO {
  coin: string;
  moneyAddr: string;
  coinDecimals: number;
  /** Human decimal text in the coin's units, and the integer in base units. */
  total: string;
  totalWei: string;
}

/** A quoted listing and how many of its units the sweep buys (all or part of leftAmount). */
export interface SweepQuoteRecordVO extends OrderVO {
  units: string;
}

export interface SweepQuoteVO {
  /** Cheapest first (by price in the reference unit, then price); may be fewer units than asked. */
  records: SweepQuoteRecordVO[];
  totals: SweepCoinTotalVO[];
  /** Sum in the reference unit (exact decimal text); null when a quoted coin has no rate. */
  totalRef: string | null;
}

/**
 * POST /v1/api/listing/retired: a seller's listings that ended because the market moved to a new
 * Listings contract (OrderVO.hold ORDER_HOLD.retired), still worth listing again: not past their
 * end, units still held, and not listed again on the current contract yet. At most
 * LISTING_LIMITS.maxBulk, oldest first: one bulk signature lists them all again.
 */
export interface RetiredListingsRequest {
  seller: string;
}

export interface RetiredListingsVO {
  records: OrderVO[];
}
