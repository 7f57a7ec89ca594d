// The Marketplace contract as a source: the address whose events are the market's facts
// (facts.ts). Before a range's transaction, the ERC-2981 royalty of its new listings and the
// decimals of the coins they use are read (chain-reads.ts); its orders derive from its facts
// (derive/market-orders.ts).
import { coinDecimals } from '../../../db/schema-coins.js';
import type { SourceFactory } from '../source.js';

export const marketSource: SourceFactory = ({ deployment, chainId, reads }) => {
  const address = deployment.contracts.Marketplace?.address.toLowerCase() ?? null;
  return {
    name: 'market',
    async follow(role) {
      if (address) role(address).market = true;
    },
    async prepare({ facts }) {
      const coins = await reads.complete(facts);
      if (coins.length === 0) return null;
      return {
        label: 'write: coin decimals',
        async touch(tx) {
          await tx
            .insert(coinDecimals)
            .values(coins.map((c) => ({ chainId, ...c })))
            .onConflictDoNothing();
        },
      };
    },
  };
};
