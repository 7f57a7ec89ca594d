// Every contract family the indexer follows, registered once: the handler that turns each of its
// decoded events into facts, and its Source (reads before a range, writes, rollback, poll), in
// the order their writes and rollbacks run in a transaction.
import type { EventSource, FactHandler, RangeFacts } from '../sync/fact-rows.js';
import { coinFacts } from './coins/facts.js';
import { coinsSource } from './coins/source.js';
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
import type { DecodedEvent } from './events.js';
import type { AddressRole } from './roles.js';
import type { Log } from 'viem';
import { decodeCoin } from './coins/decode.js';
import { decodeLaunchpad } from './launchpad/decode.js';
import { decodeListings } from './listings/decode.js';
import { decodeMarket } from './market/decode.js';
import { decodeMetadata } from './metadata/decode.js';
import { decodeOffers } from './offers/decode.js';
import { decodeTransfers } from './transfers/decode.js';
import { erc1155Facts, erc721Facts } from './transfers/facts.js';

export const SOURCES: readonly SourceFactory[] = [
  marketSource,
  coinsSource,
  launchpadSource,
  offersSource,
  listingsSource,
  metadataSource,
];

/**
 * The sources' decoders, in the order a log is offered to them (the first that keeps it wins):
 * the contracts' own events first, then a collection's metadata events, then its transfers.
 */
export const DECODERS: readonly ((log: Log, role: AddressRole) => DecodedEvent | null)[] = [
  decodeMarket,
  decodeLaunchpad,
  decodeOffers,
  decodeListings,
  decodeCoin,
  decodeMetadata,
  decodeTransfers,
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
