// Chain-derived tables, written only by the indexer (src/indexer). See src/indexer/README.md.
//
// Two kinds of tables:
// - fact tables (append-only, one row per log, unique on chain + tx hash + log index + sub index,
//   each carrying its block number): nft_transfers, market_events, launchpad_events, activities,
//   royalty_payments. A reorg deletes the facts above the fork point.
// - state tables (holdings, orders, launchpad_counters), always recomputed from the facts for the
//   keys a range or a rollback touched.
// Addresses are lowercased 0x strings; uint256 values are numeric(78, 0) (decimal strings).
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  address,
  blockNumber,
  blockTime,
  coinAmount,
  factKeys,
  factPosition,
  txHash,
  uint256,
} from './schema-columns.js';

/** Recent block hashes the indexer has seen (range ends and blocks with logs), to find a fork point. */
export const indexerBlocks = pgTable(
  'indexer_blocks',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    blockHash: txHash('block_hash').notNull(),
    parentHash: txHash('parent_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })],
);

/**
 * NFT contracts the product knows. `syncedBlock` null means the collection follows the main
 * cursor; a number means it is being back-filled and its logs up to that block are indexed.
 */
export const collections = pgTable(
  'collections',
  {
    chainId: integer('chain_id').notNull(),
    address: address('address').notNull(),
    /** 'ERC721' or 'ERC1155' (CONTRACT_TYPE). */
    contractType: varchar('contract_type', { length: 8 }).notNull(),
    name: varchar('name', { length: 256 }),
    symbol: varchar('symbol', { length: 64 }),
    deploymentBlock: blockNumber('deployment_block').notNull(),
    /** 'deployment', 'launchpad' or 'admin'. */
    source: varchar('source', { length: 16 }).notNull(),
    syncedBlock: blockNumber('synced_block'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The token contract's ERC-2981 royalty (percent x 100, capped at 10 % as a fill caps it) and
     * receiver, read when its page was made and at each market listing's block; null: none read.
     */
    erc2981Rate: integer('erc2981_rate'),
    erc2981Receiver: address('erc2981_receiver'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/** One ERC721 Transfer, or one token of an ERC1155 TransferSingle/TransferBatch (sub index). */
export const nftTransfers = pgTable(
  'nft_transfers',
  {
    ...factPosition(),
    subIndex: integer('sub_index').notNull(),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id').notNull(),
    fromAddr: address('from_addr').notNull(),
    toAddr: address('to_addr').notNull(),
    amount: uint256('amount').notNull(),
    /** From a TransferBatch. */
    batch: boolean('batch').notNull(),
    blockTime: blockTime(),
  },
  (t) => [
    ...factKeys('nft_transfers', t, t.subIndex),
    index('nft_transfers_token_idx').on(t.chainId, t.contractAddr, t.tokenId),
  ],
);

/** One marketplace event (kind: created, sold, cancelled, price, royaltyRate). */
export const marketEvents = pgTable(
  'market_events',
  {
    ...factPosition(),
    kind: varchar('kind', { length: 16 }).notNull(),
    marketAddr: address('market_addr').notNull(),
    itemId: uint256('item_id'),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id'),
    seller: address('seller'),
    buyer: address('buyer'),
    coin: address('coin'),
    /** created/sold: unit price; price: the new price; royaltyRate: the rate. */
    price: uint256('price'),
    oldPrice: uint256('old_price'),
    amount: uint256('amount'),
    leftAmount: uint256('left_amount'),
    fee: uint256('fee'),
    royalty: uint256('royalty'),
    royaltyReceiver: address('royalty_receiver'),
    /** created: contract type (0 ERC721, 1 ERC1155); cancelled: item status (2 or 3). */
    code: smallint('code'),
    blockTime: blockTime(),
    /**
     * created: the collection's ERC-2981 rate (percent x 100, royaltyInfo(tokenId, 10000)) read
     * at the listing's block; null when the collection does not support ERC-2981.
     */
    erc2981Rate: integer('erc2981_rate'),
    /**
     * sold: the coin's rate (reference units per coin, coin_rates) in force at the sale's block
     * time, stored with the fact so that a later rate leaves history alone; null while the coin
     * has no rate (it is then left out of reference volumes).
     */
    refRate: coinAmount('ref_rate'),
  },
  (t) => [
    ...factKeys('market_events', t),
    index('market_events_item_idx').on(t.chainId, t.marketAddr, t.itemId),
    index('market_events_contract_idx').on(t.chainId, t.contractAddr, t.kind),
  ],
);

/** One launchpad Minted or Swapped event. */
export const launchpadEvents = pgTable(
  'launchpad_events',
  {
    ...factPosition(),
    kind: varchar('kind', { length: 8 }).notNull(),
    launchpadAddr: address('launchpad_addr').notNull(),
    /** The sale key: 0 for the 721 launchpad, the token id for the 1155 launchpad. */
    saleId: uint256('sale_id').notNull(),
    userAddr: address('user_addr').notNull(),
    /** Minted: the coin paid with; Swapped: the source collection. */
    coinOrSource: address('coin_or_source').notNull(),
    /** Minted: count; Swapped: received. */
    count: uint256('count').notNull(),
    cost: uint256('cost'),
    totalSupply: uint256('total_supply').notNull(),
    blockTime: blockTime(),
  },
  (t) => [
    ...factKeys('launchpad_events', t),
    index('launchpad_events_sale_idx').on(t.chainId, t.launchpadAddr, t.saleId),
  ],
);

/** The activity (history) rows, with the ACTIVITY_METHOD codes. */
export const activities = pgTable(
  'activities',
  {
    ...factPosition(),
    subIndex: integer('sub_index').notNull(),
    method: smallint('method').notNull(),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id').notNull(),
    /** The market item id for market methods (0, 1, 2, 5). */
    orderId: uint256('order_id'),
    price: uint256('price'),
    coin: address('coin'),
    amount: uint256('amount').notNull(),
    fromAddr: address('from_addr').notNull(),
    toAddr: address('to_addr'),
    blockTime: blockTime(),
  },
  (t) => [
    ...factKeys('activities', t, t.subIndex),
    index('activities_token_idx').on(t.chainId, t.contractAddr, t.tokenId),
    index('activities_from_idx').on(t.chainId, t.fromAddr),
    index('activities_to_idx').on(t.chainId, t.toAddr),
    index('activities_time_idx').on(t.chainId, t.blockTime),
  ],
);

/** A sale that paid a royalty (creator dashboard rows). */
export const royaltyPayments = pgTable(
  'royalty_payments',
  {
    ...factPosition(),
    marketAddr: address('market_addr').notNull(),
    orderId: uint256('order_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id').notNull(),
    receiver: address('receiver').notNull(),
    coin: address('coin').notNull(),
    /** Unit price, amount bought, gross (price x amount) and the royalty paid. */
    price: uint256('price').notNull(),
    amount: uint256('amount').notNull(),
    totalTrans: uint256('total_trans').notNull(),
    royalty: uint256('royalty').notNull(),
    blockTime: blockTime(),
  },
  (t) => [
    ...factKeys('royalty_payments', t),
    index('royalty_payments_receiver_idx').on(t.chainId, t.receiver),
    index('royalty_payments_contract_idx').on(t.chainId, t.contractAddr),
  ],
);

/** Current balance per (collection, token, owner); rows with amount 0 are removed. */
export const holdings = pgTable(
  'holdings',
  {
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id').notNull(),
    ownerAddr: address('owner_addr').notNull(),
    amount: uint256('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contractAddr, t.tokenId, t.ownerAddr] }),
    index('holdings_owner_idx').on(t.chainId, t.ownerAddr),
  ],
);

/** A marketplace listing (orderId = the market's itemId). */
export const orders = pgTable(
  'orders',
  {
    chainId: integer('chain_id').notNull(),
    marketAddr: address('market_addr').notNull(),
    orderId: uint256('order_id').notNull(),
    /** ORDER_STATUS: 0 listed, 1 sold, 2 cancelled, 3 force cancel (chain or derived). */
    status: smallint('status').notNull(),
    /** The status the market contract holds (force cancel only when cancelled on chain). */
    chainStatus: smallint('chain_status').notNull(),
    /**
     * ORDER_HOLD: why a listing that is listed on its own is not buyable now (not enough units
     * held for the seller's cheaper listings of the token too, coin not allowed, market paused);
     * status is then 3. 0 otherwise.
     */
    hold: smallint('hold').notNull().default(0),
    price: uint256('price').notNull(),
    moneyAddr: address('money_addr').notNull(),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id').notNull(),
    contractType: varchar('contract_type', { length: 8 }).notNull(),
    amount: uint256('amount').notNull(),
    leftAmount: uint256('left_amount').notNull(),
    ownerAddr: address('owner_addr').notNull(),
    /** Market royalty rate of the collection when listed (percent x 100), null when none. */
    royalty: integer('royalty'),
    /** The item's name and image from token_metadata (kept in step by the indexer). */
    name: text('name'),
    /**
     * lower(name), kept by the database: the market's keyword filter compares it with LIKE inside
     * the covering indexes (0010), several times cheaper per row than ILIKE on the name.
     */
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower(name)`),
    imageUrl: text('image_url'),
    /** price in the coin's units (price / 10^decimals), for sorting and price filters. */
    priceValue: numeric('price_value', { precision: 78, scale: 18 }).notNull().default('0'),
    /**
     * price_value in the reference unit at the coin's current rate (kept in step when the
     * operator sets a rate), for sorting and price filters across coins; null without a rate.
     */
    priceRef: coinAmount('price_ref'),
    /**
     * ORDER_KIND: 0 a market listing (market_addr = the market), 1 a signed listing (market_addr =
     * the Listings contract, order_id = the order hash as a number; derived from signed_listings).
     */
    kind: smallint('kind').notNull().default(0),
    /** Signed listings: the signed end time (list queries also filter it); null for market ones. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBlock: blockNumber('created_block').notNull(),
    createdTx: txHash('created_tx').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedBlock: blockNumber('updated_block').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.marketAddr, t.orderId] }),
    index('orders_token_idx').on(t.chainId, t.contractAddr, t.tokenId),
    index('orders_owner_idx').on(t.chainId, t.ownerAddr),
    index('orders_status_created_idx').on(t.chainId, t.status, t.createdAt),
    index('orders_status_price_ref_idx').on(t.chainId, t.status, t.priceRef),
    index('orders_contract_price_ref_idx').on(t.chainId, t.contractAddr, t.status, t.priceRef),
  ],
);

/** Minted counters per launchpad sale and coin (mint) or swap source (swap). */
export const launchpadCounters = pgTable(
  'launchpad_counters',
  {
    chainId: integer('chain_id').notNull(),
    launchpadAddr: address('launchpad_addr').notNull(),
    saleId: uint256('sale_id').notNull(),
    /** The coin paid with (zero address = AIA), or the swap source collection when swapped. */
    coinAddr: address('coin_addr').notNull(),
    /** 'mint' or 'swap'. */
    kind: varchar('kind', { length: 8 }).notNull(),
    minted: uint256('minted').notNull(),
    paid: uint256('paid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.launchpadAddr, t.saleId, t.coinAddr, t.kind] })],
);

/** Per launchpad sale: minted by mint, received by swap, and the supply the contract reported last. */
export const launchpadSales = pgTable(
  'launchpad_sales',
  {
    chainId: integer('chain_id').notNull(),
    launchpadAddr: address('launchpad_addr').notNull(),
    saleId: uint256('sale_id').notNull(),
    minted: uint256('minted').notNull(),
    swapped: uint256('swapped').notNull(),
    totalSupply: uint256('total_supply').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.launchpadAddr, t.saleId] })],
);

/**
 * Token metadata read from tokenURI / uri (not chain facts: keyed by token, kept across reorgs).
 * status: 'ok', or 'error' with the reason and the time of the next attempt.
 */
export const tokenMetadata = pgTable(
  'token_metadata',
  {
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    tokenId: uint256('token_id').notNull(),
    tokenUri: text('token_uri'),
    name: text('name'),
    imageUrl: text('image_url'),
    description: text('description'),
    /** [{name, value}] from the JSON's attributes (trait_type/value) or properties. */
    properties: jsonb('properties').$type<{ name: string; value: string }[]>(),
    status: varchar('status', { length: 8 }).notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contractAddr, t.tokenId] }),
    index('token_metadata_retry_idx').on(t.chainId, t.status, t.nextAttemptAt),
  ],
);

/** Per coin (lowercase address) an amount in whole coins, as decimal text. */
export type CoinAmounts = Record<string, string>;

/**
 * Per collection, recomputed from the facts for the collections a range touched. Prices and
 * volumes are in the reference unit (see src/indexer/README.md), with the per-coin parts.
 */
export const collectionStats = pgTable(
  'collection_stats',
  {
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    /** Lowest price_value of the listed (status 0) orders, null when none. */
    lowestPrice: coinAmount('lowest_price'),
    /** All-time traded volume (sum of price x amount of the trades). */
    totalTransaction: coinAmount('total_transaction').notNull(),
    /** Trades (sales) all time. */
    totalTrades: integer('total_trades').notNull(),
    /** Distinct token ids with a holder. */
    totalTokens: integer('total_tokens').notNull(),
    /** Distinct holders. */
    totalHolder: integer('total_holder').notNull(),
    /** Listed (status 0) orders. */
    totalOrder: integer('total_order').notNull(),
    /** All-time volume per coin, in coin units. */
    coinVolumes: jsonb('coin_volumes').$type<CoinAmounts>().notNull().default({}),
    /** Lowest listed price per coin, in coin units. */
    coinFloors: jsonb('coin_floors').$type<CoinAmounts>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contractAddr] })],
);

/** Traded volume per collection and hour (the 1d / 7d / 30d windows and the ranking). */
export const collectionVolumeHours = pgTable(
  'collection_volume_hours',
  {
    chainId: integer('chain_id').notNull(),
    contractAddr: address('contract_addr').notNull(),
    /** The start of the hour (UTC). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** In the reference unit (each sale at its stored rate). */
    volume: coinAmount('volume').notNull(),
    trades: integer('trades').notNull(),
    /** The hour's volume per coin, in coin units. */
    coinVolumes: jsonb('coin_volumes').$type<CoinAmounts>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contractAddr, t.hour] }),
    index('collection_volume_hours_hour_idx').on(t.chainId, t.hour),
  ],
);
