import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { hasAttributeValue } from '../../db/attribute-filter.js';
import {
  attrCategories,
  changeFeed,
  attrValues,
  collectionProfiles,
  collections,
  collectionStats,
  orders,
  tokenAttributes,
} from '../../db/schema.js';
import { buyableNow, selectOrders, type OrderRow } from '../../read-models/order-view.js';
import { ordersPage } from '../../read-models/order-page.js';
import { containsPattern } from '../../db/like-pattern.js';
import { countWhere, pageWithTotal } from '../../db/page-with-total.js';
import type { TokenListFilter } from '../../db/token-list-filter.js';
import type { PageBoundaries, PageStart } from './page-boundaries.js';
import { ofContract, ofToken } from '../../db/keys.js';

/**
 * Deep totals are capped: counting every match of a million-row table on each request costs more
 * than the page itself. The count stops COUNT_AHEAD records past the requested page (the web only
 * needs to know that more pages follow); a total at that cap means "at least this many".
 */
export const COUNT_AHEAD = 1_000;

/**
 * A keyword's matches are sparse in a sort's index (an item name part keeps about one order in a
 * hundred): counting COUNT_AHEAD of them walks a hundred thousand entries for a first page that
 * needs a few thousand. Its total stops this many records past the page instead (four more pages:
 * the web's infinite scroll only asks whether one more follows).
 */
export const KEYWORD_COUNT_AHEAD = 120;

/** How far past its page a page's total counts (see COUNT_AHEAD). */
export const countAheadOf = (f: Pick<MarketFilter, 'keyWord'>) =>
  f.keyWord ? KEYWORD_COUNT_AHEAD : COUNT_AHEAD;

async function cappedCount(db: AppDb, where: SQL | undefined, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(cap)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** The contracts whose collection name (edited page or contract name) meets `condition`. */
async function contractsNamed(
  db: AppDb,
  chainId: number,
  condition: (name: SQL) => SQL,
): Promise<string[]> {
  const [pages, contracts] = await Promise.all([
    db
      .select({ address: collectionProfiles.contractAddr })
      .from(collectionProfiles)
      .where(
        and(eq(collectionProfiles.chainId, chainId), condition(sql`${collectionProfiles.name}`)),
      ),
    db
      .select({ address: collections.address })
      .from(collections)
      .where(and(eq(collections.chainId, chainId), condition(sql`${collections.name}`))),
  ]);
  return [...new Set([...pages, ...contracts].map((r) => r.address))];
}

export interface MarketFilter extends TokenListFilter {
  status: number;
  sort: 'recent' | 'priceAsc' | 'priceDesc';
  collectionNames?: string[] | undefined;
}

/**
 * What a market page matches: `where`, and when the page names collections, only the orders of
 * `contracts` (kept apart so that a sort can walk each collection's part of an index).
 */
export interface MarketMatch {
  where: SQL;
  contracts?: string[] | undefined;
}

/** The whole condition of a match, the collections included. */
const conditionOf = (m: MarketMatch) =>
  m.contracts ? and(m.where, inArray(orders.contractAddr, m.contracts))! : m.where;

/**
 * The condition of a market page (nftOrder/page), with collection names and keywords resolved to
 * contracts first (a few rows), so that the orders walk compares addresses against a short list
 * of constants; null when no order can match.
 */
export async function marketWhere(
  db: AppDb,
  chainId: number,
  f: MarketFilter,
): Promise<MarketMatch | null> {
  const conditions: SQL[] = [
    eq(orders.chainId, chainId),
    eq(orders.status, f.status),
    isNotNull(orders.imageUrl),
  ];
  if (f.status === ORDER_STATUS.listed) conditions.push(buyableNow);
  if (f.keyWord) {
    const pattern = containsPattern(f.keyWord);
    const named = await contractsNamed(db, chainId, (name) => sql`${name} ilike ${pattern}`);
    // ILIKE, as the covering indexes can test it (0010): lower(name) LIKE lower(pattern).
    const nameMatches = sql`${orders.nameLower} like lower(${pattern})`;
    conditions.push(
      named.length ? or(nameMatches, inArray(orders.contractAddr, named))! : nameMatches,
    );
  }
  let contracts: string[] | undefined;
  if (f.collectionNames?.length) {
    const names = f.collectionNames.map((n) => n.toLowerCase());
    contracts = await contractsNamed(db, chainId, (name) => inArray(sql`lower(${name})`, names));
    if (!contracts.length) return null;
  }
  if (f.priceRange) {
    conditions.push(
      sql`${orders.priceRef} between ${f.priceRange.minPrice}::numeric and ${f.priceRange.maxPrice}::numeric`,
    );
  }
  if (f.gorySet?.length) {
    conditions.push(
      hasAttributeValue(chainId, orders.contractAddr, orders.tokenId, f.gorySet, f.parentId),
    );
  }
  return { where: and(...conditions)!, contracts };
}

/**
 * Step 1 of a market page: the keys of its orders and the number of matches seen, read from a
 * sort's covering index alone (0031), once: the orders of the page and up to COUNT_AHEAD more
 * past it (fewer for a keyword: countAheadOf), whose number gives the total. With `start` (the last order of an earlier page of the
 * same walk, `start.before` matches in), the walk begins just past it and skips only the matches
 * between it and the page, instead of every match from the first.
 */
export function marketPageKeys(
  db: AppDb,
  match: MarketMatch,
  f: Pick<MarketFilter, 'sort' | 'page' | 'size' | 'keyWord'>,
  start?: PageStart | null,
  edge = false,
) {
  const order = () =>
    f.sort === 'recent'
      ? [desc(orders.createdAt), desc(orders.orderId)]
      : f.sort === 'priceAsc'
        ? [asc(orders.priceRef), asc(orders.orderId)]
        : [desc(orders.priceRef), desc(orders.orderId)];
  const sortColumn = f.sort === 'recent' ? orders.createdAt : orders.priceRef;
  // Past the start in the sort's direction; a row comparison, which the index tests as one key.
  const past = start
    ? f.sort === 'recent'
      ? sql`(${orders.createdAt}, ${orders.orderId}) < (${start.sortKey}::timestamptz, ${start.orderId}::numeric)`
      : f.sort === 'priceAsc'
        ? sql`(${orders.priceRef}, ${orders.orderId}) > (${start.sortKey}::numeric, ${start.orderId}::numeric)`
        : sql`(${orders.priceRef}, ${orders.orderId}) < (${start.sortKey}::numeric, ${start.orderId}::numeric)`
    : undefined;
  // With `edge`, the order just before the page comes first (not counted in `seen`): where this
  // page starts, for the next request of the same page.
  const before = edge && (f.page - 1) * f.size > (start?.before ?? 0) ? 1 : 0;
  const offset = (f.page - 1) * f.size - (start?.before ?? 0) - before;
  const wanted = f.size + countAheadOf(f) + before;
  const walk = (where: SQL, limit: number) =>
    db
      .select({
        marketAddr: orders.marketAddr,
        orderId: orders.orderId,
        sortKey: sortColumn,
      })
      .from(orders)
      .where(past ? and(where, past) : where)
      .orderBy(...order())
      .limit(limit)
      .$dynamic();
  // Recently listed in a few collections: the newest orders of the others are no match, and a
  // walk of the whole market skips them by the thousand (a filter of a few collections out of
  // many keeps a few percent). Each collection's part of the index (0031) is walked in order
  // instead, and the parts merged: what is read grows with the page, not with the market.
  const [first, ...others] =
    f.sort === 'recent' && match.contracts
      ? match.contracts.map((c) =>
          walk(and(match.where, eq(orders.contractAddr, c))!, offset + wanted),
        )
      : [walk(conditionOf(match), offset + wanted)];
  const ahead = (others.length ? others.reduce((all, part) => all.unionAll(part), first!) : first!)
    .orderBy(...order())
    .limit(wanted)
    .offset(offset)
    .as('ahead');
  const dir = f.sort === 'priceAsc' ? asc : desc;
  return db
    .select({
      marketAddr: ahead.marketAddr,
      orderId: sql<string>`${ahead.orderId}::text`,
      // As text: a timestamp keeps its microseconds, a price all its digits (the next start).
      sortKey: sql<string>`${ahead.sortKey}::text`,
      seen: sql<number>`(count(*) over ())::int - ${before}`,
    })
    .from(ahead)
    .orderBy(dir(ahead.sortKey), dir(ahead.orderId))
    .limit(f.size + before);
}

/** Step 2 of a market page: the rows of the keys step 1 found (by primary key), in any order. */
export function marketPageRows(
  db: AppDb,
  chainId: number,
  keys: { marketAddr: string; orderId: string }[],
) {
  return selectOrders(
    db,
    eq(orders.chainId, chainId),
    sql`(${orders.marketAddr}, ${orders.orderId}) in (${sql.join(
      keys.map((k) => sql`(${k.marketAddr}, ${k.orderId}::numeric)`),
      sql`, `,
    )})`,
  );
}

/** The market's version: the change feed's last id, which every write of orders moves. */
async function marketVersion(db: AppDb): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${changeFeed.id}), 0)::float8` })
    .from(changeFeed);
  return row?.id ?? 0;
}

/**
 * nftOrder/page: orders with an image, filtered and sorted; see COUNT_AHEAD for the total. With
 * `boundaries`, a page past the first starts from the last order of the deepest page served
 * before it with the same filter and market version (no write since), so that its answer is the
 * one the walk from the first match gives, for the cost of the pages between the two.
 */
export async function marketPage(
  db: AppDb,
  chainId: number,
  f: MarketFilter,
  boundaries?: PageBoundaries,
): Promise<{ rows: OrderRow[]; total: number }> {
  const match = await marketWhere(db, chainId, f);
  if (!match) return { rows: [], total: 0 };
  const offset = (f.page - 1) * f.size;
  // Read before the walk: a write after it makes a new version, never a stale boundary of this one.
  const { page: _page, ...walk } = f;
  const filterKey = boundaries
    ? `${chainId}|${await marketVersion(db)}|${JSON.stringify(walk)}`
    : '';
  const start = filterKey && offset ? boundaries!.startOf(filterKey, offset) : null;
  // Without a boundary at the page, the order before it is read too and kept as one.
  const edge = Boolean(boundaries) && offset > (start?.before ?? 0);
  const found = await marketPageKeys(db, match, f, start, edge);
  const edgeKey = edge ? found[0] : undefined;
  const keys = edge ? found.slice(1) : found;
  if (!keys.length) {
    // Past the last page: the (smaller) exact total still answers.
    return { rows: [], total: offset ? await cappedCount(db, conditionOf(match), offset) : 0 };
  }
  const total = offset + keys[0]!.seen;
  if (boundaries) {
    const last = keys[keys.length - 1]!;
    if (edgeKey) boundaries.remember(filterKey, offset, edgeKey);
    if (keys.length === f.size) boundaries.remember(filterKey, offset + f.size, last);
  }
  const pageRows = await marketPageRows(db, chainId, keys);
  // Put back in the page's order.
  const byKey = new Map(pageRows.map((r) => [`${r.marketAddr}:${r.orderId}`, r]));
  const rows = keys.flatMap((k) => byKey.get(`${k.marketAddr}:${k.orderId}`) ?? []);
  return { rows, total };
}

/** The listed orders of one item, lowest price first (getOrderList), with the exact total. */
export async function itemOrders(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
  page: number,
  size: number,
  ownerAddr?: string,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    ofToken(orders, chainId, contractAddr, tokenId),
    eq(orders.status, ORDER_STATUS.listed),
    buyableNow,
    ownerAddr === undefined ? undefined : eq(orders.ownerAddr, ownerAddr),
  );
  return ordersPage(db, where, [asc(orders.priceRef), asc(orders.orderId)], page, size);
}

/** One order by id (any market of the chain) and token, for changePrice. */
export async function findOrder(db: AppDb, chainId: number, orderId: string, tokenId: string) {
  const rows = await selectOrders(
    db,
    eq(orders.chainId, chainId),
    eq(orders.orderId, orderId),
    eq(orders.tokenId, tokenId),
  ).limit(2);
  return rows;
}

/** getCollectionList: collections with a page, by name or address part, with their floor. */
export async function collectionFilterPage(
  db: AppDb,
  chainId: number,
  nameAndAddress: string | undefined,
  page: number,
  size: number,
) {
  const conditions: SQL[] = [eq(collectionProfiles.chainId, chainId)];
  if (nameAndAddress) {
    const pattern = containsPattern(nameAndAddress);
    conditions.push(
      or(ilike(collectionProfiles.name, pattern), ilike(collectionProfiles.contractAddr, pattern))!,
    );
  }
  const where = and(...conditions);
  return pageWithTotal(
    db
      .select({
        id: collectionProfiles.id,
        name: collectionProfiles.name,
        headUrl: collectionProfiles.headUrl,
        contractAddr: collectionProfiles.contractAddr,
        linkCollection: collectionProfiles.linkCollection,
        lowestPrice: sql<string | null>`${collectionStats.lowestPrice}::text`,
      })
      .from(collectionProfiles)
      .leftJoin(
        collectionStats,
        ofContract(collectionStats, collectionProfiles.chainId, collectionProfiles.contractAddr),
      )
      .where(where)
      .orderBy(asc(collectionProfiles.id))
      .$dynamic(),
    countWhere(db, collectionProfiles, where),
    page,
    size,
  );
}

/** getParentPage: the attribute categories of a collection with how many tokens have each. */
export async function attributeCategories(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  page: number,
  size: number,
) {
  const where = ofContract(attrCategories, chainId, contractAddr);
  return pageWithTotal(
    db
      .select({
        id: attrCategories.id,
        name: attrCategories.name,
        num: sql<number>`count(distinct ${tokenAttributes.tokenId})::int`,
      })
      .from(attrCategories)
      .leftJoin(attrValues, eq(attrValues.categoryId, attrCategories.id))
      .leftJoin(tokenAttributes, eq(tokenAttributes.valueId, attrValues.id))
      .where(where)
      .groupBy(attrCategories.id, attrCategories.name)
      .orderBy(asc(attrCategories.name), asc(attrCategories.id))
      .$dynamic(),
    countWhere(db, attrCategories, where),
    page,
    size,
  );
}

/** getValPage: the values of one category (optionally matching a part) with their token counts. */
export async function attributeValues(
  db: AppDb,
  categoryId: number,
  name: string | undefined,
  page: number,
  size: number,
) {
  const conditions: SQL[] = [eq(attrValues.categoryId, categoryId)];
  if (name) conditions.push(ilike(attrValues.value, containsPattern(name)));
  const where = and(...conditions);
  return pageWithTotal(
    db
      .select({
        id: attrValues.id,
        name: attrValues.value,
        num: sql<number>`count(${tokenAttributes.tokenId})::int`,
      })
      .from(attrValues)
      .leftJoin(tokenAttributes, eq(tokenAttributes.valueId, attrValues.id))
      .where(where)
      .groupBy(attrValues.id, attrValues.value)
      .orderBy(asc(attrValues.value), asc(attrValues.id))
      .$dynamic(),
    countWhere(db, attrValues, where),
    page,
    size,
  );
}
