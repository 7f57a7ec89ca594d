import { and, desc, eq, sql } from 'drizzle-orm';
import { REFERENCE_UNIT, trimDecimal, type CoinPart, type CoinRate } from '@aiamarket/shared';
import type { AppDb } from './database.js';
import { coinRates, type CoinAmounts } from './schema-chain.js';

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
