// The Offers contract's events: the facts of signed offers.
import { lower, pushSignedSale, str, type FactHandler } from '../../sync/fact-rows.js';

/**
 * The facts of an Offers contract event. An acceptance is a trade like a market sale: it is
 * written as a 'sold' market row (market = the Offers contract, no item id) and, with a royalty,
 * a royalty row (order id = the order hash as a number), so that activities, stats, volumes and
 * the creator dashboard count it without a second derivation.
 */
export const offersFacts: FactHandler<'offers'> = (
  facts,
  { address: offersAddr, event: ev },
  pos,
) => {
  const base = { ...pos, offersAddr, offerer: lower(ev.args.offerer) };
  if (ev.eventName === 'OfferAccepted') {
    const a = ev.args;
    const orderHash = lower(a.orderHash);
    facts.offers.push({
      ...base,
      kind: 'accepted',
      orderHash,
      units: str(a.units),
      filled: str(a.filled),
    });
    pushSignedSale(facts, pos, offersAddr, a, a.offerer, null);
    facts.funds.push(`${lower(a.coin)}|${base.offerer}`);
  } else if (ev.eventName === 'OfferCancelled') {
    facts.offers.push({ ...base, kind: 'cancelled', orderHash: lower(ev.args.orderHash) });
  } else {
    facts.offers.push({ ...base, kind: 'counter', counter: str(ev.args.counter) });
  }
};
