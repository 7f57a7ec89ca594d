import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

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

/** A wallet that signed in at least once; the profile fields are edited on the settings page. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lowercased 0x address. */
    address: varchar('address', { length: 42 }).notNull().unique(),
    username: varchar('username', { length: 64 }),
    email: varchar('email', { length: 254 }),
    bio: text('bio'),
    avatarUrl: varchar('avatar_url', { length: 512 }),
    bannerUrl: varchar('banner_url', { length: 512 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [check('users_address_lower', sql`${t.address} = lower(${t.address})`)],
);

/** A sign-in nonce: issued for one address, single-use, expiring. */
export const authNonces = pgTable(
  'auth_nonces',
  {
    nonce: varchar('nonce', { length: 64 }).primaryKey(),
    address: varchar('address', { length: 42 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_nonces_expires_at_idx').on(t.expiresAt)],
);

/** A session: only the SHA-256 of its token is stored. */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    address: varchar('address', { length: 42 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'logout'; older rows may say 'replaced' (sign-in used to end the other sessions). */
    endedReason: varchar('ended_reason', { length: 16 }),
  },
  (t) => [
    index('user_sessions_active_address_idx')
      .on(t.address)
      .where(sql`${t.endedAt} is null`),
    index('user_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** An uploaded file, stored content-addressed under its CID. */
export const uploads = pgTable('uploads', {
  cid: varchar('cid', { length: 128 }).primaryKey(),
  contentType: varchar('content_type', { length: 64 }).notNull(),
  size: integer('size').notNull(),
  purpose: varchar('purpose', { length: 32 }).notNull(),
  uploadedBy: varchar('uploaded_by', { length: 42 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './schema-chain.js';
export * from './schema-coins.js';
export * from './schema-traits.js';
export * from './schema-content.js';
export * from './schema-market.js';
export * from './schema-offers.js';
export * from './schema-listings.js';
export * from './schema-live.js';
export * from './schema-metadata-refresh.js';
