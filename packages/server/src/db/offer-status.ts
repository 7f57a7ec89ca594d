// The offer status at read time (OFFER_STATUS), written once: the offer module's lists and
// create answer and the best offer of cards, items and collections (read-models/best-offer.ts) read it
// from here (a generic db piece, so the item and collection modules need not import a feature). The indexer keeps
// only the facts (filled, cancelled, funded); start and end are compared with the time of the
// query, so an offer expires or starts without anything being written.
import { sql, type SQL } from 'drizzle-orm';
import { OFFER_KIND, OFFER_STATUS, ORDER_HOLD } from '@aiamarket/shared';
import { offers, traitSets, traitSetTokens } from './schema.js';

/** A status code as SQL text (a constant, not a parameter). */
const code = (status: number) => sql.raw(String(status));

/**
 * The status of the `offers` row in scope (unaliased table). Order matters: a filled offer
 * stays filled after it expires; a cancelled one stays cancelled; unfunded and the market's hold
 * are last because they can change back; an offer of a replaced Offers contract (market hold
 * retired, set at the indexer's start) has ended for good, shown as such once past filled,
 * cancelled and expired. `cancelled` covers both a cancel by hash and a counter raised above the
 * signed one (the indexer sets it for both).
 */
export const offerStatus: SQL<number> = sql<number>`(case
  when ${offers.filled} >= ${offers.units} then ${code(OFFER_STATUS.filled)}
  when ${offers.cancelled} then ${code(OFFER_STATUS.cancelled)}
  when ${offers.endTime} <= now() then ${code(OFFER_STATUS.expired)}
  when ${offers.marketHold} = ${code(ORDER_HOLD.retired)} then ${code(OFFER_STATUS.retired)}
  when ${offers.startTime} > now() then ${code(OFFER_STATUS.notStarted)}
  when not ${offers.funded} then ${code(OFFER_STATUS.unfunded)}
  when ${offers.marketHold} <> 0 then ${code(OFFER_STATUS.marketHold)}
  else ${code(OFFER_STATUS.active)} end)::int`;

/** Offers that can be accepted now (status 0), for the lists and the best offers. */
export const isActiveOffer: SQL = sql`${offerStatus} = ${code(OFFER_STATUS.active)}`;

/** Best first: reference price, then the coin price, then the older offer; no rate comes last. */
export const bestFirst: SQL[] = [
  sql`${offers.priceRef} desc nulls last`,
  sql`${offers.priceValue} desc`,
  sql`${offers.createdAt} asc`,
  sql`${offers.orderHash} asc`,
];

/**
 * Whether the `offers` row in scope can be accepted with the token `tokenId` (SQL of a numeric)
 * of its collection: a collection offer, an item offer on it, or a trait offer whose signed set
 * (the shared trait set of its collection and root) holds it.
 */
export function acceptsToken(tokenId: SQL): SQL {
  return sql`(${offers.kind} = ${code(OFFER_KIND.collection)}
    or (${offers.kind} = ${code(OFFER_KIND.item)} and ${offers.tokenId} = ${tokenId})
    or (${offers.kind} = ${code(OFFER_KIND.trait)} and exists (
      select 1 from ${traitSets} join ${traitSetTokens} on ${traitSetTokens.setId} = ${traitSets.id}
      where ${traitSets.chainId} = ${offers.chainId}
        and ${traitSets.contractAddr} = ${offers.contractAddr}
        and ${traitSets.root} = ${offers.identifier}
        and ${traitSetTokens.tokenId} = ${tokenId})))`;
}
