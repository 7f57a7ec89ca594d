// Metadata changes (ERC-4906, ERC1155 URI) of followed collections: refresh requests written with
// main ranges, moved to the fork point by a rollback. Their decoding is metadata-events.ts.
import type { SourceFactory } from '../source.js';
import { requestMetadataRefresh, requeueRolledBackRefreshes } from './metadata-events.js';

export const metadataSource: SourceFactory = ({ chainId }) => ({
  name: 'metadata',
  prepare: async ({ facts, main }) =>
    // Main ranges only: a back-filled collection's tokens are fetched fresh anyway.
    main
      ? {
          label: 'write: metadata requests',
          write: (tx) => requestMetadataRefresh(tx, chainId, facts.metadata),
        }
      : null,
  rollback: (tx, fork) => requeueRolledBackRefreshes(tx, chainId, fork),
});
