// Payment-coin rates (reference units per whole coin): the history the indexer stores on each
// sale, the current rate kept on listed orders, and the operator's rate change, which keeps the
// orders' and offers' reference prices and the affected collection stats in step in one
// transaction.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatUnits, parseAbi, type Address, type PublicClient } from 'viem';
import {
  coinRateSchema,
  compareDecimals,
  NATIVE_COIN_ADDRESS,
  REFERENCE_UNIT,
  toReference,
} from '@aiamarket/shared';
import type { AppDb, Tx } from '../../../db/database.js';
import { coinFeeds, coinRates } from '../../../db/schema-coins.js';
import { recomputeStats } from '../../derive/stats.js';
import { lockOrderItems } from '../../../db/order-items-lock.js';
import { repriceOrders } from '../../../db/coin-rates.js';

export interface RatePoint {
  effectiveAt: Date;
  rate: string;
}

/** Rate history per coin (oldest first) of the given coins. */
export async function rateHistory(
  tx: Tx | AppDb,
  chainId: number,
  coins: readonly string[],
): Promise<Map<string, RatePoint[]>> {
  const out = new Map<string, RatePoint[]>();
  const wanted = [...new Set(coins)].filter((c) => c !== REFERENCE_UNIT.currency);
  if (wanted.length === 0) return out;
  const rows = await tx
    .select({
      coin: coinRates.coin,
      effectiveAt: coinRates.effectiveAt,
      rate: sql<string>`${coinRates.rate}::text`,
    })
    .from(coinRates)
    .where(and(eq(coinRates.chainId, chainId), inArray(coinRates.coin, wanted)))
    .orderBy(asc(coinRates.coin), asc(coinRates.effectiveAt));
  for (const r of rows) {
    let list = out.get(r.coin);
    if (!list) out.set(r.coin, (list = []));
    list.push({ effectiveAt: r.effectiveAt, rate: r.rate });
  }
  return out;
}

/**
 * The rate of `coin` in force at `at`: 1 for the reference coin; the latest rate effective at or
 * before `at`; for a time before the first rate, the first one (the operator's first rate also
 * prices the coin's earlier history); null when the coin has no rate at all.
 */
export function rateAt(history: readonly RatePoint[] | undefined, coin: string, at: Date) {
  if (coin === REFERENCE_UNIT.currency) return '1';
  if (!history || history.length === 0) return null;
  let found = history[0]!;
  for (const point of history) if (point.effectiveAt.getTime() <= at.getTime()) found = point;
  return found.rate;
}

/** The latest rate of `coin` (what a listing is compared with now). */
export function currentRate(history: readonly RatePoint[] | undefined, coin: string) {
  if (coin === REFERENCE_UNIT.currency) return '1';
  return history && history.length > 0 ? history[history.length - 1]!.rate : null;
}

/** A coin amount in the reference unit at `rate`, null without a rate. */
export function referenceOf(amount: string, rate: string | null): string | null {
  return rate === null ? null : toReference(amount, rate);
}

export interface RateChange {
  coin: string;
  rate: string;
  symbol: string;
  decimals: number;
  /** 'peg': the wrapped AIA's fixed rate 1 (pegWrappedAia). */
  source?: 'operator' | 'aggregator' | 'peg';
  /** When it takes effect; now by default (history before it keeps its rates). */
  at?: Date;
  /**
   * The price feed the indexer follows from now on (with source 'aggregator'); an operator rate
   * stops following the coin's feed.
   */
  feed?: string;
}

/**
 * Adds a rate to the history and keeps the derived data in step: the reference price of the
 * coin's orders, the stored rate of its sales that had none (before its first rate), and the
 * stats of every collection with a listing or a sale in the coin. Under the order-items lock, so
 * an indexer range cannot interleave.
 */
export async function setCoinRate(db: AppDb, chainId: number, change: RateChange) {
  const coin = change.coin.toLowerCase();
  if (coin === NATIVE_COIN_ADDRESS)
    throw new RangeError('the reference coin has a fixed rate of 1');
  const at = change.at ?? new Date();
  // The rate first: an indexer range after it prices its orders at it. Then the coin's orders,
  // in short batches of their own (a million-order market: one transaction would hold a third of
  // them), then what derives from them, under the lock again.
  await db.transaction(async (tx) => {
    await lockOrderItems(tx);
    await tx
      .insert(coinRates)
      .values({
        chainId,
        coin,
        effectiveAt: at,
        rate: change.rate,
        symbol: change.symbol,
        decimals: change.decimals,
        source: change.source ?? 'operator',
      })
      .onConflictDoUpdate({
        target: [coinRates.chainId, coinRates.coin, coinRates.effectiveAt],
        set: { rate: change.rate, symbol: change.symbol, decimals: change.decimals },
      });
    if (change.feed !== undefined) {
      await tx
        .insert(coinFeeds)
        .values({ chainId, coin, feed: change.feed.toLowerCase() })
        .onConflictDoUpdate({
          target: [coinFeeds.chainId, coinFeeds.coin],
          set: { feed: change.feed.toLowerCase() },
        });
    } else if ((change.source ?? 'operator') === 'operator') {
      await tx
        .delete(coinFeeds)
        .where(and(eq(coinFeeds.chainId, chainId), eq(coinFeeds.coin, coin)));
    }
  });
  await repriceOrders(db, chainId, coin);
  return db.transaction(async (tx) => {
    await lockOrderItems(tx);
    const latest = currentRate((await rateHistory(tx, chainId, [coin])).get(coin), coin)!;
    await repriceOffers(tx, chainId, coin, latest);
    await tx.execute(sql`
      update market_events set ref_rate = ${change.rate}::numeric
      where chain_id = ${chainId} and kind = 'sold' and coin = ${coin} and ref_rate is null`);
    const touched = (
      (await tx.execute(sql`
        select distinct contract_addr from orders where chain_id = ${chainId} and money_addr = ${coin}
        union
        select distinct contract_addr from market_events
        where chain_id = ${chainId} and kind = 'sold' and coin = ${coin}`)) as unknown as {
        rows: { contract_addr: string }[];
      }
    ).rows;
    await recomputeStats(
      tx,
      chainId,
      touched.map((r) => r.contract_addr),
    );
    return { coin, rate: change.rate, effectiveAt: at, collections: touched.length };
  });
}

/** Rate source of the wrapped AIA: redeemable one to one for AIA by its contract. */
export const PEG_SOURCE = 'peg' as const;

/**
 * Gives the wrapped AIA (the coin of offers made in AIA, also a market coin) the rate 1 from the
 * start of time, once, unless it already has a rate: WrappedAIA.withdraw redeems it one to one,
 * so its prices and volumes are AIA. Without it, offers and sales in it would have no reference
 * price until an operator set one. An operator rate set later still takes over from its time on.
 */
export async function pegWrappedAia(
  db: AppDb,
  chainId: number,
  wrappedAia: string,
  coin: { symbol: string; decimals: number },
) {
  const address = wrappedAia.toLowerCase();
  const [existing] = await db
    .select({ coin: coinRates.coin })
    .from(coinRates)
    .where(and(eq(coinRates.chainId, chainId), eq(coinRates.coin, address)))
    .limit(1);
  if (existing) return false;
  await setCoinRate(db, chainId, {
    coin: address,
    rate: '1',
    symbol: coin.symbol,
    decimals: coin.decimals,
    at: new Date(0),
    source: PEG_SOURCE,
  });
  return true;
}

/**
 * The reference price of the coin's offers at its new current rate, like its orders': offers
 * are sorted best first by it.
 */
async function repriceOffers(tx: Tx, chainId: number, coin: string, rate: string) {
  await tx.execute(sql`
    update offers set price_ref = trunc(price_value * ${rate}::numeric, 18)
    where chain_id = ${chainId} and coin = ${coin}`);
}

/** The two reads of a Chainlink-style price feed (AggregatorV3Interface) the rates need. */
const aggregatorAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/**
 * The rate a price feed answers (its latestRoundData answer / 10^decimals, reference units per
 * coin), at `blockNumber` when given (a sale's block) or at the head. Throws a RangeError when
 * the answer is not a usable rate (0, negative, more than 18 decimals).
 */
export async function readAggregatorRate(
  client: PublicClient,
  aggregator: string,
  blockNumber?: bigint,
): Promise<string> {
  const at = blockNumber === undefined ? {} : { blockNumber };
  const address = aggregator as Address;
  const [decimals, round] = await Promise.all([
    client.readContract({ address, abi: aggregatorAbi, functionName: 'decimals', ...at }),
    client.readContract({ address, abi: aggregatorAbi, functionName: 'latestRoundData', ...at }),
  ]);
  const answer = round[1];
  const rate = answer > 0n ? formatUnits(answer, decimals) : String(answer);
  if (!coinRateSchema.safeParse(rate).success) {
    throw new RangeError(
      `the price feed answers ${rate}, not a rate above 0 with at most 18 decimals`,
    );
  }
  return rate;
}

/** The price feed of each payment coin that has one (coin -> feed). */
export async function coinFeedsOf(db: Tx | AppDb, chainId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ coin: coinFeeds.coin, feed: coinFeeds.feed })
    .from(coinFeeds)
    .where(eq(coinFeeds.chainId, chainId));
  return new Map(rows.map((r) => [r.coin, r.feed]));
}

/** What a range read from the price feeds, written with it (store.ts). */
export interface FeedReads {
  /** `${coin}|${blockNumber}` -> the feed's rate at that block, for the range's sales. */
  atBlock: Map<string, string>;
  /** The latest answer of each feed in the range (at its last block): listings follow it. */
  latest: { coin: string; rate: string; at: Date }[];
}

interface FeedLog {
  warn(obj: object, msg: string): void;
}

/**
 * Reads the coins' price feeds for a range, before its transaction: one read per coin and
 * distinct block of its sales, and one at `last` (the range's last block) for the listings. A
 * read that fails is logged and left out: those sales take the rate in force in the history.
 */
export async function readFeeds(
  client: PublicClient,
  feeds: ReadonlyMap<string, string>,
  sales: readonly { coin?: string | null; blockNumber: number }[],
  last: { blockNumber: number; time: Date } | null,
  log: FeedLog,
): Promise<FeedReads> {
  const out: FeedReads = { atBlock: new Map(), latest: [] };
  if (feeds.size === 0) return out;
  const read = async (coin: string, feed: string, block: number) => {
    try {
      return await readAggregatorRate(client, feed, BigInt(block));
    } catch (err) {
      log.warn(
        { coin, feed, block, err: (err as Error).message },
        'price feed read failed; the rate in force is used',
      );
      return null;
    }
  };
  const wanted = new Set<string>();
  for (const s of sales) if (s.coin && feeds.has(s.coin)) wanted.add(`${s.coin}|${s.blockNumber}`);
  for (const key of wanted) {
    const [coin, block] = key.split('|') as [string, string];
    const rate = await read(coin, feeds.get(coin)!, Number(block));
    if (rate !== null) out.atBlock.set(key, rate);
  }
  if (last) {
    for (const [coin, feed] of feeds) {
      const rate =
        out.atBlock.get(`${coin}|${last.blockNumber}`) ??
        (await read(coin, feed, last.blockNumber));
      if (rate !== null) out.latest.push({ coin, rate, at: last.time });
    }
  }
  return out;
}

/**
 * Inside a range's transaction: each feed answer that differs from the coin's current rate joins
 * the rate history (source 'aggregator', effective at the range's last block) and re-prices the
 * coin's orders. Returns the collections whose stats follow.
 */
export async function applyLatestFeedRates(
  tx: Tx,
  chainId: number,
  latest: FeedReads['latest'],
): Promise<string[]> {
  const touched = new Set<string>();
  for (const { coin, rate, at } of latest) {
    const [prev] = await tx
      .select({
        rate: sql<string>`${coinRates.rate}::text`,
        symbol: coinRates.symbol,
        decimals: coinRates.decimals,
        effectiveAt: coinRates.effectiveAt,
      })
      .from(coinRates)
      .where(and(eq(coinRates.chainId, chainId), eq(coinRates.coin, coin)))
      .orderBy(desc(coinRates.effectiveAt))
      .limit(1);
    // The feed was set with its coin's first rate (config rate --aggregator): no symbol without it.
    if (!prev || compareDecimals(prev.rate, rate) === 0) continue;
    // Never before the latest rate (an operator rate set while the indexer catches up): the
    // history keeps the order the rates were learnt in.
    const effectiveAt = new Date(Math.max(at.getTime(), prev.effectiveAt.getTime() + 1));
    await tx
      .insert(coinRates)
      .values({
        chainId,
        coin,
        effectiveAt,
        rate,
        symbol: prev.symbol,
        decimals: prev.decimals,
        source: 'aggregator',
      })
      .onConflictDoUpdate({
        target: [coinRates.chainId, coinRates.coin, coinRates.effectiveAt],
        set: { rate, source: 'aggregator' },
      });
    const rows = (
      (await tx.execute(sql`
        update orders set price_ref = trunc(price_value * ${rate}::numeric, 18)
        where chain_id = ${chainId} and money_addr = ${coin}
        returning contract_addr`)) as unknown as { rows: { contract_addr: string }[] }
    ).rows;
    await repriceOffers(tx, chainId, coin, rate);
    for (const r of rows) touched.add(r.contract_addr);
  }
  return [...touched];
}
