// Token metadata refreshes the chain asked for: ERC-4906 MetadataUpdate /
// BatchMetadataUpdate and ERC1155 URI events, written in the indexer's range transaction and
// fetched by the metadata worker outside it (src/indexer/metadata-events.ts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One request: the tokens `from_id`..`to_id` of a collection (one id: from = to; a huge batch
 * stays one row, the worker refreshes only the ids the indexer has seen). Kept after it is done
 * (`done_at`) while its block is inside the reorg window, so a rollback of its block can ask
 * again (the canonical chain's metadata).
 */
export const metadataRefresh = pgTable(
  'metadata_refresh',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    contractAddr: varchar('contract_addr', { length: 42 }).notNull(),
    fromId: numeric('from_id', { precision: 78, scale: 0 }).notNull(),
    toId: numeric('to_id', { precision: 78, scale: 0 }).notNull(),
    /** The block of the event (after a rollback: the fork point). */
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    /** Failed fetches so far; a failed token is asked again with back-off, then given up. */
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('metadata_refresh_due_idx')
      .on(t.chainId, t.dueAt)
      .where(sql`${t.doneAt} is null`),
    index('metadata_refresh_block_idx').on(t.chainId, t.blockNumber),
  ],
);
