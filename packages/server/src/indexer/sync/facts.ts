// Decoded logs -> fact rows: each event goes to its source's handler (sources/index.ts).
import { FACT_HANDLERS, FACT_PASSES } from '../sources/index.js';
import type { IndexedEvent } from './decode.js';
import { emptyFacts, type EventSource, type FactHandler, type RangeFacts } from './fact-rows.js';
import { forEachSlice } from './slices.js';

/** Turns decoded events into fact rows; `timeOf` gives a block's time. */
export async function factsOf(
  chainId: number,
  events: IndexedEvent[],
  timeOf: (block: number) => Date,
): Promise<RangeFacts> {
  const facts = emptyFacts();
  await forEachSlice(events, (slice) => {
    for (const e of slice) {
      const pos = {
        chainId,
        blockNumber: e.blockNumber,
        txHash: e.txHash,
        logIndex: e.logIndex,
        blockTime: timeOf(e.blockNumber),
      };
      (FACT_HANDLERS[e.source] as FactHandler<EventSource>)(facts, e, pos);
    }
  });
  for (const pass of FACT_PASSES) pass(facts);
  return facts;
}
