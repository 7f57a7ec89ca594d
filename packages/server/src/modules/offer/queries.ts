// Offer reads and the one write of the API (a verified offer and its trait set).
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { OFFER_KIND } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { countWhere, pageWithTotal } from '../../db/page-with-total.js';
import {
  attrCategories,
  attrValues,
  collections,
  holdings,
  offers,
  offerTraitTokens,
  tokenAttributes,
  type NewOfferRow,
} from '../../db/schema.js';
import { acceptsToken, bestFirst, isActiveOffer, offerStatus } from '../../db/offer-status.js';

/** The offer columns every view reads, with the status at read time. */
export const offerColumns = {
  orderHash: offers.orderHash,
  offersAddr: offers.offersAddr,
  offerer: offers.offerer,
  contractAddr: offers.contractAddr,
  kind: offers.kind,
  erc1155: offers.erc1155,
  identifier: offers.identifier,
  tokenId: offers.tokenId,
  traitValueId: offers.traitValueId,
  units: offers.units,
  filled: offers.filled,
  coin: offers.coin,
  pricePerUnit: offers.pricePerUnit,
  priceRef: offers.priceRef,
  startTime: offers.startTime,
  endTime: offers.endTime,
  salt: offers.salt,
  counter: offers.counter,
  signature: offers.signature,
  createdAt: offers.createdAt,
  status: offerStatus,
};

export type OfferListRow = Awaited<ReturnType<typeof selectOffers>>[number];

function selectOffers(db: AppDb, where: SQL | undefined) {
  return db.select(offerColumns).from(offers).where(where);
}

/** One page of offers matching `where`, in `order`, with the exact total. */
export function offerPage(
  db: AppDb,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  size: number,
) {
  return pageWithTotal(
    selectOffers(db, where)
      .orderBy(...order)
      .$dynamic(),
    countWhere(db, offers, where),
    page,
    size,
  );
}

/** The active offers a token can accept (item, collection and trait offers), best first. */
export function itemOffersWhere(chainId: number, contractAddr: string, tokenId: string) {
  return and(
    eq(offers.chainId, chainId),
    eq(offers.contractAddr, contractAddr),
    isActiveOffer,
    acceptsToken(sql`${tokenId}::numeric`),
  );
}

/** A collection's active offers, optionally of one kind. */
export function collectionOffersWhere(chainId: number, contractAddr: string, kind?: number) {
  return and(
    eq(offers.chainId, chainId),
    eq(offers.contractAddr, contractAddr),
    kind === undefined ? undefined : eq(offers.kind, kind),
    isActiveOffer,
  );
}

/** The offers an address made (every status unless `active`). */
export function madeOffersWhere(chainId: number, offerer: string, active: boolean) {
  return and(
    eq(offers.chainId, chainId),
    eq(offers.offerer, offerer),
    active ? isActiveOffer : undefined,
  );
}

/**
 * Active offers of others that some token `owner` holds can accept (the contract refuses an
 * offerer accepting their own offer): the rule of acceptsToken, written from the holdings side
 * as one set of order hashes at the top level of the query, so the database semi-joins it
 * (an OR of subqueries per offer took seconds at 30,000 offers).
 */
export function receivedOffersWhere(chainId: number, owner: string) {
  return and(
    eq(offers.chainId, chainId),
    ne(offers.offerer, owner),
    isActiveOffer,
    sql`${offers.orderHash} in (
      select c.order_hash from offers c
        where c.chain_id = ${chainId} and c.kind = ${OFFER_KIND.collection}
          and c.contract_addr in (select h.contract_addr from holdings h
            where h.chain_id = ${chainId} and h.owner_addr = ${owner})
      union
      select i.order_hash from holdings h
        join offers i on i.chain_id = h.chain_id and i.contract_addr = h.contract_addr
          and i.token_id = h.token_id and i.kind = ${OFFER_KIND.item}
        where h.chain_id = ${chainId} and h.owner_addr = ${owner}
      union
      select t.order_hash from holdings h
        join offer_trait_tokens t on t.chain_id = h.chain_id
          and t.contract_addr = h.contract_addr and t.token_id = h.token_id
        where h.chain_id = ${chainId} and h.owner_addr = ${owner})`,
  );
}

export const newestFirst: SQL[] = [desc(offers.createdAt), sql`${offers.orderHash} asc`];
export { bestFirst };

export async function findOffer(db: AppDb, chainId: number, orderHash: string) {
  const [row] = await selectOffers(
    db,
    and(eq(offers.chainId, chainId), eq(offers.orderHash, orderHash)),
  );
  return row;
}

/** The registered collection (its type), null when the marketplace does not follow it. */
export async function collectionTypeOf(db: AppDb, chainId: number, contractAddr: string) {
  const [row] = await db
    .select({ contractType: collections.contractType })
    .from(collections)
    .where(and(eq(collections.chainId, chainId), eq(collections.address, contractAddr)));
  return row?.contractType ?? null;
}

/** Whether the index knows the token: some address holds it now. */
export async function tokenExists(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(holdings)
    .where(
      and(
        eq(holdings.chainId, chainId),
        eq(holdings.contractAddr, contractAddr),
        eq(holdings.tokenId, tokenId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The tokens having an attribute value of a collection (the trait set the server rebuilds),
 * ascending; null when the value is not one of the collection's.
 */
export async function traitTokens(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  valueId: number,
): Promise<string[] | null> {
  const [value] = await db
    .select({ id: attrValues.id })
    .from(attrValues)
    .innerJoin(attrCategories, eq(attrCategories.id, attrValues.categoryId))
    .where(
      and(
        eq(attrValues.id, valueId),
        eq(attrCategories.chainId, chainId),
        eq(attrCategories.contractAddr, contractAddr),
      ),
    );
  if (!value) return null;
  const rows = await db
    .select({ tokenId: tokenAttributes.tokenId })
    .from(tokenAttributes)
    .where(
      and(
        eq(tokenAttributes.chainId, chainId),
        eq(tokenAttributes.contractAddr, contractAddr),
        eq(tokenAttributes.valueId, valueId),
      ),
    )
    .orderBy(tokenAttributes.tokenId);
  return rows.map((r) => r.tokenId);
}

/** The signed token set of a trait offer. */
export async function offerTraitSet(db: AppDb, chainId: number, orderHash: string) {
  const rows = await db
    .select({ tokenId: offerTraitTokens.tokenId })
    .from(offerTraitTokens)
    .where(and(eq(offerTraitTokens.chainId, chainId), eq(offerTraitTokens.orderHash, orderHash)));
  return rows.map((r) => r.tokenId);
}

/** Token counts of the signed sets of trait offers, by order hash. */
export async function traitSetSizes(db: AppDb, chainId: number, orderHashes: string[]) {
  const out = new Map<string, number>();
  if (!orderHashes.length) return out;
  const rows = await db
    .select({ orderHash: offerTraitTokens.orderHash, n: sql<number>`count(*)::int` })
    .from(offerTraitTokens)
    .where(
      and(eq(offerTraitTokens.chainId, chainId), inArray(offerTraitTokens.orderHash, orderHashes)),
    )
    .groupBy(offerTraitTokens.orderHash);
  for (const r of rows) out.set(r.orderHash, r.n);
  return out;
}

/**
 * Stores a verified offer and its trait set in one transaction; an offer already stored (same
 * hash, e.g. a second submit) is kept as it is.
 */
export async function storeOffer(db: AppDb, row: NewOfferRow, traitSet: string[] | null) {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(offers)
      .values(row)
      .onConflictDoNothing()
      .returning({ orderHash: offers.orderHash });
    if (!inserted.length || !traitSet) return;
    for (let i = 0; i < traitSet.length; i += 1_000) {
      await tx.insert(offerTraitTokens).values(
        traitSet.slice(i, i + 1_000).map((tokenId) => ({
          chainId: row.chainId,
          orderHash: row.orderHash,
          contractAddr: row.contractAddr,
          tokenId,
        })),
      );
    }
  });
}
