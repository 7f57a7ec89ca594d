import { createPublicClient, http, type PublicClient } from 'viem';

/** JSON-RPC requests sent in one HTTP request (most nodes accept a few hundred). */
const RPC_BATCH = 200;

/**
 * The same RPC with JSON-RPC batching: requests made in the same tick go out together, so a
 * range's thousands of reads (one royaltyInfo per listing, one header per block with logs) cost
 * a few round trips instead of one each. A WebSocket client is returned as it is (its requests
 * already share one connection).
 */
export function batchedClient(chain: PublicClient): PublicClient {
  const transport = chain.transport as { type: string; url?: string };
  if (transport.type !== 'http' || !transport.url) return chain;
  return createPublicClient({
    chain: chain.chain,
    transport: http(transport.url, {
      batch: { batchSize: RPC_BATCH, wait: 0 },
      timeout: 30_000,
      retryCount: 1,
    }),
  }) as PublicClient;
}
