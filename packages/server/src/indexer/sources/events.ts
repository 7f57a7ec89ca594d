// A log the indexer uses, decoded by its source (each source's decode.ts), with its position.
import type { CoinEvent } from './coins/decode.js';
import type { LaunchpadEvent } from './launchpad/decode.js';
import type { ListingsEvent } from './listings/decode.js';
import type { MarketEvent } from './market/decode.js';
import type { MetadataUpdateEvent } from './metadata/metadata-events.js';
import type { OffersEvent } from './offers/decode.js';
import type { ApprovalEvent, Erc1155Event, Erc721Event } from './transfers/decode.js';

/** What a source's decoder answers for a log of its own. */
export type DecodedEvent =
  | { source: 'market'; event: MarketEvent }
  | { source: 'launchpad'; event: LaunchpadEvent }
  | { source: 'erc721'; event: Erc721Event }
  | { source: 'erc1155'; event: Erc1155Event }
  | { source: 'offers'; event: OffersEvent }
  | { source: 'coin'; event: CoinEvent }
  | { source: 'listings'; event: ListingsEvent }
  | { source: 'approval'; event: ApprovalEvent }
  | { source: 'metadata'; event: MetadataUpdateEvent };

export type IndexedEvent = {
  address: string;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
} & DecodedEvent;
