// Logs -> typed events: each followed address's log goes to the sources' decoders
// (sources/index.ts DECODERS), in their order, until one keeps it.
import type { Log } from 'viem';
import { DECODERS } from '../sources/index.js';
import type { IndexedEvent } from '../sources/events.js';
import type { AddressRole } from '../sources/roles.js';

export type { IndexedEvent } from '../sources/events.js';
export type { AddressRole } from '../sources/roles.js';

/**
 * Decodes the logs of followed addresses; logs of other events (ownership, configuration...) and
 * logs that do not decode are dropped. The result keeps the order of `logs`.
 */
export function decodeLogs(
  logs: readonly Log[],
  roleOf: (address: string) => AddressRole | undefined,
) {
  const out: IndexedEvent[] = [];
  for (const log of logs) {
    if (log.removed || log.blockNumber === null || log.transactionHash === null) continue;
    const address = log.address.toLowerCase();
    const role = roleOf(address);
    if (!role) continue;
    for (const decode of DECODERS) {
      const d = decode(log, role);
      if (!d) continue;
      out.push({
        address,
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash!.toLowerCase(),
        txHash: log.transactionHash.toLowerCase(),
        logIndex: log.logIndex!,
        ...d,
      });
      break;
    }
  }
  return out;
}
