import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { RankingRow, RankingWindow } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { collectionStats } from '../../db/schema-chain.js';
import { collectionProfiles } from '../../db/schema-market.js';
import { tradesSince, volumeSince } from './queries.js';
import { trimAmount } from './view.js';
import { percentChange, previousWindow, WINDOW_HOURS, windowStart } from './windows.js';

const p = collectionProfiles;
const s = collectionStats;

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
  let volume: SQL<string>;
  let trades: SQL<number>;
  let previous: SQL<string | null>;
  if (window === 'all') {
    volume = sql<string>`coalesce(${s.totalTransaction}, 0)::text`;
    trades = sql<number>`coalesce(${s.totalTrades}, 0)::int`;
    previous = sql<null>`null`;
  } else {
    const hours = WINDOW_HOURS[window];
    const before = previousWindow(now, hours);
    volume = volumeSince(windowStart(now, hours));
    trades = tradesSince(windowStart(now, hours));
    previous = volumeSince(before.start, before.end);
  }
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: p.id,
        name: p.name,
        headUrl: p.headUrl,
        linkCollection: p.linkCollection,
        volume,
        previous,
        trades,
        lowestPrice: sql<string | null>`${s.lowestPrice}::text`,
        totalHolder: s.totalHolder,
        totalTokens: s.totalTokens,
        totalOrder: s.totalOrder,
      })
      .from(p)
      .leftJoin(s, and(eq(s.chainId, p.chainId), eq(s.contractAddr, p.contractAddr)))
      .where(eq(p.chainId, chainId))
      .orderBy(sql`(${volume})::numeric desc`, asc(p.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(p).where(eq(p.chainId, chainId)),
  ]);
  const records = rows.map((r, i): RankingRow => {
    const current = trimAmount(r.volume);
    return {
      rank: (page - 1) * size + i + 1,
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
    };
  });
  return { records, total: totals[0]?.n ?? 0 };
}
