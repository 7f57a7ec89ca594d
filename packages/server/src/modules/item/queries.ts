import { and, asc, desc, eq, ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { COLLECTION_ITEM_SORT, ORDER_STATUS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { hasAttributeValue } from '../../db/attribute-filter.js';
import {
  collectionProfiles,
  collections,
  favourites,
  holdings,
  orders,
  tokenMetadata,
} from '../../db/schema.js';
import { buyableNow, type OrderRow } from '../../read-models/order-view.js';
import { ordersPage } from '../../read-models/order-page.js';
import { containsPattern } from '../../db/like-pattern.js';
import { countColumn, countWhere, pageWithTotal } from '../../db/page-with-total.js';
import type { TokenListFilter } from '../../db/token-list-filter.js';
import { ofToken } from '../../db/keys.js';

/** What a card needs besides its order. */
export interface CardRow {
  contractAddr: string;
  tokenId: string;
  contractType: string;
  name: string | null;
  imageUrl: string | null;
  amount: string;
}

const metaJoin = (contract: SQL, token: SQL, chainId: number) =>
  and(
    eq(tokenMetadata.chainId, chainId),
    sql`${tokenMetadata.contractAddr} = ${contract}`,
    sql`${tokenMetadata.tokenId} = ${token}`,
  );

/** The collection of a contract: given, or named by the columns of a joined row. */
const collectionOf = (chainId: number | SQLWrapper, contractAddr: string | SQLWrapper) =>
  and(eq(collections.chainId, chainId), eq(collections.address, contractAddr));

/**
 * The cards of the tokens in `source` (held or favourited): their contract's type and metadata.
 * Tokens of a contract that is not a known collection are left out.
 */
function cardsOf(
  db: AppDb,
  chainId: number,
  source: typeof holdings | typeof favourites,
  amount: SQL<string>,
) {
  return db
    .select({
      contractAddr: source.contractAddr,
      tokenId: sql<string>`${source.tokenId}::text`,
      contractType: collections.contractType,
      amount,
      name: tokenMetadata.name,
      imageUrl: tokenMetadata.imageUrl,
    })
    .from(source)
    .innerJoin(collections, collectionOf(source.chainId, source.contractAddr))
    .leftJoin(tokenMetadata, metaJoin(sql`${source.contractAddr}`, sql`${source.tokenId}`, chainId))
    .$dynamic();
}

/**
 * The item itself: its collection, metadata, its first 100 holders and the total supply held over
 * all holders, summed by the database (null when nothing is known of it).
 */
export async function findItem(db: AppDb, chainId: number, contractAddr: string, tokenId: string) {
  const [collection] = await db
    .select({ contractType: collections.contractType, name: collections.name })
    .from(collections)
    .where(collectionOf(chainId, contractAddr));
  if (!collection) return null;
  const [[meta], owners, [supply]] = await Promise.all([
    db
      .select()
      .from(tokenMetadata)
      .where(ofToken(tokenMetadata, chainId, contractAddr, tokenId)),
    db
      .select({ ownerAddr: holdings.ownerAddr, amount: sql<string>`${holdings.amount}::text` })
      .from(holdings)
      .where(ofToken(holdings, chainId, contractAddr, tokenId))
      .orderBy(desc(holdings.amount), asc(holdings.ownerAddr))
      .limit(100),
    // A popular ERC1155 token has more holders than the list above keeps.
    db
      .select({ amountTotal: sql<string>`coalesce(sum(${holdings.amount}), 0)::text` })
      .from(holdings)
      .where(ofToken(holdings, chainId, contractAddr, tokenId)),
  ]);
  const known = meta || owners.length;
  if (!known) return null;
  return { collection, meta: meta ?? null, owners, amountTotal: supply?.amountTotal ?? '0' };
}

/** Total held of one token, and what `ownerAddr` holds. */
export async function ownershipOf(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
  ownerAddr: string,
) {
  const [row] = await db
    .select({
      amount: sql<string>`coalesce(sum(${holdings.amount}) filter (where ${holdings.ownerAddr} = ${ownerAddr}), 0)::text`,
      amountTotal: sql<string>`coalesce(sum(${holdings.amount}), 0)::text`,
    })
    .from(holdings)
    .where(ofToken(holdings, chainId, contractAddr, tokenId));
  return { amount: row?.amount ?? '0', amountTotal: row?.amountTotal ?? '0' };
}

/** The owners of one token with their amounts, largest first. */
export async function ownersPage(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
  page: number,
  size: number,
) {
  const where = ofToken(holdings, chainId, contractAddr, tokenId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ userAddr: holdings.ownerAddr, amount: sql<string>`${holdings.amount}::text` })
      .from(holdings)
      .where(where)
      .orderBy(desc(holdings.amount), asc(holdings.ownerAddr))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({
        ...countColumn,
        amountTotal: sql<string>`coalesce(sum(${holdings.amount}), 0)::text`,
      })
      .from(holdings)
      .where(where),
  ]);
  return { rows, total: totals?.n ?? 0, amountTotal: totals?.amountTotal ?? '0' };
}

export interface CollectionItemsFilter extends TokenListFilter {
  showType: number;
  sort: number;
}

/** The items (tokens with a holder) of one collection, with their lowest listing. */
export async function collectionItems(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  contractType: string,
  f: CollectionItemsFilter,
): Promise<{ rows: CardRow[]; total: number }> {
  const tokens = db
    .select({
      contractAddr: holdings.contractAddr,
      tokenId: holdings.tokenId,
      amount: sql<string>`sum(${holdings.amount})::text`.as('amount'),
    })
    .from(holdings)
    .where(and(eq(holdings.chainId, chainId), eq(holdings.contractAddr, contractAddr)))
    .groupBy(holdings.contractAddr, holdings.tokenId)
    .as('tokens');
  const listed = (agg: SQL) =>
    sql`(select ${agg} from ${orders} where ${orders.chainId} = ${chainId}
      and ${orders.contractAddr} = ${tokens.contractAddr} and ${orders.tokenId} = ${tokens.tokenId}
      and ${orders.status} = ${ORDER_STATUS.listed} and ${buyableNow})`;
  // Sort and price filter compare reference prices (coins converted at their rate in force).
  const lowest = listed(sql`min(${orders.priceRef})`);
  const listedAt = listed(sql`max(${orders.createdAt})`);
  const conditions: SQL[] = [];
  if (f.showType === 1) conditions.push(sql`${listedAt} is not null`);
  if (f.keyWord) {
    conditions.push(
      or(
        ilike(tokenMetadata.name, containsPattern(f.keyWord)),
        sql`${tokens.tokenId}::text = ${f.keyWord}`,
      )!,
    );
  }
  if (f.priceRange) {
    conditions.push(
      sql`${lowest} between ${f.priceRange.minPrice}::numeric and ${f.priceRange.maxPrice}::numeric`,
    );
  }
  if (f.gorySet?.length) {
    conditions.push(
      hasAttributeValue(chainId, tokens.contractAddr, tokens.tokenId, f.gorySet, f.parentId),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    f.sort === COLLECTION_ITEM_SORT.priceAsc
      ? [sql`${lowest} asc nulls last`, asc(tokens.tokenId)]
      : f.sort === COLLECTION_ITEM_SORT.priceDesc
        ? [sql`${lowest} desc nulls last`, asc(tokens.tokenId)]
        : f.sort === COLLECTION_ITEM_SORT.tokenId
          ? [asc(tokens.tokenId)]
          : [sql`${listedAt} desc nulls last`, asc(tokens.tokenId)];
  const join = metaJoin(sql`${tokens.contractAddr}`, sql`${tokens.tokenId}`, chainId);
  const { rows, total } = await pageWithTotal(
    db
      .select({
        contractAddr: tokens.contractAddr,
        tokenId: sql<string>`${tokens.tokenId}::text`,
        amount: tokens.amount,
        name: tokenMetadata.name,
        imageUrl: tokenMetadata.imageUrl,
      })
      .from(tokens)
      .leftJoin(tokenMetadata, join)
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    db.select(countColumn).from(tokens).leftJoin(tokenMetadata, join).where(where),
    f.page,
    f.size,
  );
  return { rows: rows.map((r) => ({ ...r, contractType })), total };
}

/**
 * Whether the indexer follows the contract and has caught up with it (not still back-filling
 * it): only then are its holdings complete.
 */
export async function isIndexedCollection(db: AppDb, chainId: number, contractAddr: string) {
  const [row] = await db
    .select({ syncedBlock: collections.syncedBlock })
    .from(collections)
    .where(collectionOf(chainId, contractAddr));
  return row !== undefined && row.syncedBlock === null;
}

/** What `ownerAddr` holds (optionally of one collection): account "collected", userInfoList. */
export async function heldItems(
  db: AppDb,
  chainId: number,
  ownerAddr: string,
  contractAddr: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: CardRow[]; total: number }> {
  const where = and(
    eq(holdings.chainId, chainId),
    eq(holdings.ownerAddr, ownerAddr),
    contractAddr ? eq(holdings.contractAddr, contractAddr) : undefined,
  );
  return pageWithTotal(
    cardsOf(db, chainId, holdings, sql<string>`${holdings.amount}::text`)
      .where(where)
      .orderBy(asc(holdings.contractAddr), asc(holdings.tokenId)),
    countWhere(db, holdings, where),
    page,
    size,
  );
}

/** A user's favourite items, newest first; amount is the total held of the token. */
export async function favouriteItems(
  db: AppDb,
  chainId: number,
  userAddr: string,
  page: number,
  size: number,
): Promise<{ rows: CardRow[]; total: number }> {
  const where = and(eq(favourites.userAddr, userAddr), eq(favourites.chainId, chainId));
  const held = sql<string>`coalesce((select sum(${holdings.amount}) from ${holdings}
    where ${holdings.chainId} = ${chainId} and ${holdings.contractAddr} = ${favourites.contractAddr}
    and ${holdings.tokenId} = ${favourites.tokenId}), 0)::text`;
  return pageWithTotal(
    cardsOf(db, chainId, favourites, held)
      .where(where)
      .orderBy(desc(favourites.createdAt), asc(favourites.contractAddr), asc(favourites.tokenId)),
    countWhere(db, favourites, where),
    page,
    size,
  );
}

/**
 * A user's orders of one status, newest first (account "for sale" and "force cancel"). Force
 * cancel lists only the stale listings still open on chain: once the seller cancels one, the
 * contract also records it as force-cancelled, and nothing is left to do.
 */
export async function ownerOrders(
  db: AppDb,
  chainId: number,
  ownerAddr: string,
  status: number,
  page: number,
  size: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    eq(orders.chainId, chainId),
    eq(orders.ownerAddr, ownerAddr),
    eq(orders.status, status),
    status === ORDER_STATUS.forceCancel ? eq(orders.chainStatus, ORDER_STATUS.listed) : undefined,
    status === ORDER_STATUS.listed ? buyableNow : undefined,
  );
  return ordersPage(db, where, [desc(orders.createdAt), desc(orders.orderId)], page, size);
}

/** The contract and type of a collection page id (findPageByCollectionId). */
export async function collectionById(db: AppDb, chainId: number, id: number) {
  const [row] = await db
    .select({ contractAddr: collections.address, contractType: collections.contractType })
    .from(collectionProfiles)
    .innerJoin(
      collections,
      collectionOf(collectionProfiles.chainId, collectionProfiles.contractAddr),
    )
    .where(and(eq(collectionProfiles.chainId, chainId), eq(collectionProfiles.id, id)));
  return row ?? null;
}
