// Trait tables: the attribute categories and values of a collection's tokens, derived from
// token_metadata by the indexer; the market's trait filters and trait offers read them.
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { address, uint256 } from './schema-columns.js';

/** Attribute categories of a collection (the trait types of its tokens' metadata). */
export const attrCategories = pgTable(
  'attr_categories',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    name: varchar('name', { length: 128 }).notNull(),
  },
  (t) => [uniqueIndex('attr_categories_name_idx').on(t.chainId, t.contractAddr, t.name)],
);

/** The values of an attribute category. */
export const attrValues = pgTable(
  'attr_values',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => attrCategories.id),
    value: varchar('value', { length: 256 }).notNull(),
  },
  (t) => [uniqueIndex('attr_values_value_idx').on(t.categoryId, t.value)],
);

/** Which token has which attribute value (from token_metadata.properties). */
export const tokenAttributes = pgTable(
  'token_attributes',
  {
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id').notNull(),
    valueId: integer('value_id')
      .notNull()
      .references(() => attrValues.id),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contractAddr, t.tokenId, t.valueId] }),
    index('token_attributes_value_idx').on(t.valueId),
  ],
);
