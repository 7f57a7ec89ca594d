import { createPublicClient, http, webSocket, type PublicClient } from 'viem';
import { chainFor } from '@aiamarket/shared';
import { StartupError } from '../config.js';

export function createChainClient(rpcUrl: string, chainId: number): PublicClient {
  const transport = rpcUrl.startsWith('ws')
    ? webSocket(rpcUrl, { timeout: 10_000 })
    : http(rpcUrl, { timeout: 10_000, retryCount: 1 });
  return createPublicClient({ chain: chainFor(chainId, rpcUrl), transport });
}

/** Fails the start when the RPC does not answer or serves another chain than CHAIN_ID. */
export async function checkChain(client: PublicClient, rpcUrl: string, chainId: number) {
  let served: number;
  try {
    served = await client.getChainId();
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    throw new StartupError(`RPC_URL: no answer from ${rpcUrl}: ${reason}`);
  }
  if (served !== chainId) {
    throw new StartupError(
      `CHAIN_ID: ${rpcUrl} serves chain ${served}, but CHAIN_ID is ${chainId}`,
    );
  }
}
