import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem';
import { NATIVE_COIN, NATIVE_COIN_ADDRESS } from '@aiamarket/shared';

export interface CoinInfo {
  symbol: string;
  decimals: number;
}

/**
 * Symbol and decimals of the coins prices are quoted in: native AIA for the zero address, an
 * ERC-20's symbol() and decimals() otherwise, read once per coin in one deployless multicall and
 * kept (they never change). A failed read is not kept, so the next call tries again.
 */
export class CoinCatalog {
  private readonly known = new Map<string, Promise<CoinInfo>>();

  constructor(private readonly client: PublicClient) {}

  coin(address: string): Promise<CoinInfo> {
    const key = address.toLowerCase();
    if (key === NATIVE_COIN_ADDRESS) {
      return Promise.resolve({ symbol: NATIVE_COIN.symbol, decimals: NATIVE_COIN.decimals });
    }
    let hit = this.known.get(key);
    if (!hit) {
      hit = this.client
        .multicall({
          contracts: [
            { address: key as Address, abi: erc20Abi, functionName: 'symbol' },
            { address: key as Address, abi: erc20Abi, functionName: 'decimals' },
          ],
          allowFailure: false,
          deployless: true,
        })
        .then(([symbol, decimals]) => ({ symbol, decimals: Number(decimals) }));
      this.known.set(key, hit);
      hit.catch(() => this.known.delete(key));
    }
    return hit;
  }
}

/** Symbol and decimals of the coins of a page, keyed lowercased (an unreachable node throws). */
export async function coinsOf(
  catalog: CoinCatalog,
  coins: Iterable<string>,
): Promise<Map<string, CoinInfo>> {
  const unique = [...new Set([...coins].map((c) => c.toLowerCase()))];
  const infos = await Promise.all(unique.map((c) => catalog.coin(c)));
  return new Map(unique.map((c, i) => [c, infos[i]!]));
}

/** A raw amount (numeric text of base units) in coin units, exactly ("1500000", 6 -> "1.5"). */
export function toCoinUnits(raw: string, decimals: number): string {
  return formatUnits(BigInt(raw), decimals);
}
