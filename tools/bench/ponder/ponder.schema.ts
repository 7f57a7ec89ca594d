// What the bench's Ponder handlers keep: every event as a row (like our facts), the listings'
// state (like our orders) and the holdings (like ours).
import { onchainTable, primaryKey } from 'ponder';

export const marketEvent = onchainTable('market_event', (t) => ({
  id: t.text().primaryKey(),
  kind: t.text().notNull(),
  itemId: t.bigint().notNull(),
  nftContract: t.hex().notNull(),
  tokenId: t.bigint().notNull(),
  seller: t.hex().notNull(),
  price: t.bigint(),
  amount: t.bigint(),
  blockNumber: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
}));

export const listing = onchainTable('listing', (t) => ({
  itemId: t.bigint().primaryKey(),
  nftContract: t.hex().notNull(),
  tokenId: t.bigint().notNull(),
  seller: t.hex().notNull(),
  coin: t.hex().notNull(),
  price: t.bigint().notNull(),
  amount: t.bigint().notNull(),
  status: t.text().notNull(),
  /** royaltyInfo(tokenId, 10000) at the listing's block, as our indexer reads it. */
  erc2981Rate: t.integer(),
  updatedBlock: t.bigint().notNull(),
}));

export const transfer = onchainTable('transfer', (t) => ({
  id: t.text().primaryKey(),
  collection: t.hex().notNull(),
  tokenId: t.bigint().notNull(),
  from: t.hex().notNull(),
  to: t.hex().notNull(),
  amount: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
  timestamp: t.bigint().notNull(),
}));

export const holding = onchainTable(
  'holding',
  (t) => ({
    collection: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    amount: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.collection, table.tokenId, table.owner] }) }),
);
