import { createPublicClient, http, type PublicClient } from 'viem';

/**
 * The same RPC accepting answers up to `maxBytes` (viem refuses more than 10 MB), for
 * eth_getLogs over dense block ranges. A WebSocket client is returned as it is (no such cap).
 */
export function largeAnswersClient(chain: PublicClient, maxBytes: number): PublicClient {
  const transport = chain.transport as { type: string; url?: string };
  if (transport.type !== 'http' || !transport.url) return chain;
  return createPublicClient({
    chain: chain.chain,
    transport: http(transport.url, {
      maxResponseBodySize: maxBytes,
      timeout: 60_000,
      retryCount: 1,
    }),
  }) as PublicClient;
}
