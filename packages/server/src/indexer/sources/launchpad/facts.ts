// Launchpad mints and swaps: their facts (the launchpad counters derive from them).
import { lower, str, type FactHandler } from '../../sync/fact-rows.js';

export const launchpadFacts: FactHandler<'launchpad'> = (facts, e, pos) => {
  const ev = e.event;
  if (ev.eventName === 'Minted') {
    facts.launchpad.push({
      ...pos,
      kind: 'mint',
      launchpadAddr: e.address,
      saleId: str(ev.args.tokenId),
      userAddr: lower(ev.args.minter),
      coinOrSource: lower(ev.args.coin),
      count: str(ev.args.count),
      cost: str(ev.args.cost),
      totalSupply: str(ev.args.totalSupply),
    });
  } else {
    facts.launchpad.push({
      ...pos,
      kind: 'swap',
      launchpadAddr: e.address,
      saleId: str(ev.args.tokenId),
      userAddr: lower(ev.args.user),
      coinOrSource: lower(ev.args.source),
      count: str(ev.args.received),
      cost: null,
      totalSupply: str(ev.args.totalSupply),
    });
  }
};
