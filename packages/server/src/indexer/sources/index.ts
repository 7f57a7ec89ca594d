// Every contract family the indexer follows, registered once: the handler that turns each of its
// decoded events into facts, and its Source (reads before a range, writes, rollback, poll), in
// the order their writes and rollbacks run in a transaction.
import type { EventSource, FactHandler, RangeFacts } from '../sync/fact-rows.js';
import { coinFacts } from './coins/facts.js';
import { launchpadFacts } from './launchpad/facts.js';
import { launchpadSource } from './launchpad/source.js';
import { approvalFacts, listingsFacts, realBuyers } from './listings/facts.js';
import { listingsSource } from './listings/source.js';
import { marketFacts } from './market/facts.js';
import { marketSource } from './market/source.js';
import { metadataFacts } from './metadata/facts.js';
import { metadataSource } from './metadata/source.js';
import { offersFacts } from './offers/facts.js';
import { offersSource } from './offers/source.js';
import type { SourceFactory } from './source.js';
import { erc1155Facts, erc721Facts } from './transfers/facts.js';

export const SOURCES: readonly SourceFactory[] = [
  marketSource,
  launchpadSource,
  offersSource,
  listingsSource,
  metadataSource,
];

/** One handler per decoded event source (sync/decode.ts): appends the facts of one log. */
export const FACT_HANDLERS: { [S in EventSource]: FactHandler<S> } = {
  erc721: erc721Facts,
  erc1155: erc1155Facts,
  market: marketFacts,
  offers: offersFacts,
  listings: listingsFacts,
  metadata: metadataFacts,
  approval: approvalFacts,
  coin: coinFacts,
  launchpad: launchpadFacts,
};

/** What runs over a range's facts once every event is in: facts one source gives another. */
export const FACT_PASSES: readonly ((facts: RangeFacts) => void)[] = [realBuyers];
