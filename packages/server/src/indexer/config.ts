// The indexer's settings live beside the server's (src/indexer-config.ts): the server context
// carries them without importing the indexer. Kept here for the importers of the old path.
export { loadIndexerConfig, type IndexerConfig } from '../indexer-config.js';
