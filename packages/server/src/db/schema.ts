import { bigint, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Key/value settings the API serves (e.g. transaction_fee), editable by the admin CLI. */
export const appConfig = pgTable('app_config', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where the indexer stands; one row per followed chain. */
export const indexerCursor = pgTable('indexer_cursor', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: varchar('block_hash', { length: 66 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
