import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { REFERENCE_UNIT, trimDecimal, type CoinPart, type CoinRate } from '@aiamarket/shared';
import type { AppDb } from './database.js';
import { type CoinAmounts } from './schema-chain.js';
import { coinRates } from './schema-coins.js';

/**
 * The rate in force now of every payment coin: the reference coin (AIA, rate 1) first, then each
 * coin the operator gave a rate, by symbol.
 */
export async function currentCoinRates(db: AppDb, chainId: number): Promise<CoinRate[]> {
  const rows = await db
    .selectDistinctOn([coinRates.coin], {
      currency: coinRates.coin,
      symbol: coinRates.symbol,
      decimals: coinRates.decimals,
      rate: sql<string>`${coinRates.rate}::text`,
    })
    .from(coinRates)
    .where(eq(coinRates.chainId, chainId))
    .orderBy(coinRates.coin, desc(coinRates.effectiveAt));
  const others = rows
    .filter((r) => r.currency !== REFERENCE_UNIT.currency)
    .map((r) => ({ ...r, rate: trimDecimal(r.rate) }))
    .sort((a, b) => a.symbol.localeCompare(b.symbol) || a.currency.localeCompare(b.currency));
  return [
    {
      currency: REFERENCE_UNIT.currency,
      symbol: REFERENCE_UNIT.symbol,
      decimals: REFERENCE_UNIT.decimals,
      rate: '1',
    },
    ...others,
  ];
}

/**
 * Per-coin amounts as CoinPart rows in the order of `rates` (unknown coins last, by address),
 * zero amounts left out; a coin without a rate shows its address as the symbol.
 */
export function coinParts(amounts: CoinAmounts | null | undefined, rates: CoinRate[]): CoinPart[] {
  const symbols = new Map(rates.map((r, i) => [r.currency, { symbol: r.symbol, order: i }]));
  return Object.entries(amounts ?? {})
    .map(([currency, amount]) => ({ currency, amount: trimDecimal(String(amount)) }))
    .filter((p) => p.amount !== '0')
    .sort((a, b) => {
      const oa = symbols.get(a.currency)?.order ?? rates.length;
      const ob = symbols.get(b.currency)?.order ?? rates.length;
      return oa - ob || a.currency.localeCompare(b.currency);
    })
    .map((p) => ({ ...p, symbol: symbols.get(p.currency)?.symbol ?? p.currency }));
}

/** The rate of one coin now, null without one (the reference coin: 1). */
export async function currentRateOf(db: AppDb, chainId: number, coin: string) {
  if (coin === REFERENCE_UNIT.currency) return '1';
  const rows = await db
    .select({ rate: sql<string>`${coinRates.rate}::text` })
    .from(coinRates)
    .where(and(eq(coinRates.chainId, chainId), eq(coinRates.coin, coin)))
    .orderBy(desc(coinRates.effectiveAt))
    .limit(1);
  return rows[0] ? trimDecimal(rows[0].rate) : null;
}

/** Orders re-priced per statement by repriceOrders. */
export const REPRICE_BATCH = 5_000;

/**
 * Sets the reference price of every order of `coin` at the coin's rate in force, in batches of
 * `batch` orders in primary-key order, each batch a statement of its own (its own transaction):
 * a million orders re-priced in one transaction held the locks of a third of them and kept the
 * rows of the last version alive for as long, while each batch here commits in milliseconds. The
 * rate is read by each batch, so that a later change of the same coin running at the same time
 * never leaves an order at the earlier rate. Returns the collections of the re-priced orders.
 */
export async function repriceOrders(
  db: AppDb,
  chainId: number,
  coin: string,
  batch = REPRICE_BATCH,
): Promise<string[]> {
  const touched = new Set<string>();
  let after: { marketAddr: string; orderId: string } | null = null;
  for (;;) {
    const from: SQL = after
      ? sql`and (market_addr, order_id) > (${after.marketAddr}, ${after.orderId}::numeric)`
      : sql``;
    // The keys of the batch by the primary key (walked once, from where the last batch ended),
    // then the update of those whose price differs.
    const { rows } = (await db.execute(sql`
      with rate as (
        select rate from coin_rates where chain_id = ${chainId} and coin = ${coin}
        order by effective_at desc limit 1
      ), batch as (
        select market_addr, order_id from orders
        where chain_id = ${chainId} ${from}
        order by market_addr, order_id limit ${batch}
      ), changed as (
        update orders o set price_ref = trunc(o.price_value * rate.rate, 18)
        from batch, rate
        where o.chain_id = ${chainId} and o.market_addr = batch.market_addr
          and o.order_id = batch.order_id and o.money_addr = ${coin}
          and o.price_ref is distinct from trunc(o.price_value * rate.rate, 18)
        returning o.contract_addr
      )
      select (select array_agg(distinct contract_addr) from changed) as touched,
        (select market_addr from batch order by market_addr desc, order_id desc limit 1) as market_addr,
        (select order_id::text from batch order by market_addr desc, order_id desc limit 1) as order_id
    `)) as unknown as {
      rows: { touched: string[] | null; market_addr: string | null; order_id: string | null }[];
    };
    const row = rows[0]!;
    for (const c of row.touched ?? []) touched.add(c);
    if (row.market_addr === null || row.order_id === null) break;
    after = { marketAddr: row.market_addr, orderId: row.order_id };
  }
  return [...touched];
}
