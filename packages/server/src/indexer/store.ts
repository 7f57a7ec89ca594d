// Database side of the indexer: one transaction per range (facts, derived state, cursor) and
// the rollback to a fork point. State tables are recomputed from the facts for the keys touched.
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { unitsText } from '@aiamarket/shared';
import type { AppDb, Tx } from '../db/database.js';
import { indexerCursor } from '../db/schema.js';
import {
  activities,
  coinDecimals,
  collections,
  indexerBlocks,
  launchpadEvents,
  marketEvents,
  nftTransfers,
  orders,
  royaltyPayments,
} from '../db/schema-chain.js';
import {
  byPosition,
  foldListing,
  marketActivity,
  orderOf,
  orderRoyalty,
  saleKey,
  swapKey,
  transferActivity,
  ZERO_ADDRESS,
  type ActivityRow,
  type MarketRow,
  type RangeFacts,
  type TxContext,
} from './facts.js';
import type { CoinDecimals } from './chain-reads.js';
import { rollbackOffers, writeOffers, type OfferFundsWrite } from './offers.js';
import {
  insertListingFacts,
  listingKeysOf,
  recomputeListings,
  rollbackListings,
  writeApprovals,
  type ListingApprovalsWrite,
  type ListingRecompute,
} from './listings.js';
import { ORDER_ITEMS_LOCK_KEY } from './lock.js';
import { recomputeStats } from './stats.js';
import { syncProfileRoyalty } from './royalty.js';
import {
  applyLatestFeedRates,
  currentRate,
  rateAt,
  rateHistory,
  referenceOf,
  type FeedReads,
} from './rates.js';

export interface Cursor {
  number: number;
  hash: string;
}

export interface BlockRef {
  number: number;
  hash: string;
  parentHash: string;
}

/** Thrown when the cursor or a collection's back-fill position moved under us (another writer). */
export class FenceError extends Error {
  constructor(what: string) {
    super(`indexer ${what} moved while writing (another indexer?)`);
    this.name = 'FenceError';
  }
}

export async function readCursor(db: AppDb, chainId: number): Promise<Cursor | null> {
  const rows = await db
    .select({ number: indexerCursor.blockNumber, hash: indexerCursor.blockHash })
    .from(indexerCursor)
    .where(eq(indexerCursor.chainId, chainId));
  return rows[0] ?? null;
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `(values (...), (...))` with explicit casts, for row-wise `in` tests and joins. */
export function valuesOf(rows: readonly (readonly string[])[], types: readonly string[]): SQL {
  return sql`(values ${sql.join(
    rows.map(
      (r) =>
        sql`(${sql.join(
          r.map((v, i) => sql`${v}::${sql.raw(types[i]!)}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  )})`;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const uniq = (keys: Iterable<string>) => [...new Set(keys)];
const split = (key: string) => key.split('|');

/** Keys of the state a set of facts touches. */
export interface Touched {
  /** contract|tokenId|owner */
  holdings: Set<string>;
  /** market|itemId */
  items: Set<string>;
  /** launchpad|saleId */
  sales: Set<string>;
  /** Contracts whose listed orders must all be re-derived (a back-fill that just completed). */
  contracts: Set<string>;
  /** Collections whose stats and hourly volumes are recomputed. */
  stats: Set<string>;
  /** Collections with a RoyaltyRateSet added or rolled back: their page royalty follows. */
  royalties: Set<string>;
}

export function emptyTouched(): Touched {
  return {
    holdings: new Set(),
    items: new Set(),
    sales: new Set(),
    contracts: new Set(),
    stats: new Set(),
    royalties: new Set(),
  };
}

function touch(
  t: Touched,
  facts: {
    transfers: { contractAddr: string; tokenId: string; fromAddr: string; toAddr: string }[];
    market: { marketAddr: string; itemId?: string | null; contractAddr: string; kind: string }[];
    launchpad: { launchpadAddr: string; saleId: string }[];
  },
) {
  for (const r of facts.transfers) t.stats.add(r.contractAddr);
  for (const r of facts.market) t.stats.add(r.contractAddr);
  for (const r of facts.market) if (r.kind === 'royaltyRate') t.royalties.add(r.contractAddr);
  for (const r of facts.transfers) {
    if (r.fromAddr !== ZERO_ADDRESS) t.holdings.add(`${r.contractAddr}|${r.tokenId}|${r.fromAddr}`);
    if (r.toAddr !== ZERO_ADDRESS) t.holdings.add(`${r.contractAddr}|${r.tokenId}|${r.toAddr}`);
  }
  for (const r of facts.market) if (r.itemId) t.items.add(`${r.marketAddr}|${r.itemId}`);
  for (const r of facts.launchpad) t.sales.add(`${r.launchpadAddr}|${r.saleId}`);
}

async function insertFacts(tx: Tx, facts: RangeFacts, feeds?: FeedReads) {
  for (const part of chunks(facts.transfers, 1_000))
    await tx.insert(nftTransfers).values(part).onConflictDoNothing();
  // Each sale keeps the rate of its coin at its block: its price feed's answer there when the
  // coin has one, else the rate in force in the history. A later rate moves no history.
  const sold = facts.market.filter((m) => m.kind === 'sold' && m.coin);
  const history =
    sold.length === 0
      ? new Map()
      : await rateHistory(tx, sold[0]!.chainId, uniq(sold.map((m) => m.coin!)));
  const market = facts.market.map((m) =>
    m.kind === 'sold' && m.coin
      ? {
          ...m,
          refRate:
            feeds?.atBlock.get(`${m.coin}|${m.blockNumber}`) ??
            rateAt(history.get(m.coin), m.coin, m.blockTime),
        }
      : m,
  );
  for (const part of chunks(market, 500))
    await tx.insert(marketEvents).values(part).onConflictDoNothing();
  for (const part of chunks(facts.launchpad, 1_000))
    await tx.insert(launchpadEvents).values(part).onConflictDoNothing();
  for (const part of chunks(facts.royalties, 1_000))
    await tx.insert(royaltyPayments).values(part).onConflictDoNothing();
  await insertListingFacts(tx, facts.listings);
}

/** Every event (sorted) of the given listings. */
async function itemEvents(tx: Tx, chainId: number, items: string[]) {
  const byItem = new Map<string, MarketRow[]>();
  for (const part of chunks(items, 500)) {
    const rows = await tx
      .select()
      .from(marketEvents)
      .where(
        and(
          eq(marketEvents.chainId, chainId),
          sql`(${marketEvents.marketAddr}, ${marketEvents.itemId}) in ${valuesOf(part.map(split), ['varchar', 'numeric'])}`,
        ),
      )
      .orderBy(asc(marketEvents.blockNumber), asc(marketEvents.logIndex));
    for (const r of rows) {
      const key = `${r.marketAddr}|${r.itemId}`;
      let list = byItem.get(key);
      if (!list) byItem.set(key, (list = []));
      list.push(r);
    }
  }
  return byItem;
}

async function collectionInfo(tx: Tx, chainId: number) {
  const rows = await tx
    .select({
      address: collections.address,
      type: collections.contractType,
      synced: collections.syncedBlock,
    })
    .from(collections)
    .where(eq(collections.chainId, chainId));
  return new Map(rows.map((r) => [r.address, r]));
}

/** Activities of new facts: market events (with the listing before them) and transfers. */
async function writeActivities(
  tx: Tx,
  chainId: number,
  facts: RangeFacts,
  launchpads: ReadonlySet<string>,
) {
  const out: ActivityRow[] = [];
  const listed = facts.market.filter((m) => m.itemId);
  if (listed.length > 0) {
    const events = await itemEvents(
      tx,
      chainId,
      uniq(listed.map((m) => `${m.marketAddr}|${m.itemId}`)),
    );
    for (const m of listed) {
      const history = events.get(`${m.marketAddr}|${m.itemId}`) ?? [];
      const before = foldListing(history.filter((h) => byPosition(h, m) < 0));
      const row = marketActivity(m, before);
      if (row) out.push(row);
    }
  }
  // An offer acceptance: a trade of no market item (no listing before it).
  for (const m of facts.market) {
    if (m.itemId || m.kind !== 'sold') continue;
    const row = marketActivity(m, null);
    if (row) out.push(row);
  }
  if (facts.transfers.length > 0) {
    const info = await collectionInfo(tx, chainId);
    const hashes = uniq(facts.transfers.map((t) => t.txHash));
    const context = new Map<string, TxContext>();
    const ctxOf = (hash: string) => {
      let c = context.get(hash);
      if (!c) context.set(hash, (c = { sales: new Set(), swaps: new Set() }));
      return c;
    };
    for (const part of chunks(hashes, 500)) {
      const sold = await tx
        .select()
        .from(marketEvents)
        .where(
          and(
            eq(marketEvents.chainId, chainId),
            eq(marketEvents.kind, 'sold'),
            inArray(marketEvents.txHash, part),
          ),
        );
      for (const s of sold)
        ctxOf(s.txHash).sales.add(saleKey(s.contractAddr, s.tokenId!, s.seller!, s.buyer!));
      // A market listing bought in a sweep moves seller -> Listings -> buyer; its trade (with
      // the real buyer) stands for both transfers.
      const swept = rowsOf<{
        tx_hash: string;
        relay: string;
        contract_addr: string;
        token_id: string;
        seller: string;
        buyer: string;
      }>(
        await tx.execute(sql`
          select w.tx_hash, w.listings_addr as relay, m.contract_addr, m.token_id::text as token_id,
                 m.seller, m.buyer
          from listing_events w
          join market_events m on m.chain_id = w.chain_id and m.tx_hash = w.tx_hash
            and m.kind = 'sold' and m.item_id = w.item_id and m.buyer = w.account
          where w.chain_id = ${chainId} and w.kind = 'swept'
            and w.tx_hash in (${sql.join(
              part.map((h) => sql`${h}`),
              sql`, `,
            )})`),
      );
      for (const s of swept) {
        const sales = ctxOf(s.tx_hash).sales;
        sales.add(saleKey(s.contract_addr, s.token_id, s.seller, s.relay));
        sales.add(saleKey(s.contract_addr, s.token_id, s.relay, s.buyer));
      }
      const swaps = await tx
        .select()
        .from(launchpadEvents)
        .where(
          and(
            eq(launchpadEvents.chainId, chainId),
            eq(launchpadEvents.kind, 'swap'),
            inArray(launchpadEvents.txHash, part),
          ),
        );
      for (const s of swaps) ctxOf(s.txHash).swaps.add(swapKey(s.coinOrSource, s.userAddr));
    }
    for (const t of facts.transfers) {
      const type = info.get(t.contractAddr)?.type ?? 'ERC721';
      const row = transferActivity(t, type, context.get(t.txHash), launchpads);
      if (row) out.push(row);
    }
  }
  for (const part of chunks(out, 500))
    await tx.insert(activities).values(part).onConflictDoNothing();
}

async function recomputeHoldings(tx: Tx, chainId: number, keys: string[]) {
  for (const part of chunks(keys, 500)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric', 'varchar']);
    await tx.execute(sql`
      delete from holdings h using ${k} as k(c, t, o)
      where h.chain_id = ${chainId} and h.contract_addr = k.c and h.token_id = k.t and h.owner_addr = k.o`);
    await tx.execute(sql`
      insert into holdings (chain_id, contract_addr, token_id, owner_addr, amount)
      select ${chainId}, k.c, k.t, k.o, s.amount from ${k} as k(c, t, o)
      cross join lateral (
        select coalesce(sum(case when tr.to_addr = k.o then tr.amount else 0 end), 0)
             - coalesce(sum(case when tr.from_addr = k.o then tr.amount else 0 end), 0) as amount
        from nft_transfers tr
        where tr.chain_id = ${chainId} and tr.contract_addr = k.c and tr.token_id = k.t
          and (tr.to_addr = k.o or tr.from_addr = k.o)
      ) s
      where s.amount <> 0`);
  }
}

/** See ORDER_ITEMS_LOCK_KEY; released at the end of the transaction. */
export async function lockOrderItems(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_ITEMS_LOCK_KEY})`);
}

/** Decimals of the given coins (18, AIA's, for a coin never read: cannot happen for a fact). */
async function decimalsOf(tx: Tx, chainId: number, coins: string[]) {
  const out = new Map<string, number>();
  if (coins.length === 0) return out;
  const rows = await tx
    .select({ address: coinDecimals.address, decimals: coinDecimals.decimals })
    .from(coinDecimals)
    .where(and(eq(coinDecimals.chainId, chainId), inArray(coinDecimals.address, coins)));
  for (const r of rows) out.set(r.address, r.decimals);
  return out;
}

/** Name and image of the given tokens (contract|tokenId) from token_metadata. */
async function itemsOf(tx: Tx, chainId: number, tokens: string[]) {
  const out = new Map<string, { name: string | null; imageUrl: string | null }>();
  for (const part of chunks(tokens, 500)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric']);
    const rows = rowsOf<{ c: string; t: string; name: string | null; image_url: string | null }>(
      await tx.execute(sql`
        select m.contract_addr as c, m.token_id::text as t, m.name, m.image_url
        from token_metadata m join ${k} as k(c, t) on m.contract_addr = k.c and m.token_id = k.t
        where m.chain_id = ${chainId}`),
    );
    for (const r of rows) out.set(`${r.c}|${r.t}`, { name: r.name, imageUrl: r.image_url });
  }
  return out;
}

/** Re-derives the touched orders; adds their collections to `touched.stats`. */
async function recomputeOrders(tx: Tx, chainId: number, touched: Touched) {
  const items = new Set(touched.items);
  // Listings whose seller's holding changed, or of a collection whose back-fill completed.
  for (const part of chunks([...touched.holdings], 500)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric', 'varchar']);
    const rows = rowsOf<{ market_addr: string; order_id: string }>(
      await tx.execute(sql`
        select o.market_addr, o.order_id::text as order_id from orders o
        join ${k} as k(c, t, s) on o.contract_addr = k.c and o.token_id = k.t and o.owner_addr = k.s
        where o.chain_id = ${chainId} and o.chain_status = 0 and o.kind = 0`),
    );
    for (const r of rows) items.add(`${r.market_addr}|${r.order_id}`);
  }
  if (touched.contracts.size > 0) {
    const rows = await tx
      .select({ market: orders.marketAddr, id: orders.orderId })
      .from(orders)
      .where(
        and(
          eq(orders.chainId, chainId),
          eq(orders.chainStatus, 0),
          eq(orders.kind, 0),
          inArray(orders.contractAddr, [...touched.contracts]),
        ),
      );
    for (const r of rows) items.add(`${r.market}|${r.id}`);
  }
  if (items.size === 0) return;
  const keys = [...items];
  const events = await itemEvents(tx, chainId, keys);
  const listings = [...events.values()].map(foldListing).filter((l) => l !== null);

  // Royalty rate of each collection on the market, as set before the listing was created.
  const contracts = uniq(listings.map((l) => l.contractAddr));
  const rates =
    contracts.length === 0
      ? []
      : await tx
          .select()
          .from(marketEvents)
          .where(
            and(
              eq(marketEvents.chainId, chainId),
              eq(marketEvents.kind, 'royaltyRate'),
              inArray(marketEvents.contractAddr, contracts),
            ),
          )
          .orderBy(asc(marketEvents.blockNumber), asc(marketEvents.logIndex));

  const info = await collectionInfo(tx, chainId);
  const held = new Map<string, bigint>();
  const holdKeys = uniq(listings.map((l) => `${l.contractAddr}|${l.tokenId}|${l.ownerAddr}`));
  for (const part of chunks(holdKeys, 500)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric', 'varchar']);
    const rows = rowsOf<{ c: string; t: string; o: string; amount: string }>(
      await tx.execute(sql`
        select h.contract_addr as c, h.token_id::text as t, h.owner_addr as o, h.amount::text as amount
        from holdings h join ${k} as k(c, t, o)
          on h.contract_addr = k.c and h.token_id = k.t and h.owner_addr = k.o
        where h.chain_id = ${chainId}`),
    );
    for (const r of rows) held.set(`${r.c}|${r.t}|${r.o}`, BigInt(r.amount));
  }

  const coins = uniq(listings.map((l) => l.moneyAddr));
  const decimals = await decimalsOf(tx, chainId, coins);
  const coinRates = await rateHistory(tx, chainId, coins);
  const tokens = await itemsOf(
    tx,
    chainId,
    uniq(listings.map((l) => `${l.contractAddr}|${l.tokenId}`)),
  );
  const next = listings.map((l) => {
    const collection = info.get(l.contractAddr);
    const known = collection !== undefined && collection.synced === null;
    const holds = known ? (held.get(`${l.contractAddr}|${l.tokenId}|${l.ownerAddr}`) ?? 0n) : null;
    const royalty = orderRoyalty(
      rates
        .filter((r) => r.contractAddr === l.contractAddr)
        .map((r) => ({ blockNumber: r.blockNumber, logIndex: r.logIndex, rate: Number(r.price) })),
      l,
      l.erc2981Rate,
    );
    const item = tokens.get(`${l.contractAddr}|${l.tokenId}`);
    touched.stats.add(l.contractAddr);
    const priceValue = unitsText(l.price, decimals.get(l.moneyAddr) ?? 18);
    return orderOf(chainId, l, holds, royalty, {
      name: item?.name ?? null,
      imageUrl: item?.imageUrl ?? null,
      priceValue,
      priceRef: referenceOf(priceValue, currentRate(coinRates.get(l.moneyAddr), l.moneyAddr)),
    });
  });

  for (const part of chunks(keys, 500)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric']);
    await tx.execute(sql`
      delete from orders o using ${k} as k(m, i)
      where o.chain_id = ${chainId} and o.market_addr = k.m and o.order_id = k.i and o.kind = 0`);
  }
  for (const part of chunks(next, 500)) await tx.insert(orders).values(part);
}

async function recomputeLaunchpad(tx: Tx, chainId: number, keys: string[]) {
  for (const part of chunks(keys, 500)) {
    const k = valuesOf(part.map(split), ['varchar', 'numeric']);
    await tx.execute(sql`
      delete from launchpad_counters c using ${k} as k(l, s)
      where c.chain_id = ${chainId} and c.launchpad_addr = k.l and c.sale_id = k.s`);
    await tx.execute(sql`
      delete from launchpad_sales c using ${k} as k(l, s)
      where c.chain_id = ${chainId} and c.launchpad_addr = k.l and c.sale_id = k.s`);
    await tx.execute(sql`
      insert into launchpad_counters (chain_id, launchpad_addr, sale_id, coin_addr, kind, minted, paid)
      select ${chainId}, e.launchpad_addr, e.sale_id, e.coin_or_source, e.kind, sum(e.count),
             coalesce(sum(e.cost), 0)
      from launchpad_events e join ${k} as k(l, s) on e.launchpad_addr = k.l and e.sale_id = k.s
      where e.chain_id = ${chainId}
      group by e.launchpad_addr, e.sale_id, e.coin_or_source, e.kind`);
    await tx.execute(sql`
      insert into launchpad_sales (chain_id, launchpad_addr, sale_id, minted, swapped, total_supply)
      select ${chainId}, e.launchpad_addr, e.sale_id,
             coalesce(sum(case when e.kind = 'mint' then e.count end), 0),
             coalesce(sum(case when e.kind = 'swap' then e.count end), 0),
             (array_agg(e.total_supply order by e.block_number desc, e.log_index desc))[1]
      from launchpad_events e join ${k} as k(l, s) on e.launchpad_addr = k.l and e.sale_id = k.s
      where e.chain_id = ${chainId}
      group by e.launchpad_addr, e.sale_id`);
  }
}

/**
 * Re-derives every state row the touched keys reach (holdings first: orders read them; signed
 * listings when the Listings contract is followed).
 */
export async function recompute(
  tx: Tx,
  chainId: number,
  touched: Touched,
  listings?: ListingRecompute,
) {
  await recomputeHoldings(tx, chainId, [...touched.holdings]);
  await recomputeOrders(tx, chainId, touched);
  if (listings) {
    await recomputeListings(
      tx,
      chainId,
      listings,
      touched.holdings,
      touched.contracts,
      touched.stats,
    );
  }
  await recomputeLaunchpad(tx, chainId, [...touched.sales]);
  await recomputeStats(tx, chainId, [...touched.stats]);
  await syncProfileRoyalty(tx, chainId, [...touched.royalties]);
}

async function advanceCursor(tx: Tx, chainId: number, prev: Cursor | null, next: Cursor) {
  const moved = prev
    ? await tx
        .update(indexerCursor)
        .set({ blockNumber: next.number, blockHash: next.hash, updatedAt: new Date() })
        .where(
          and(
            eq(indexerCursor.chainId, chainId),
            eq(indexerCursor.blockNumber, prev.number),
            eq(indexerCursor.blockHash, prev.hash),
          ),
        )
        .returning({ chainId: indexerCursor.chainId })
    : await tx
        .insert(indexerCursor)
        .values({ chainId, blockNumber: next.number, blockHash: next.hash })
        .onConflictDoNothing()
        .returning({ chainId: indexerCursor.chainId });
  if (moved.length !== 1) throw new FenceError('cursor');
}

async function saveBlocks(tx: Tx, chainId: number, blocks: BlockRef[], window: number) {
  for (const b of blocks) {
    await tx
      .insert(indexerBlocks)
      .values({ chainId, blockNumber: b.number, blockHash: b.hash, parentHash: b.parentHash })
      .onConflictDoUpdate({
        target: [indexerBlocks.chainId, indexerBlocks.blockNumber],
        set: { blockHash: b.hash, parentHash: b.parentHash },
      });
  }
  await tx.execute(sql`
    delete from indexer_blocks where chain_id = ${chainId} and block_number < (
      select block_number from indexer_blocks where chain_id = ${chainId}
      order by block_number desc offset ${window - 1} limit 1)`);
}

export interface RangeWrite {
  chainId: number;
  facts: RangeFacts;
  /** Decimals of the coins the range's market events use. */
  coins?: CoinDecimals[];
  launchpads: ReadonlySet<string>;
  /** Main range: moves the cursor from `prev` to `next` and records block hashes. */
  cursor?: { prev: Cursor | null; next: Cursor; blocks: BlockRef[]; window: number };
  /** The price feeds read for the range (rates.ts readFeeds). */
  feeds?: FeedReads;
  /** The offerers' funds read at the main range's last block (offers.ts). */
  offerFunds?: OfferFundsWrite;
  /** The Listings contract and the sellers' approvals read at the range's last block. */
  listingApprovals?: ListingApprovalsWrite;
  /** Back-fill range of one collection: moves its synced block from `prev` to `to`. */
  backfill?: { address: string; prev: number; to: number; complete: boolean };
}

/** Writes one range: facts, activities, derived state and the position, in one transaction. */
export async function writeRange(db: AppDb, w: RangeWrite): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    if (w.coins && w.coins.length > 0) {
      await tx
        .insert(coinDecimals)
        .values(w.coins.map((c) => ({ chainId: w.chainId, ...c })))
        .onConflictDoNothing();
    }
    await insertFacts(tx, w.facts, w.feeds);
    await writeActivities(tx, w.chainId, w.facts, w.launchpads);
    const touched = emptyTouched();
    touch(touched, w.facts);
    if (w.feeds && w.feeds.latest.length > 0) {
      for (const c of await applyLatestFeedRates(tx, w.chainId, w.feeds.latest))
        touched.stats.add(c);
    }
    if (w.backfill) {
      const b = w.backfill;
      const moved = await tx
        .update(collections)
        .set({ syncedBlock: b.complete ? null : b.to })
        .where(
          and(
            eq(collections.chainId, w.chainId),
            eq(collections.address, b.address),
            eq(collections.syncedBlock, b.prev),
          ),
        )
        .returning({ address: collections.address });
      if (moved.length !== 1) throw new FenceError(`back-fill of ${b.address}`);
      if (b.complete) touched.contracts.add(b.address);
    }
    let listings: ListingRecompute | undefined;
    // Signed listings follow the main ranges, like offers, and the back-fill that completes a
    // collection (its listings' holdings are known from then on: touched.contracts); the
    // holdings a back-fill range moves before that are not known yet, so they change nothing.
    const listingBlock = w.cursor?.next.number ?? (w.backfill?.complete ? w.backfill.to : null);
    if (w.listingApprovals && listingBlock !== null) {
      const a = w.listingApprovals;
      await writeApprovals(tx, w.chainId, a);
      const keys = listingKeysOf(w.facts.listings);
      for (const r of a.reads) keys.pairs.add(`${r.contractAddr}|${r.owner}`);
      listings = { listingsAddr: a.listingsAddr, block: listingBlock, keys };
    }
    await recompute(tx, w.chainId, touched, listings);
    // Offers follow the main ranges only (a back-fill reads one collection's logs).
    if (w.cursor)
      await writeOffers(tx, w.chainId, w.facts.offers, w.offerFunds, w.cursor.next.number);
    if (w.cursor) {
      await saveBlocks(tx, w.chainId, w.cursor.blocks, w.cursor.window);
      await advanceCursor(tx, w.chainId, w.cursor.prev, w.cursor.next);
    }
  });
}

/**
 * While the chain is idle: the funds of offers stored since the last range, read at the cursor's
 * block, and their state, in one transaction fenced on the cursor (a rollback in between makes
 * it fail; the next step starts over).
 */
export async function writeNewOffers(
  db: AppDb,
  chainId: number,
  cursor: Cursor,
  funds: OfferFundsWrite,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    const [now] = await tx
      .select({ number: indexerCursor.blockNumber, hash: indexerCursor.blockHash })
      .from(indexerCursor)
      .where(eq(indexerCursor.chainId, chainId))
      .for('update');
    if (!now || now.number !== cursor.number || now.hash !== cursor.hash)
      throw new FenceError('cursor');
    await writeOffers(tx, chainId, [], funds, cursor.number);
  });
}

/**
 * On the indexer's poll: the approvals of signed listings stored since the last range (read at
 * the cursor's block) and the listings whose time came (expired, started), their orders rows and
 * their collections' stats, in one transaction fenced on the cursor like writeNewOffers.
 */
export async function writeListingsPoll(
  db: AppDb,
  chainId: number,
  cursor: Cursor,
  approvals: ListingApprovalsWrite,
  due: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    const [now] = await tx
      .select({ number: indexerCursor.blockNumber, hash: indexerCursor.blockHash })
      .from(indexerCursor)
      .where(eq(indexerCursor.chainId, chainId))
      .for('update');
    if (!now || now.number !== cursor.number || now.hash !== cursor.hash)
      throw new FenceError('cursor');
    await writeApprovals(tx, chainId, approvals);
    const keys = listingKeysOf([]);
    for (const r of approvals.reads) keys.pairs.add(`${r.contractAddr}|${r.owner}`);
    for (const h of due) keys.hashes.add(h);
    await recompute(tx, chainId, emptyTouched(), {
      listingsAddr: approvals.listingsAddr,
      block: cursor.number,
      keys,
    });
  });
}

/** The recorded block hashes, newest first (to find a fork point). */
export async function recentBlocks(db: AppDb, chainId: number) {
  return db
    .select({ number: indexerBlocks.blockNumber, hash: indexerBlocks.blockHash })
    .from(indexerBlocks)
    .where(eq(indexerBlocks.chainId, chainId))
    .orderBy(sql`${indexerBlocks.blockNumber} desc`);
}

/**
 * Rolls everything derived from blocks above `fork` back: deletes those facts, re-derives the
 * state they touched, moves back-fills and the cursor to `fork`. One transaction.
 */
export async function rollbackTo(
  db: AppDb,
  chainId: number,
  prev: Cursor,
  fork: Cursor,
  listingsAddr?: string | null,
) {
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    const above = (col: typeof nftTransfers.blockNumber) => gt(col, fork.number);
    const transfers = await tx
      .delete(nftTransfers)
      .where(and(eq(nftTransfers.chainId, chainId), above(nftTransfers.blockNumber)))
      .returning({
        contractAddr: nftTransfers.contractAddr,
        tokenId: nftTransfers.tokenId,
        fromAddr: nftTransfers.fromAddr,
        toAddr: nftTransfers.toAddr,
      });
    const market = await tx
      .delete(marketEvents)
      .where(and(eq(marketEvents.chainId, chainId), gt(marketEvents.blockNumber, fork.number)))
      .returning({
        marketAddr: marketEvents.marketAddr,
        itemId: marketEvents.itemId,
        contractAddr: marketEvents.contractAddr,
        kind: marketEvents.kind,
      });
    const launchpad = await tx
      .delete(launchpadEvents)
      .where(
        and(eq(launchpadEvents.chainId, chainId), gt(launchpadEvents.blockNumber, fork.number)),
      )
      .returning({ launchpadAddr: launchpadEvents.launchpadAddr, saleId: launchpadEvents.saleId });
    await tx
      .delete(activities)
      .where(and(eq(activities.chainId, chainId), gt(activities.blockNumber, fork.number)));
    await tx
      .delete(royaltyPayments)
      .where(
        and(eq(royaltyPayments.chainId, chainId), gt(royaltyPayments.blockNumber, fork.number)),
      );
    await tx
      .delete(indexerBlocks)
      .where(and(eq(indexerBlocks.chainId, chainId), gt(indexerBlocks.blockNumber, fork.number)));
    await tx
      .update(collections)
      .set({ syncedBlock: fork.number })
      .where(and(eq(collections.chainId, chainId), gt(collections.syncedBlock, fork.number)));
    const touched = emptyTouched();
    touch(touched, { transfers, market, launchpad });
    const listingKeys = await rollbackListings(tx, chainId, fork.number);
    await recompute(
      tx,
      chainId,
      touched,
      listingsAddr ? { listingsAddr, block: fork.number, keys: listingKeys } : undefined,
    );
    await rollbackOffers(tx, chainId, fork.number);
    await advanceCursor(tx, chainId, prev, fork);
  });
}
