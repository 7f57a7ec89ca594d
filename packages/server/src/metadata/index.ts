// Token metadata: tokenURI / uri -> JSON (http(s), ipfs:// through the gateway, data:) with a
// time-out, a size cap, retries with back-off, and refusal of private-network addresses.
// One file per part; importers take everything from here.
export { DEFAULT_METADATA_OPTIONS, MetadataError, type MetadataOptions } from './options.js';
export { fetchText, isPrivateAddress } from './http-client.js';
export { readTokenUri, resolveTokenUri, substituteId } from './uri.js';
export { parseMetadata, type ParsedMetadata } from './parse.js';
export { knownToken, loadMetadata, refreshTokenMetadata, storedMetadata } from './store.js';
export { fetchPendingMetadata, refreshCollectionMetadata, tokensToFetch } from './queue.js';
export {
  metadataRefreshLoop,
  pruneMetadataRefresh,
  refreshRequestedMetadata,
} from './refresh-queue.js';
