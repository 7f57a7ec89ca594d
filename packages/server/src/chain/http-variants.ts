// The same RPC as a given client, over HTTP with other transport options. A WebSocket client is
// returned as it is (its requests already share one connection, and it has no answer-size cap).
import { createPublicClient, http, type HttpTransportConfig, type PublicClient } from 'viem';

function variant(chain: PublicClient, options: HttpTransportConfig): PublicClient {
  const transport = chain.transport as { type: string; url?: string };
  if (transport.type !== 'http' || !transport.url) return chain;
  return createPublicClient({
    chain: chain.chain,
    transport: http(transport.url, { retryCount: 1, ...options }),
  }) as PublicClient;
}

/** JSON-RPC requests sent in one HTTP request (most nodes accept a few hundred). */
const RPC_BATCH = 200;

/**
 * JSON-RPC batching: requests made in the same tick go out together, so a range's thousands of
 * reads (one royaltyInfo per listing, one header per block with logs) cost a few round trips
 * instead of one each.
 */
export const batchedClient = (chain: PublicClient) =>
  variant(chain, { batch: { batchSize: RPC_BATCH, wait: 0 }, timeout: 30_000 });

/** Answers up to `maxBytes` (viem refuses more than 10 MB), for eth_getLogs over dense ranges. */
export const largeAnswersClient = (chain: PublicClient, maxBytes: number) =>
  variant(chain, { maxResponseBodySize: maxBytes, timeout: 60_000 });
