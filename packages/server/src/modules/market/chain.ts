import type { Address, PublicClient } from 'viem';
import { marketplaceAbi } from '@aiamarket/shared/abis';

/** The price a market item has on chain now (the marketplace's getMarketItem). */
export async function chainOrderPrice(
  client: PublicClient,
  marketAddr: string,
  orderId: string,
): Promise<bigint> {
  const item = await client.readContract({
    address: marketAddr as Address,
    abi: marketplaceAbi,
    functionName: 'getMarketItem',
    args: [BigInt(orderId)],
  });
  return item.price;
}

/**
 * Waits until the chain shows `expected` as the item's price: the client calls changePrice once
 * its modifyPrice is mined, but the node this server reads may be a block behind.
 */
export async function waitForChainPrice(
  client: PublicClient,
  marketAddr: string,
  orderId: string,
  expected: bigint,
  opts = { attempts: 8, delayMs: 250 },
): Promise<boolean> {
  for (let i = 0; i < opts.attempts; i++) {
    if ((await chainOrderPrice(client, marketAddr, orderId)) === expected) return true;
    if (i < opts.attempts - 1) await new Promise((r) => setTimeout(r, opts.delayMs));
  }
  return false;
}
