// The deployment's launchpads as a source: their mints and swaps are facts (facts.ts), their
// counters derive from them (derive/launchpad.ts).
import { launchpadNames } from '../../collections.js';
import type { SourceFactory } from '../source.js';

export const launchpadSource: SourceFactory = ({ deployment }) => {
  const addresses = launchpadNames(deployment).map((n) =>
    deployment.contracts[n]!.address.toLowerCase(),
  );
  return {
    name: 'launchpad',
    async follow(role) {
      for (const a of addresses) role(a).launchpad = true;
    },
  };
};
