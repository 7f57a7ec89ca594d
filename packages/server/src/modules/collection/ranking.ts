import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { REFERENCE_UNIT, type RankingRow, type RankingWindow } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { collectionStats, collectionVolumeHours } from '../../db/schema-chain.js';
import { collectionProfiles } from '../../db/schema-market.js';
import { trimAmount } from '../../read-models/collection-view.js';
import { coinParts, currentCoinRates } from '../../db/coin-rates.js';
import type { CoinAmounts } from '../../db/schema-chain.js';
import {
  percentChange,
  previousWindow,
  WINDOW_HOURS,
  windowStart,
} from '../../read-models/volume-windows.js';

const p = collectionProfiles;
const s = collectionStats;
const h = collectionVolumeHours;

/**
 * Collections ranked by traded volume over a window (1d, 7d, 30d from the hourly volumes; all
 * from the all-time total), then by id. change compares with the previous window of the same
 * length (null for 'all' and when that window had no volume).
 */
export async function rankCollections(
  db: AppDb,
  chainId: number,
  window: RankingWindow,
  page: number,
  size: number,
  now = new Date(),
): Promise<{ records: RankingRow[]; total: number }> {
  const fields = (volume: SQL, previous: SQL, trades: SQL) => ({
    id: p.id,
    name: p.name,
    headUrl: p.headUrl,
    linkCollection: p.linkCollection,
    contractAddr: p.contractAddr,
    coinVolumes: s.coinVolumes,
    coinFloors: s.coinFloors,
    volume: sql<string>`(${volume})::text`,
    previous: sql<string | null>`(${previous})::text`,
    trades: sql<number>`(${trades})::int`,
    lowestPrice: sql<string | null>`${s.lowestPrice}::text`,
    totalHolder: s.totalHolder,
    totalTokens: s.totalTokens,
    totalOrder: s.totalOrder,
  });
  const statsJoin = and(eq(s.chainId, p.chainId), eq(s.contractAddr, p.contractAddr));
  const offset = (page - 1) * size;

  let rows;
  if (window === 'all') {
    const volume = sql`coalesce(${s.totalTransaction}, 0)`;
    rows = await db
      .select(fields(volume, sql`null`, sql`coalesce(${s.totalTrades}, 0)`))
      .from(p)
      .leftJoin(s, statsJoin)
      .where(eq(p.chainId, chainId))
      .orderBy(sql`${volume} desc`, asc(p.id))
      .limit(size)
      .offset(offset);
  } else {
    // One pass over the hourly rows of this window and the one before, grouped per collection.
    const hours = WINDOW_HOURS[window];
    const from = windowStart(now, hours).toISOString();
    const since = previousWindow(now, hours).start.toISOString();
    const inWindow = sql`${h.hour} >= ${from}::timestamptz`;
    const w = db.$with('w').as(
      db
        .select({
          contractAddr: h.contractAddr,
          volume: sql<string>`sum(${h.volume}) filter (where ${inWindow})`.as('w_volume'),
          trades: sql<number>`sum(${h.trades}) filter (where ${inWindow})`.as('w_trades'),
          previous: sql<string>`sum(${h.volume}) filter (where not ${inWindow})`.as('w_previous'),
        })
        .from(h)
        .where(and(eq(h.chainId, chainId), sql`${h.hour} >= ${since}::timestamptz`))
        .groupBy(h.contractAddr),
    );
    const volume = sql`coalesce(${w.volume}, 0)`;
    rows = await db
      .with(w)
      .select(fields(volume, sql`${w.previous}`, sql`coalesce(${w.trades}, 0)`))
      .from(p)
      .leftJoin(s, statsJoin)
      .leftJoin(w, eq(w.contractAddr, p.contractAddr))
      .where(eq(p.chainId, chainId))
      .orderBy(sql`${volume} desc`, asc(p.id))
      .limit(size)
      .offset(offset);
  }
  const totals = await db.select({ n: count() }).from(p).where(eq(p.chainId, chainId));
  const rates = await currentCoinRates(db, chainId);
  // The window's per-coin parts, for the page's collections only.
  const windowParts = new Map<string, CoinAmounts>();
  if (window !== 'all' && rows.length > 0) {
    const from = windowStart(now, WINDOW_HOURS[window]).toISOString();
    const parts = await db.execute(sql`
      select ${h.contractAddr} as c, cv.key as coin, sum(cv.value::numeric)::text as amount
      from ${h}, jsonb_each_text(${h.coinVolumes}) as cv
      where ${h.chainId} = ${chainId} and ${h.hour} >= ${from}::timestamptz
        and ${h.contractAddr} in (${sql.join(
          rows.map((r) => sql`${r.contractAddr}`),
          sql`, `,
        )})
      group by ${h.contractAddr}, cv.key`);
    for (const r of (parts as unknown as { rows: { c: string; coin: string; amount: string }[] })
      .rows) {
      windowParts.set(r.c, { ...windowParts.get(r.c), [r.coin]: r.amount });
    }
  }
  const records = rows.map((r, i): RankingRow => {
    const current = trimAmount(r.volume);
    return {
      rank: offset + i + 1,
      id: r.id,
      name: r.name,
      headUrl: r.headUrl,
      linkCollection: r.linkCollection,
      volume: current,
      lowestPrice: r.lowestPrice === null ? null : trimAmount(r.lowestPrice),
      totalHolder: r.totalHolder ?? 0,
      totalTokens: r.totalTokens ?? 0,
      totalOrder: r.totalOrder ?? 0,
      trades: r.trades,
      change: r.previous === null ? null : percentChange(Number(current), Number(r.previous)),
      priceUnit: REFERENCE_UNIT.symbol,
      volumeParts: coinParts(
        window === 'all' ? r.coinVolumes : windowParts.get(r.contractAddr),
        rates,
      ),
      lowestPriceParts: coinParts(r.coinFloors, rates),
    };
  });
  return { records, total: totals[0]?.n ?? 0 };
}
