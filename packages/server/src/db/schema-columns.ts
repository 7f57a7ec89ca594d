// Column kinds the schema files share, so an address or a uint256 is one type everywhere, and the
// columns and keys every table of one kind has (a fact's position, a signed order's terms).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  primaryKey,
  text,
  timestamp,
  varchar,
  type PgColumn,
} from 'drizzle-orm/pg-core';

/** A uint256 as numeric(78, 0): decimal text, exact. */
export const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 });
/** An amount in coin units (wei / 10^decimals), e.g. a volume or a floor price. */
export const coinAmount = (name: string) => numeric(name, { precision: 78, scale: 18 });
/** A lowercased 0x address. */
export const address = (name: string) => varchar(name, { length: 42 });
export const txHash = (name: string) => varchar(name, { length: 66 });
export const blockNumber = (name: string) => bigint(name, { mode: 'number' });

/** Where a fact comes from: its chain, block, transaction and log. */
export const factPosition = () => ({
  chainId: integer('chain_id').notNull(),
  blockNumber: blockNumber('block_number').notNull(),
  txHash: txHash('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
});

/** The time of a fact's block. */
export const blockTime = () => timestamp('block_time', { withTimezone: true }).notNull();

interface PerBlockColumns {
  chainId: PgColumn;
  blockNumber: PgColumn;
}

/**
 * The keys of a table kept per block (facts, chain reads): unique on its chain and `key`, and its
 * rows by block, which a rollback deletes above a fork.
 */
export const perBlockKeys = (table: string, t: PerBlockColumns, key: PgColumn[]) => [
  primaryKey({ columns: [t.chainId, ...key] }),
  index(`${table}_block_idx`).on(t.chainId, t.blockNumber),
];

interface FactColumns extends PerBlockColumns {
  txHash: PgColumn;
  logIndex: PgColumn;
}

/** A fact table's keys: its log (and `sub`, the part of a log, when one log makes several rows). */
export const factKeys = (table: string, t: FactColumns, sub?: PgColumn) =>
  perBlockKeys(table, t, [t.txHash, t.logIndex, ...(sub ? [sub] : [])]);

/** What a signed order's fact (a fill, a cancel, a counter) carries after its signer. */
const signedFactColumns = () => ({
  orderHash: varchar('order_hash', { length: 66 }),
  /** A fill: the units bought and the order's filled units after it. */
  units: uint256('units'),
  filled: uint256('filled'),
  /** counter: the signer's new counter. */
  counter: uint256('counter'),
  blockTime: blockTime(),
});

/** A signed order's facts by order hash, and by signer and kind. */
const signedFactKeys = (
  table: string,
  t: FactColumns & { orderHash: PgColumn; kind: PgColumn },
  signer: PgColumn,
) => [
  ...factKeys(table, t),
  index(`${table}_hash_idx`).on(t.chainId, t.orderHash),
  index(`${table}_${signer.name}_idx`).on(t.chainId, signer, t.kind),
];

/** What a signed order (listing, offer) covers and asks: its units, coin and price per unit. */
const signedPrice = () => ({
  units: uint256('units').notNull(),
  coin: address('coin').notNull(),
  pricePerUnit: uint256('price_per_unit').notNull(),
});

/** The EIP-712 terms a signed order carries after its price, and its signature. */
const signedTerms = () => ({
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  salt: uint256('salt').notNull(),
  counter: uint256('counter').notNull(),
  signature: text('signature').notNull(),
});

/** When the API stored a signed order, and the state its contract's facts give it (indexer). */
const signedFillState = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Units filled so far (from the contract's fill facts: ListingFilled, OfferAccepted). */
  filled: uint256('filled').notNull().default('0'),
  /** Cancelled on chain by hash, or by a counter above the signed one. */
  cancelled: boolean('cancelled').notNull().default(false),
});

/** The block a signed order's state columns were last computed at; null before the indexer saw it. */
const stateBlock = () => bigint('state_block', { mode: 'number' });

/** The signed orders of a contract the indexer has not looked at yet (read at every range and idle poll). */
const unseenIndex = (table: string, chainId: PgColumn, contract: PgColumn, state: PgColumn) =>
  index(`${table}_unseen_idx`)
    .on(chainId, contract)
    .where(sql`${state} is null`);

/** The columns and keys the tables of signed listings and of signed offers share. */
export const signedOrder = {
  price: signedPrice,
  terms: signedTerms,
  fillState: signedFillState,
  stateBlock,
  unseenIndex,
  factColumns: signedFactColumns,
  factKeys: signedFactKeys,
};
