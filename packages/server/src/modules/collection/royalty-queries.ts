import { and, count, desc, eq, sql } from 'drizzle-orm';
import { formatUnits } from 'viem';
import { addDecimals, REFERENCE_UNIT, toReference, type RoyaltySummaryVO } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { tokenMetadataOf } from '../../db/token-metadata-join.js';
import { royaltyPayments, tokenMetadata } from '../../db/schema-chain.js';
import type { CoinCatalog } from '../../chain/coins.js';
import { coinsOf } from '../../chain/coins.js';

const r = royaltyPayments;

/** A page of the royalties paid to `receiver`, newest first, with the item's name and image. */
export async function findRoyaltyPayments(
  db: AppDb,
  chainId: number,
  receiver: string,
  page: number,
  size: number,
) {
  const where = and(eq(r.chainId, chainId), eq(r.receiver, receiver.toLowerCase()));
  const [rows, totals] = await Promise.all([
    db
      .select({
        tokenName: tokenMetadata.name,
        tokenImageUrl: tokenMetadata.imageUrl,
        tokenId: sql<string>`${r.tokenId}::text`,
        contractAddr: r.contractAddr,
        coin: r.coin,
        price: sql<string>`${r.price}::text`,
        amount: sql<string>`${r.amount}::text`,
        totalTrans: sql<string>`${r.totalTrans}::text`,
        royalty: sql<string>`${r.royalty}::text`,
        blockTime: r.blockTime,
      })
      .from(r)
      .leftJoin(tokenMetadata, tokenMetadataOf(r))
      .where(where)
      .orderBy(desc(r.blockNumber), desc(r.logIndex))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The start of the current UTC day. */
export function utcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Royalties received by `receiver`: all time (totalTrans) and since UTC midnight
 * (totalTransToday), in the reference unit: each payment at its coin's rate in force at its
 * block (the rate its sale stored); a coin without any rate is left out.
 */
export async function royaltySummary(
  db: AppDb,
  coins: CoinCatalog,
  chainId: number,
  receiver: string,
  now = new Date(),
): Promise<RoyaltySummaryVO> {
  const since = utcMidnight(now).toISOString();
  const rateInForce = sql`case when ${r.coin} = ${REFERENCE_UNIT.currency} then 1 else coalesce(
      (select c.rate from coin_rates c where c.chain_id = ${r.chainId} and c.coin = ${r.coin}
         and c.effective_at <= ${r.blockTime} order by c.effective_at desc limit 1),
      (select c.rate from coin_rates c where c.chain_id = ${r.chainId} and c.coin = ${r.coin}
         order by c.effective_at limit 1)) end`;
  const rows = await db
    .select({
      coin: r.coin,
      rate: sql<string | null>`(${rateInForce})::text`,
      all: sql<string>`sum(${r.royalty})::text`,
      today: sql<string>`coalesce(sum(${r.royalty}) filter (where ${r.blockTime} >= ${since}::timestamptz), 0)::text`,
    })
    .from(r)
    .where(and(eq(r.chainId, chainId), eq(r.receiver, receiver.toLowerCase())))
    .groupBy(r.coin, sql`2`);
  const known = await coinsOf(
    coins,
    rows.map((row) => row.coin),
  );
  const total = (pick: 'all' | 'today') =>
    addDecimals(
      rows.flatMap((row) =>
        row.rate === null
          ? []
          : [toReference(formatUnits(BigInt(row[pick]), known.get(row.coin)!.decimals), row.rate)],
      ),
    );
  return { totalTrans: total('all'), totalTransToday: total('today') };
}
