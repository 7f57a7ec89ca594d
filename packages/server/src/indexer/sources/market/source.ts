// The Marketplace contract as a source: the address whose events are the market's facts
// (facts.ts). Its listings' royalty and coin decimals are read before a range's transaction
// (chain-reads.ts); its orders derive from its facts (derive/market-orders.ts).
import type { SourceFactory } from '../source.js';

export const marketSource: SourceFactory = ({ deployment }) => {
  const address = deployment.contracts.Marketplace?.address.toLowerCase() ?? null;
  return {
    name: 'market',
    async follow(role) {
      if (address) role(address).market = true;
    },
  };
};
