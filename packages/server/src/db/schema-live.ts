// The change feed: one ordered row per change of a state row the pages show, written in the
// transaction that made the change (database triggers, drizzle/repeatable/change_feed.sql),
// numbered in commit order, kept for a retention window. The event stream and the webhooks read
// it.
import {
  bigint,
  index,
  integer,
  json,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** One change; `id` is assigned at commit, so ids grow in commit order. */
export const changeFeed = pgTable(
  'change_feed',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    /** LIVE_KIND of packages/shared: order, holding, activity, offer, stats, launchpad, metadata. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** insert, update or delete (a reorg rollback's removals are deletes). */
    op: varchar('op', { length: 8 }).notNull(),
    /** The topics a subscriber matches (item:…, collection:…, account:…, market, launchpad:…). */
    topics: text('topics').array().notNull(),
    /** The row after the change (before it, for a delete), camelCase fields (json: read whole). */
    data: json('data').notNull(),
    /** The indexer's cursor block when written (null when the API wrote the change). */
    blockNumber: bigint('block_number', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_feed_created_idx').on(t.createdAt)],
);

/** A studio's webhook: every feed event matching `topics` is POSTed, signed, in order. */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  topics: text('topics').array().notNull(),
  /** HMAC-SHA256 key of the signature header. */
  secret: text('secret').notNull(),
  /** WEBHOOK_STATUS: 0 active, 1 parked (after too many failures), 2 disabled. */
  status: smallint('status').notNull().default(0),
  /** The last feed id delivered (or skipped as not matching); the next delivery is after it. */
  cursor: bigint('cursor', { mode: 'number' }).notNull(),
  /** Consecutive failures of the event at the cursor. */
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each delivery attempt, for the operator (admin CLI) and the tests. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    /** HTTP status, null when no answer came (refused, time-out). */
    status: integer('status'),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_sub_idx').on(t.subscriptionId, t.eventId)],
);
