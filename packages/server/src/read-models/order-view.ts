// The listing (OrderVO) answer shared by the market, item and account calls: the order columns
// read, collection labels, coins, the signed fields of signed listings (what Listings.buy and
// sweep take), and the lowest listed order of tokens.
import { z } from 'zod';
import { formatUnits, numberToHex } from 'viem';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CONTRACT_TYPE,
  ORDER_HOLD,
  ORDER_KIND,
  ORDER_STATUS,
  ROYALTY,
  trimDecimal,
  type ContractType,
  type OrderKind,
  type OrderVO,
  type SignedListingVO,
} from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { collectionProfiles, collections, orders, signedListings } from '../db/schema.js';
import { coinsOf, type CoinCatalog } from '../chain/coins.js';
import { ofContract, ofToken } from '../db/keys.js';

/** The order columns every listing view reads. */
export const orderColumns = {
  orderId: sql<string>`${orders.orderId}::text`,
  kind: orders.kind,
  expiresAt: orders.expiresAt,
  status: orders.status,
  hold: orders.hold,
  price: sql<string>`${orders.price}::text`,
  priceRef: sql<string | null>`${orders.priceRef}::text`,
  moneyAddr: orders.moneyAddr,
  contractAddr: orders.contractAddr,
  tokenId: sql<string>`${orders.tokenId}::text`,
  contractType: orders.contractType,
  amount: sql<string>`${orders.amount}::text`,
  leftAmount: sql<string>`${orders.leftAmount}::text`,
  ownerAddr: orders.ownerAddr,
  marketAddr: orders.marketAddr,
  royalty: orders.royalty,
  name: orders.name,
  imageUrl: orders.imageUrl,
  createdAt: orders.createdAt,
};

export interface OrderRow {
  orderId: string;
  /** ORDER_KIND. */
  kind: number;
  expiresAt: Date | null;
  status: number;
  /** ORDER_HOLD. */
  hold: number;
  price: string;
  /** numeric(78, 18) text, null while the coin has no rate. */
  priceRef: string | null;
  moneyAddr: string;
  contractAddr: string;
  tokenId: string;
  contractType: string;
  amount: string;
  leftAmount: string;
  ownerAddr: string;
  marketAddr: string;
  royalty: number | null;
  name: string | null;
  imageUrl: string | null;
  createdAt: Date;
}

export const contractTypeSchema = z.enum([CONTRACT_TYPE.erc721, CONTRACT_TYPE.erc1155]);

/** What a buy or sweep of a signed listing passes to the Listings contract. */
export const signedListingVoSchema = z.object({
  orderHash: z.string(),
  listingsAddr: z.string(),
  seller: z.string(),
  collection: z.string(),
  erc1155: z.boolean(),
  tokenId: z.string(),
  units: z.string(),
  coin: z.string(),
  pricePerUnit: z.string().describe('base units of the coin'),
  start: z.string().describe('unix seconds'),
  end: z.string().describe('unix seconds (exclusive)'),
  salt: z.string(),
  counter: z.string(),
  signature: z.string(),
  root: z.string().nullable().describe('bulk signature: the BulkListing tree hash; null alone'),
  proof: z.array(z.string()).describe('bulk signature: sibling hashes, leaf to root; [] alone'),
  index: z.number().int().describe("bulk signature: the listing's leaf index; 0 alone"),
}) satisfies z.ZodType<SignedListingVO>;

export const orderVoSchema = z.object({
  orderId: z
    .string()
    .describe("market listings: the market's item id; signed listings: the order hash as integer"),
  kind: z
    .union([z.literal(ORDER_KIND.market), z.literal(ORDER_KIND.signed)])
    .describe('0 an on-chain market listing, 1 a signed listing (Listings contract)'),
  expiresAt: z.string().nullable().describe('signed listings: end of the listing (ISO 8601)'),
  signed: signedListingVoSchema
    .nullable()
    .describe('signed listings: the listing, signature and proof Listings.buy / sweep take'),
  status: z.number().int().describe('0 listed and buyable, 1 sold, 2 cancelled, 3 force cancel'),
  hold: z
    .number()
    .int()
    .optional()
    .describe(
      'why a listing that is listed on its own cannot be bought now (status 3): 1 not enough ' +
        'units held, 2 coin not accepted by the market, 3 market paused, 4 signed for a ' +
        'Listings contract a newer one replaced (ended for good); absent otherwise',
    ),
  price: z.string().describe('unit price in the coin units'),
  priceWei: z.string().describe('unit price in base units'),
  priceRef: z
    .string()
    .nullable()
    .describe(
      "unit price in the reference unit (AIA) at the coin's current rate, decimal text; " +
        'null while the coin has no rate',
    ),
  coin: z.string().describe('coin symbol (AIA for the zero address)'),
  coinDecimals: z.number().int(),
  moneyAddr: z.string(),
  contractAddr: z.string(),
  tokenId: z.string(),
  contractType: contractTypeSchema,
  amount: z.string(),
  leftAmount: z.string(),
  ownerAddr: z.string(),
  marketAddr: z.string().describe('the market, or the Listings contract of a signed listing'),
  royalty: z.number().nullable().describe('percent'),
  collectionName: z.string().nullable(),
  linkCollection: z.string().nullable(),
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  nftMetadata: z.object({ imageUrl: z.string().nullable(), name: z.string().nullable() }),
  createDate: z.string().describe('ISO 8601'),
}) satisfies z.ZodType<OrderVO>;

export interface CollectionLabel {
  name: string | null;
  linkCollection: string | null;
}

/** The name and page link shown for collections: the edited page, else the contract's name. */
export async function collectionLabels(
  db: AppDb,
  chainId: number,
  contracts: string[],
): Promise<Map<string, CollectionLabel>> {
  const unique = [...new Set(contracts)];
  const out = new Map<string, CollectionLabel>();
  if (!unique.length) return out;
  const rows = await db
    .select({
      address: collections.address,
      chainName: collections.name,
      name: collectionProfiles.name,
      linkCollection: collectionProfiles.linkCollection,
    })
    .from(collections)
    .leftJoin(
      collectionProfiles,
      ofContract(collectionProfiles, collections.chainId, collections.address),
    )
    .where(and(eq(collections.chainId, chainId), inArray(collections.address, unique)));
  for (const r of rows) {
    out.set(r.address, { name: r.name ?? r.chainName, linkCollection: r.linkCollection });
  }
  return out;
}

/** The order hash of a signed listing's orders row (order_id is the hash as an integer). */
export const orderHashOfId = (orderId: string) => numberToHex(BigInt(orderId), { size: 32 });

/** The signed fields of the signed listings among `rows`, by order hash. */
async function signedOf(
  db: AppDb,
  chainId: number,
  rows: OrderRow[],
): Promise<Map<string, SignedListingVO>> {
  const out = new Map<string, SignedListingVO>();
  const hashes = rows
    .filter((r) => r.kind === ORDER_KIND.signed)
    .map((r) => orderHashOfId(r.orderId));
  if (!hashes.length) return out;
  const found = await db
    .select()
    .from(signedListings)
    .where(and(eq(signedListings.chainId, chainId), inArray(signedListings.orderHash, hashes)));
  const unix = (d: Date) => String(Math.floor(d.getTime() / 1000));
  for (const l of found) {
    out.set(l.orderHash, {
      orderHash: l.orderHash,
      listingsAddr: l.listingsAddr,
      seller: l.seller,
      collection: l.contractAddr,
      erc1155: l.erc1155,
      tokenId: l.tokenId,
      units: l.units,
      coin: l.coin,
      pricePerUnit: l.pricePerUnit,
      start: unix(l.startTime),
      end: unix(l.endTime),
      salt: l.salt,
      counter: l.counter,
      signature: l.signature,
      root: l.root,
      proof: l.proof,
      index: l.treeIndex,
    });
  }
  return out;
}

/** Turns order rows into the OrderVO answer (collection labels and coins read per page). */
export async function orderViews(
  db: AppDb,
  catalog: CoinCatalog,
  chainId: number,
  rows: OrderRow[],
): Promise<OrderVO[]> {
  const [labels, coins, signed] = await Promise.all([
    collectionLabels(
      db,
      chainId,
      rows.map((r) => r.contractAddr),
    ),
    coinsOf(
      catalog,
      rows.map((r) => r.moneyAddr),
    ),
    signedOf(db, chainId, rows),
  ]);
  return rows.map((r) => {
    const coin = coins.get(r.moneyAddr)!;
    const label = labels.get(r.contractAddr);
    return {
      orderId: r.orderId,
      kind: r.kind as OrderKind,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      signed: r.kind === ORDER_KIND.signed ? (signed.get(orderHashOfId(r.orderId)) ?? null) : null,
      status: r.status,
      // Only a held listing carries its reason: listed ones answer as before.
      ...(r.hold !== 0 ? { hold: r.hold } : {}),
      price: formatUnits(BigInt(r.price), coin.decimals),
      priceWei: r.price,
      priceRef: r.priceRef === null ? null : trimDecimal(r.priceRef),
      coin: coin.symbol,
      coinDecimals: coin.decimals,
      moneyAddr: r.moneyAddr,
      contractAddr: r.contractAddr,
      tokenId: r.tokenId,
      contractType: r.contractType as ContractType,
      amount: r.amount,
      leftAmount: r.leftAmount,
      ownerAddr: r.ownerAddr,
      marketAddr: r.marketAddr,
      royalty: r.royalty === null ? null : r.royalty / ROYALTY.chainScale,
      collectionName: label?.name ?? null,
      linkCollection: label?.linkCollection ?? null,
      name: r.name,
      imageUrl: r.imageUrl,
      nftMetadata: { imageUrl: r.imageUrl, name: r.name },
      createDate: r.createdAt.toISOString(),
    };
  });
}

/**
 * A listed order is buyable until its end: the indexer expires signed listings on its poll, and
 * until then a listing past its end must not be offered.
 */
export const buyableNow = sql`(${orders.expiresAt} is null or ${orders.expiresAt} > now())`;

/** The lowest listed order of each given token (cards and the item detail). */
export async function lowestOrders(
  db: AppDb,
  chainId: number,
  tokens: { contractAddr: string; tokenId: string }[],
): Promise<Map<string, OrderRow>> {
  const out = new Map<string, OrderRow>();
  if (!tokens.length) return out;
  const keys = sql.join(
    tokens.map((t) => sql`(${t.contractAddr}, ${t.tokenId}::numeric)`),
    sql`, `,
  );
  const rows = await db
    .selectDistinctOn([orders.contractAddr, orders.tokenId], orderColumns)
    .from(orders)
    .where(
      and(
        eq(orders.chainId, chainId),
        eq(orders.status, ORDER_STATUS.listed),
        buyableNow,
        sql`(${orders.contractAddr}, ${orders.tokenId}) in (${keys})`,
      ),
    )
    .orderBy(orders.contractAddr, orders.tokenId, asc(orders.priceRef), asc(orders.orderId));
  for (const r of rows) out.set(tokenKey(r.contractAddr, r.tokenId), r);
  return out;
}

/** The order rows matching every condition (undefined ones skipped), as every listing view reads them. */
export const selectOrders = (db: AppDb, ...conditions: (SQL | undefined)[]) =>
  db
    .select(orderColumns)
    .from(orders)
    .where(and(...conditions));

export const tokenKey = (contractAddr: string, tokenId: string) => `${contractAddr}:${tokenId}`;

/**
 * The lowest listing of a token held back by the market only (its coin refused or the market
 * paused; status 3, listed on chain and on its own): the item page shows it with the reason and
 * no buy. Held listings stay out of every list, floor and count.
 */
export async function lowestMarketHeldOrder(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
): Promise<OrderRow | null> {
  const [row] = await selectOrders(
    db,
    ofToken(orders, chainId, contractAddr, tokenId),
    eq(orders.status, ORDER_STATUS.forceCancel),
    eq(orders.chainStatus, ORDER_STATUS.listed),
    inArray(orders.hold, [ORDER_HOLD.coin, ORDER_HOLD.paused]),
    buyableNow,
  )
    .orderBy(sql`${orders.priceRef} asc nulls last`, asc(orders.orderId))
    .limit(1);
  return row ?? null;
}
