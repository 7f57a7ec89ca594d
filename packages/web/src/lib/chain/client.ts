import { createPublicClient, http, type PublicClient } from 'viem';
import { loadAppConfig } from '../appConfig';

// The read-only client of the deployment's RPC (reads never go through the wallet).

let client: Promise<PublicClient> | null = null;

/** One client per page, created from /config/app (a failed load is retried next time). */
export function publicClient(): Promise<PublicClient> {
  if (!client) {
    client = loadAppConfig()
      .then((app) => createPublicClient({ transport: http(app.chain.rpcUrl) }) as PublicClient)
      .catch((error: unknown) => {
        client = null;
        throw error;
      });
  }
  return client;
}

/** The deployed address of a contract by its deploy name (e.g. 'Marketplace'). */
export async function contractAddress(name: string): Promise<`0x${string}`> {
  const app = await loadAppConfig();
  const address = app.chain.contracts[name];
  if (!address) throw new Error(`no ${name} contract in this deployment`);
  return address as `0x${string}`;
}
