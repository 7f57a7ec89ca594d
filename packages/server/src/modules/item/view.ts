import { z } from 'zod';
import type { ContractType, NftCardVO, NftDetail, Ownership } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import type { CoinCatalog } from '../../chain/coins.js';
import { lowestOrders, tokenKey } from '../../read-models/order-view.js';
import {
  collectionLabels,
  contractTypeSchema,
  orderViews,
  orderVoSchema,
  type OrderRow,
} from '../../read-models/order-view.js';
import { collectionVOSchema } from '../../read-models/collection-view.js';
import type { CardRow } from './queries.js';
import { bestOffersOfTokens, bestOfferVoSchema } from '../../read-models/best-offer.js';

export const cardSchema = z.object({
  tokenId: z.string(),
  contractAddr: z.string(),
  contractType: contractTypeSchema,
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  collectionName: z.string().nullable(),
  linkCollection: z.string().nullable(),
  amount: z.string().describe('held by the viewed owner (account items), else the total'),
  order: orderVoSchema.nullable().describe('the lowest listed order, null when not listed'),
  bestOffer: bestOfferVoSchema
    .nullable()
    .describe('the best active offer the token can accept (item, collection or trait offer)'),
}) satisfies z.ZodType<NftCardVO>;

export const ownershipSchema = z.object({
  amount: z.string(),
  amountTotal: z.string(),
  userAddr: z.string(),
}) satisfies z.ZodType<Ownership>;

export const detailSchema = z.object({
  metadataVO: z.object({
    tokenId: z.string(),
    contractAddr: z.string(),
    contractType: contractTypeSchema,
    name: z.string().nullable(),
    imageUrl: z.string().nullable(),
    description: z.string().nullable(),
    belongToList: z.array(z.string()).describe('owner addresses (up to 100, largest first)'),
    collectionName: z.string().nullable(),
    linkCollection: z.string().nullable(),
    propertyList: z.array(z.object({ name: z.string(), value: z.string() })),
    amountTotal: z.string(),
    metadataStatus: z.string().describe("'ok', 'pending' or 'error'"),
  }),
  collectionsVO: collectionVOSchema.nullable(),
  orderVO: orderVoSchema.nullable(),
  heldOrderVO: orderVoSchema
    .nullable()
    .optional()
    .describe('without a listed order: the lowest listing the market holds back (coin, pause)'),
  bestOffer: bestOfferVoSchema
    .nullable()
    .describe('the best active offer the item can accept (item, collection or trait offer)'),
}) satisfies z.ZodType<NftDetail>;

/**
 * Cards for a grid. `own` gives each card its own order (an account's listings); otherwise each
 * card shows the lowest listed order of its token.
 */
export async function cardViews(
  db: AppDb,
  coins: CoinCatalog,
  chainId: number,
  rows: CardRow[],
  own?: (OrderRow | null)[],
): Promise<NftCardVO[]> {
  const [labels, lowest, best] = await Promise.all([
    collectionLabels(
      db,
      chainId,
      rows.map((r) => r.contractAddr),
    ),
    own ? Promise.resolve(new Map<string, OrderRow>()) : lowestOrders(db, chainId, rows),
    bestOffersOfTokens(db, coins, chainId, rows),
  ]);
  const orderRows = rows.map((r, i) =>
    own ? (own[i] ?? null) : (lowest.get(tokenKey(r.contractAddr, r.tokenId)) ?? null),
  );
  const present = orderRows.filter((o): o is OrderRow => o !== null);
  const views = await orderViews(db, coins, chainId, present);
  const byRow = new Map(present.map((o, i) => [o, views[i]!]));
  return rows.map((r, i) => {
    const label = labels.get(r.contractAddr);
    const order = orderRows[i];
    return {
      tokenId: r.tokenId,
      contractAddr: r.contractAddr,
      contractType: r.contractType as ContractType,
      name: r.name,
      imageUrl: r.imageUrl,
      collectionName: label?.name ?? null,
      linkCollection: label?.linkCollection ?? null,
      amount: r.amount,
      order: order ? byRow.get(order)! : null,
      bestOffer: best.get(tokenKey(r.contractAddr, r.tokenId)) ?? null,
    };
  });
}
