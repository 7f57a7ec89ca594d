// Signed offers. The API stores each verified offer (the signed fields and the
// signature); the indexer keeps its state columns (filled, cancelled, funded) in step with the
// Offers contract and the offerer's coin. The time-dependent status is computed at read time
// (modules/offer), never stored. Addresses are lowercased 0x strings.
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  address,
  blockNumber,
  factPosition,
  perBlockKeys,
  signedOrder,
  uint256,
  coinAmount,
} from './schema-columns.js';

/** One signed offer (EIP-712 Offer of packages/shared/src/offers.ts). */
export const offers = pgTable(
  'offers',
  {
    chainId: integer('chain_id').notNull(),
    /** The Offers contract of the signature's domain. */
    offersAddr: address('offers_addr').notNull(),
    /** The EIP-712 hash the contract uses (hashOffer). */
    orderHash: varchar('order_hash', { length: 66 }).notNull(),
    offerer: address('offerer').notNull(),
    contractAddr: address('contract_addr').notNull(),
    /** OFFER_KIND: 0 item, 1 collection, 2 trait. */
    kind: smallint('kind').notNull(),
    erc1155: boolean('erc1155').notNull(),
    /** As signed: token id (item), Merkle root as a number (trait), 0 (collection). */
    identifier: uint256('identifier').notNull(),
    /** Item offers: the token id; null for collection and trait offers. */
    tokenId: uint256('token_id'),
    /** Trait offers: the attr_values id the set was built from. */
    traitValueId: integer('trait_value_id'),
    ...signedOrder.price(),
    /** price_per_unit in the coin's units (/ 10^decimals). */
    priceValue: coinAmount('price_value').notNull(),
    /**
     * price_value in the reference unit at the coin's current rate, kept in step by the indexer
     * when a rate changes (like orders.price_ref); null while the coin has no rate.
     */
    priceRef: coinAmount('price_ref'),
    ...signedOrder.terms(),
    ...signedOrder.fillState(),
    /** The offerer's balance AND allowance to the Offers contract cover the remaining units. */
    funded: boolean('funded').notNull().default(true),
    /** ORDER_HOLD coin or paused: the market refuses its coin or is paused (indexer); 0 otherwise. */
    marketHold: smallint('market_hold').notNull().default(0),
    stateBlock: signedOrder.stateBlock(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.orderHash] }),
    index('offers_item_idx').on(t.chainId, t.contractAddr, t.tokenId),
    index('offers_collection_idx').on(t.chainId, t.contractAddr, t.kind),
    index('offers_offerer_idx').on(t.chainId, t.offerer),
    index('offers_coin_offerer_idx').on(t.chainId, t.coin, t.offerer),
    signedOrder.unseenIndex('offers', t.chainId, t.offersAddr, t.stateBlock),
    index('offers_price_ref_idx').on(t.chainId, t.priceRef.desc().nullsLast(), t.priceValue.desc()),
  ],
);

/** Raw bytes (bytea); node-postgres reads a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres sends only a Buffer as bytes (another typed array would go as JSON).
  toDriver: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
});

/**
 * A trait set (the token ids of a trait offer's Merkle root), stored once per (chain,
 * collection, root) and shared by every offer naming that root: a trait offer is one `offers`
 * row whatever the size of its set. A set never changes once stored (its root binds its
 * tokens), so sharing it is safe. Deleted by pruneTraitSets (modules/offer/trait-sets.ts) once
 * no offer names it and it has not been asked for for a day.
 */
export const traitSets = pgTable(
  'trait_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    /** The Merkle root as a number: the `identifier` of the trait offers on it. */
    root: uint256('root').notNull(),
    /** sha256 of the ascending token ids joined by ',': finds a set without hashing its tree. */
    digest: varchar('digest', { length: 64 }).notNull(),
    tokenCount: integer('token_count').notNull(),
    /**
     * Every level of the tree, 32 bytes a node, the leaves first (shared sortedMerkleTree
     * layout), so a proof is read, not computed; null until built (sets moved by migration
     * 0025 are built at their first proof).
     */
    nodes: bytea('nodes'),
    /** When offer/traitSet or offer/create last asked for it (to the hour): pruning keeps recent sets. */
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trait_sets_root_idx').on(t.chainId, t.contractAddr, t.root),
    uniqueIndex('trait_sets_digest_idx').on(t.chainId, t.contractAddr, t.digest),
  ],
);

/** The tokens of a trait set, with their leaf position in its tree (ascending token id). */
export const traitSetTokens = pgTable(
  'trait_set_tokens',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => traitSets.id, { onDelete: 'cascade' }),
    tokenId: uint256('token_id').notNull(),
    leaf: integer('leaf').notNull(),
  },
  (t) => [primaryKey({ columns: [t.setId, t.tokenId] })],
);

export type OfferRow = typeof offers.$inferSelect;
export type NewOfferRow = typeof offers.$inferInsert;

/**
 * One Offers contract event (a fact, rolled back like every fact): kind 'accepted'
 * (OfferAccepted: order_hash, units, filled; the sale itself is a market_events 'sold' row),
 * 'cancelled' (OfferCancelled: order_hash) or 'counter' (CounterIncremented: counter).
 */
export const offerEvents = pgTable(
  'offer_events',
  {
    ...factPosition(),
    kind: varchar('kind', { length: 16 }).notNull(),
    offersAddr: address('offers_addr').notNull(),
    offerer: address('offerer').notNull(),
    ...signedOrder.factColumns(),
  },
  (t) => signedOrder.factKeys('offer_events', t, t.offerer),
);

/**
 * An offerer's coin balance and allowance to an Offers contract, read by the indexer at the last
 * block of the range that touched them (`block_number`); rows read above a fork point are deleted
 * by a rollback and read again.
 */
export const offerFunds = pgTable(
  'offer_funds',
  {
    chainId: integer('chain_id').notNull(),
    coin: address('coin').notNull(),
    owner: address('owner').notNull(),
    spender: address('spender').notNull(),
    balance: uint256('balance').notNull(),
    allowance: uint256('allowance').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
  },
  (t) => perBlockKeys('offer_funds', t, [t.coin, t.owner, t.spender]),
);

export type OfferEventRow = typeof offerEvents.$inferInsert;
export type OfferFundsRow = typeof offerFunds.$inferInsert;
