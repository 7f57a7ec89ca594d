// Off-chain market data: the editable collection pages and users' favourites.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The page of a collection the indexer follows (one per chain + contract): what the owner
 * edits on /collection-edit. Created when a collection is registered (admin CLI, launchpad,
 * demo seed); `linkCollection` is its URL name.
 */
export const collectionProfiles = pgTable(
  'collection_profiles',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').notNull(),
    contractAddr: varchar('contract_addr', { length: 42 }).notNull(),
    linkCollection: varchar('link_collection', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 500 }),
    headUrl: varchar('head_url', { length: 512 }),
    coverUrl: varchar('cover_url', { length: 512 }),
    backgroundUrl: varchar('background_url', { length: 512 }),
    /** Royalty percent x 100 as set on chain (setRoyaltyRate), null when none. */
    royaltyRate: integer('royalty_rate'),
    royaltyAddr: varchar('royalty_addr', { length: 42 }),
    linkSkypegmwcn: varchar('link_skypegmwcn', { length: 512 }),
    linkTwitter: varchar('link_twitter', { length: 512 }),
    linkDiscord: varchar('link_discord', { length: 512 }),
    linkInstagram: varchar('link_instagram', { length: 512 }),
    linkMedium: varchar('link_medium', { length: 512 }),
    /** Who deployed the contract. */
    createAddr: varchar('create_addr', { length: 42 }),
    /** Who may edit the page (lowercased), null: nobody but the admin CLI. */
    ownerAddr: varchar('owner_addr', { length: 42 }),
    /** Featured on the home carousel when not null (ascending). */
    featuredRank: integer('featured_rank'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collection_profiles_contract_idx').on(t.chainId, t.contractAddr),
    uniqueIndex('collection_profiles_link_idx').on(sql`lower(${t.linkCollection})`),
    index('collection_profiles_owner_idx').on(t.ownerAddr),
    check('collection_profiles_royalty_rate', sql`${t.royaltyRate} between 0 and 1000`),
  ],
);

/** A user's favourite item. */
export const favourites = pgTable(
  'favourites',
  {
    userAddr: varchar('user_addr', { length: 42 }).notNull(),
    chainId: integer('chain_id').notNull(),
    contractAddr: varchar('contract_addr', { length: 42 }).notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userAddr, t.chainId, t.contractAddr, t.tokenId] }),
    index('favourites_token_idx').on(t.chainId, t.contractAddr, t.tokenId),
  ],
);

export type CollectionProfileRow = typeof collectionProfiles.$inferSelect;
