// The deployment's launchpads as a source: their mints and swaps are facts (facts.ts), stored
// with each range and deleted above a fork; their counters derive from them (derive/launchpad.ts).
import { copyRows } from '../../../db/copy-rows.js';
import { launchpadEvents } from '../../../db/schema-chain.js';
import { launchpadNames } from '../../collections.js';
import type { SourceFactory } from '../source.js';
import { takeAbove } from '../../sync/above-fork.js';

export const launchpadSource: SourceFactory = ({ deployment, chainId }) => {
  const addresses = launchpadNames(deployment).map((n) =>
    deployment.contracts[n]!.address.toLowerCase(),
  );
  return {
    name: 'launchpad',
    async follow(role) {
      for (const a of addresses) role(a).launchpad = true;
    },
    insert: (tx, facts) => copyRows(tx, launchpadEvents, facts.launchpad),
    async unwind(tx, fork, touched) {
      const deleted = await takeAbove(tx, launchpadEvents, chainId, fork, {
        launchpadAddr: launchpadEvents.launchpadAddr,
        saleId: launchpadEvents.saleId,
      });
      for (const r of deleted) touched.sales.add(`${r.launchpadAddr}|${r.saleId}`);
    },
  };
};
