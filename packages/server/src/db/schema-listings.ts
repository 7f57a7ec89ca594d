// Signed listings. The API stores each verified listing (the signed fields, the
// signature and, for a bulk signature, the listing's leaf index and proof); the indexer keeps its state
// columns (filled, cancelled, approved) in step with the Listings contract and derives an `orders`
// row (kind ORDER_KIND.signed) from it, so every list query includes signed listings with no
// second query path. Addresses are lowercased 0x strings.
import { boolean, index, integer, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import {
  address,
  blockNumber,
  factPosition,
  perBlockKeys,
  signedOrder,
  uint256,
} from './schema-columns.js';

/** One signed listing (EIP-712 Listing of packages/shared/src/listings.ts). */
export const signedListings = pgTable(
  'signed_listings',
  {
    chainId: integer('chain_id').notNull(),
    /** The Listings contract of the signature's domain. */
    listingsAddr: address('listings_addr').notNull(),
    /** The EIP-712 hash the contract uses (listingOrderHash). */
    orderHash: varchar('order_hash', { length: 66 }).notNull(),
    seller: address('seller').notNull(),
    contractAddr: address('contract_addr').notNull(),
    erc1155: boolean('erc1155').notNull(),
    tokenId: uint256('token_id').notNull(),
    ...signedOrder.price(),
    ...signedOrder.terms(),
    /** Bulk signature: the hash of the BulkListing tree (Merkle root) the seller signed; null alone. */
    root: varchar('root', { length: 66 }),
    /** Bulk signature: this listing's sibling hashes, leaf to root (0x hex strings); [] alone. */
    proof: jsonb('proof').$type<string[]>().notNull().default([]),
    /** Bulk signature: this listing's leaf index in the tree (0 alone). */
    treeIndex: integer('tree_index').notNull().default(0),
    ...signedOrder.fillState(),
    /** isApprovedForAll(seller, Listings) on the collection (indexer). */
    approved: boolean('approved').notNull().default(true),
    stateBlock: signedOrder.stateBlock(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.orderHash] }),
    index('signed_listings_item_idx').on(t.chainId, t.contractAddr, t.tokenId),
    index('signed_listings_seller_idx').on(t.chainId, t.seller),
    signedOrder.unseenIndex('signed_listings', t.chainId, t.listingsAddr, t.stateBlock),
  ],
);

export type SignedListingRow = typeof signedListings.$inferSelect;
export type NewSignedListingRow = typeof signedListings.$inferInsert;

/**
 * One Listings contract event (a fact, rolled back like every fact): kind 'filled'
 * (ListingFilled: order_hash, units, filled; the sale itself is a market_events 'sold' row),
 * 'cancelled' (ListingCancelled: order_hash), 'counter' (CounterIncremented: counter) or 'swept'
 * (MarketItemSwept: item_id of the market listing, the real buyer, units).
 */
export const listingEvents = pgTable(
  'listing_events',
  {
    ...factPosition(),
    kind: varchar('kind', { length: 16 }).notNull(),
    listingsAddr: address('listings_addr').notNull(),
    /** The seller (filled, cancelled, counter) or the real buyer (swept). */
    account: address('account').notNull(),
    ...signedOrder.factColumns(),
    /** swept: the market listing's item id (its units bought are in `units`). */
    itemId: uint256('item_id'),
  },
  (t) => signedOrder.factKeys('listing_events', t, t.account),
);

/**
 * A seller's isApprovedForAll(owner, operator) on a collection, read by the indexer at the last
 * block of the range that touched it (`block_number`); rows read above a fork point are deleted by
 * a rollback and read again.
 */
export const listingApprovals = pgTable(
  'listing_approvals',
  {
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    owner: address('owner').notNull(),
    operator: address('operator').notNull(),
    approved: boolean('approved').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
  },
  (t) => perBlockKeys('listing_approvals', t, [t.contractAddr, t.owner, t.operator]),
);

export type ListingEventRow = typeof listingEvents.$inferInsert;
export type ListingApprovalRow = typeof listingApprovals.$inferInsert;
