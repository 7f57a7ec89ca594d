// Payment coins: their decimals, their rate history in the reference unit and their price feeds.
import { integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { address, coinAmount } from './schema-columns.js';

/**
 * Decimals of the coins orders are priced in (AIA = zero address, 18; ERC-20 decimals()), read
 * once by the indexer. Not a fact: a coin's decimals never change, so reorgs keep them.
 */
export const coinDecimals = pgTable(
  'coin_decimals',
  {
    chainId: integer('chain_id').notNull(),
    address: address('address').notNull(),
    decimals: smallint('decimals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/**
 * Rate history of the payment coins: reference units per 1 whole coin from `effectiveAt` on,
 * set by the operator (admin CLI `rate set`). Append-only, so a sale's stored rate and the
 * history never move. The reference coin itself (AIA) has no row: its rate is 1.
 */
export const coinRates = pgTable(
  'coin_rates',
  {
    chainId: integer('chain_id').notNull(),
    coin: address('coin').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    rate: coinAmount('rate').notNull(),
    symbol: varchar('symbol', { length: 64 }).notNull(),
    decimals: smallint('decimals').notNull(),
    /** 'operator' (admin CLI), 'aggregator' (an on-chain price feed) or 'peg' (the wrapped AIA's 1). */
    source: varchar('source', { length: 16 }).notNull().default('operator'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.coin, t.effectiveAt] })],
);

/**
 * The on-chain price feed (Chainlink-style aggregator) of a payment coin: the indexer reads it at
 * each sale's block and keeps the coin's listings at its latest answer.
 */
export const coinFeeds = pgTable(
  'coin_feeds',
  {
    chainId: integer('chain_id').notNull(),
    coin: address('coin').notNull(),
    feed: address('feed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.coin] })],
);
