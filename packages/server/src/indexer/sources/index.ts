// Every contract family the indexer follows through the Source interface, in the order their
// writes and rollbacks run in a transaction.
import { listingsSource } from './listings/source.js';
import { metadataSource } from './metadata/source.js';
import { offersSource } from './offers/source.js';
import type { SourceFactory } from './source.js';

export const SOURCES: readonly SourceFactory[] = [offersSource, listingsSource, metadataSource];
