// The best active offer (BestOfferVO) of tokens (cards, the item page) and of collections (the
// collection header): generic, so the item and collection modules show it without importing the
// offer module; the status and acceptance rules come from db/offer-status.ts.
import { z } from 'zod';
import { formatUnits } from 'viem';
import { sql } from 'drizzle-orm';
import { OFFER_KIND, trimDecimal, type BestOfferVO, type OfferKind } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { offers } from '../db/schema.js';
import { acceptsToken, bestFirst, isActiveOffer } from '../db/offer-status.js';
import { coinsOf, type CoinCatalog } from '../chain/coins.js';

export const offerKindSchema = z
  .union([z.literal(0), z.literal(1), z.literal(2)])
  .describe('OFFER_KIND: 0 item, 1 collection, 2 trait');

export const bestOfferVoSchema = z.object({
  orderHash: z.string(),
  price: z.string().describe('per unit, in the coin units'),
  priceRef: z
    .string()
    .nullable()
    .describe('per unit in the reference unit (AIA); null without a rate'),
  coin: z.string().describe('coin symbol'),
  moneyAddr: z.string(),
  kind: offerKindSchema,
}) satisfies z.ZodType<BestOfferVO>;

interface BestRow {
  key: string;
  orderHash: string;
  pricePerUnit: string;
  priceRef: string | null;
  coin: string;
  kind: number;
}

async function bestViews(catalog: CoinCatalog, rows: BestRow[]) {
  const coins = await coinsOf(
    catalog,
    rows.map((r) => r.coin),
  );
  const out = new Map<string, BestOfferVO>();
  for (const r of rows) {
    const coin = coins.get(r.coin)!;
    out.set(r.key, {
      orderHash: r.orderHash,
      price: formatUnits(BigInt(r.pricePerUnit), coin.decimals),
      priceRef: r.priceRef === null ? null : trimDecimal(r.priceRef),
      coin: coin.symbol,
      moneyAddr: r.coin,
      kind: r.kind as OfferKind,
    });
  }
  return out;
}

const bestColumns = sql`${offers.orderHash} as "orderHash", ${offers.pricePerUnit}::text as "pricePerUnit",
  ${offers.priceRef}::text as "priceRef", ${offers.coin} as "coin", ${offers.kind}::int as "kind"`;

/**
 * The best active offer each token can accept (item, collection or trait offer), keyed by
 * tokenKey(contract, token); tokens without one are absent. One query with a lateral pick per
 * token, so a page of cards costs one round trip.
 */
export async function bestOffersOfTokens(
  db: AppDb,
  catalog: CoinCatalog,
  chainId: number,
  tokens: { contractAddr: string; tokenId: string }[],
): Promise<Map<string, BestOfferVO>> {
  if (!tokens.length) return new Map();
  const keys = sql.join(
    tokens.map((t) => sql`(${t.contractAddr}::varchar, ${t.tokenId}::numeric)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select k.c || ':' || k.t::text as "key", b.*
    from (values ${keys}) as k(c, t)
    cross join lateral (
      select ${bestColumns} from ${offers}
      where ${offers.chainId} = ${chainId} and ${offers.contractAddr} = k.c
        and ${isActiveOffer} and ${acceptsToken(sql`k.t`)}
      order by ${sql.join(bestFirst, sql`, `)}
      limit 1) as b`);
  return bestViews(catalog, (result as unknown as { rows: BestRow[] }).rows);
}

/** The best active collection offer (kind 1) of each collection, keyed by contract. */
export async function bestCollectionOffers(
  db: AppDb,
  catalog: CoinCatalog,
  chainId: number,
  contracts: string[],
): Promise<Map<string, BestOfferVO>> {
  const unique = [...new Set(contracts)];
  if (!unique.length) return new Map();
  const result = await db.execute(sql`
    select distinct on (${offers.contractAddr}) ${offers.contractAddr} as "key", ${bestColumns}
    from ${offers}
    where ${offers.chainId} = ${chainId}
      and ${offers.contractAddr} in (${sql.join(
        unique.map((c) => sql`${c}`),
        sql`, `,
      )})
      and ${offers.kind} = ${OFFER_KIND.collection} and ${isActiveOffer}
    order by ${offers.contractAddr}, ${sql.join(bestFirst, sql`, `)}`);
  return bestViews(catalog, (result as unknown as { rows: BestRow[] }).rows);
}
