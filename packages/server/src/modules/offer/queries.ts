// Offer reads and the one write of the API (a verified offer and its trait set).
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { OFFER_KIND, ORDER_HOLD } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { countWhere, pageWithTotal } from '../../db/page-with-total.js';
import {
  attrCategories,
  attrValues,
  collections,
  holdings,
  offers,
  traitSets,
  tokenAttributes,
  type NewOfferRow,
} from '../../db/schema.js';
import { acceptsToken, bestFirst, isActiveOffer, offerStatus } from '../../db/offer-status.js';
import { ofContract, ofToken } from '../../db/keys.js';

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
    ofContract(offers, chainId, contractAddr),
    isActiveOffer,
    acceptsToken(sql`${tokenId}::numeric`),
  );
}

/** A collection's active offers, optionally of one kind. */
export function collectionOffersWhere(chainId: number, contractAddr: string, kind?: number) {
  return and(
    ofContract(offers, chainId, contractAddr),
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
        join trait_sets s on s.chain_id = h.chain_id and s.contract_addr = h.contract_addr
        join trait_set_tokens st on st.set_id = s.id and st.token_id = h.token_id
        join offers t on t.chain_id = s.chain_id and t.contract_addr = s.contract_addr
          and t.kind = ${OFFER_KIND.trait} and t.identifier = s.root
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
    .where(ofToken(holdings, chainId, contractAddr, tokenId))
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
    .where(and(eq(attrValues.id, valueId), ofContract(attrCategories, chainId, contractAddr)));
  if (!value) return null;
  // One text of the ids rather than a row each: 10,000 rows parsed and mapped held the event
  // loop for tens of milliseconds, splitting one string takes well under one.
  const [row] = await db
    .select({
      ids: sql<
        string | null
      >`string_agg(${tokenAttributes.tokenId}::text, ',' order by ${tokenAttributes.tokenId})`,
    })
    .from(tokenAttributes)
    .where(
      and(ofContract(tokenAttributes, chainId, contractAddr), eq(tokenAttributes.valueId, valueId)),
    );
  return row?.ids ? row.ids.split(',') : [];
}

/** Token counts of the signed sets of trait offers (their shared sets), by order hash. */
export async function traitSetSizes(db: AppDb, chainId: number, orderHashes: string[]) {
  const out = new Map<string, number>();
  if (!orderHashes.length) return out;
  const rows = await db
    .select({ orderHash: offers.orderHash, n: traitSets.tokenCount })
    .from(offers)
    .innerJoin(
      traitSets,
      and(
        ofContract(traitSets, offers.chainId, offers.contractAddr),
        eq(traitSets.root, offers.identifier),
      ),
    )
    .where(and(eq(offers.chainId, chainId), inArray(offers.orderHash, orderHashes)));
  for (const r of rows) out.set(r.orderHash, r.n);
  return out;
}

/** Open = not filled, not cancelled, not expired (whether or not started or funded). */
// An offer of a replaced Offers contract has ended (market hold retired): making it again must not
// be refused for it.
const isOpenOffer = sql`${offers.filled} < ${offers.units} and not ${offers.cancelled} and ${offers.endTime} > now()
  and ${offers.marketHold} <> ${sql.raw(String(ORDER_HOLD.retired))}`;

/**
 * Stores a verified offer (a trait offer names its stored set by its root) unless its offerer
 * already has `maxOpen` open offers: false then, nothing stored. The offerer's offers are
 * counted under a transaction lock on the offerer, so concurrent creates cannot pass the cap
 * together. An offer already stored (same hash, e.g. a second submit) is kept as it is.
 */
export async function storeOffer(db: AppDb, row: NewOfferRow, maxOpen: number) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`offerer:${row.chainId}:${row.offerer}`}, 0))`,
    );
    const [open] = await tx.select({ n: sql<number>`count(*)::int` }).from(
      tx
        .select({ one: sql`1` })
        .from(offers)
        .where(and(eq(offers.chainId, row.chainId), eq(offers.offerer, row.offerer), isOpenOffer))
        .limit(maxOpen)
        .as('open'),
    );
    if (open!.n >= maxOpen) return false;
    await tx.insert(offers).values(row).onConflictDoNothing();
    return true;
  });
}
