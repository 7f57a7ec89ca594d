// The Listings contract's events and the collections' ApprovalForAll: the facts of signed listings.
import {
  lower,
  pushSignedSale,
  str,
  type FactHandler,
  type RangeFacts,
} from '../../sync/fact-rows.js';

export const approvalFacts: FactHandler<'approval'> = (facts, e) => {
  facts.approvals.push(`${e.address}|${lower(e.event.owner)}|${lower(e.event.operator)}`);
};

/**
 * A market listing bought in a sweep: the market's MarketItemSold (same transaction) names the
 * Listings contract as buyer, the Listings contract's MarketItemSwept names the real one. The
 * sale (and so its trade activity) gets the real buyer.
 */
export function realBuyers(facts: RangeFacts) {
  for (const s of facts.listings) {
    if (s.kind !== 'swept') continue;
    const sale = facts.market.find(
      (m) =>
        m.kind === 'sold' &&
        m.txHash === s.txHash &&
        m.itemId === s.itemId &&
        m.buyer === s.listingsAddr &&
        m.logIndex < s.logIndex,
    );
    if (sale) sale.buyer = s.account;
  }
}

/**
 * The facts of a Listings contract event. A fill is a trade like a market sale: a 'sold' market
 * row (market = the Listings contract, item id = the order hash as a number) and, with a royalty,
 * a royalty row, so that activities, stats, volumes and the creator dashboard count it.
 */
export const listingsFacts: FactHandler<'listings'> = (
  facts,
  { address: listingsAddr, event: ev },
  pos,
) => {
  const base = { ...pos, listingsAddr };
  switch (ev.eventName) {
    case 'ListingFilled': {
      const a = ev.args;
      const orderId = str(BigInt(a.orderHash));
      facts.listings.push({
        ...base,
        kind: 'filled',
        account: lower(a.seller),
        orderHash: lower(a.orderHash),
        units: str(a.units),
        filled: str(a.filled),
      });
      pushSignedSale(facts, pos, listingsAddr, a, a.buyer, orderId);
      break;
    }
    case 'ListingCancelled':
      facts.listings.push({
        ...base,
        kind: 'cancelled',
        account: lower(ev.args.seller),
        orderHash: lower(ev.args.orderHash),
      });
      break;
    case 'CounterIncremented':
      facts.listings.push({
        ...base,
        kind: 'counter',
        account: lower(ev.args.seller),
        counter: str(ev.args.counter),
      });
      break;
    case 'MarketItemSwept':
      facts.listings.push({
        ...base,
        kind: 'swept',
        account: lower(ev.args.buyer),
        itemId: str(ev.args.itemId),
        units: str(ev.args.amount),
      });
      break;
  }
};
