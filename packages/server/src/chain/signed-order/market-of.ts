import { parseAbi, type Address, type PublicClient } from 'viem';

const signingContractAbi = parseAbi(['function market() view returns (address)']);

/** By signing contract (lowercased): the market it reads its settings from. */
const markets = new Map<string, Promise<Address>>();

/**
 * The market an order contract (Offers, Listings) reads its coin allow-list and fees from. It is
 * immutable, so it is read once per contract; a failed read is forgotten and tried again.
 */
export function marketOf(client: PublicClient, signingContract: Address): Promise<Address> {
  const key = signingContract.toLowerCase();
  let hit = markets.get(key);
  if (!hit) {
    hit = client.readContract({
      address: signingContract,
      abi: signingContractAbi,
      functionName: 'market',
    });
    markets.set(key, hit);
    hit.catch(() => markets.delete(key));
  }
  return hit;
}
