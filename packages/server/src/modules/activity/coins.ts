import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem';
import {
  ApiError,
  DEFAULT_TOKEN_DECIMALS,
  ERRORS,
  NATIVE_COIN,
  NATIVE_COIN_ADDRESS,
  shortenAddress,
} from '@aiamarket/shared';
import { isChainUnreachable } from '../../chain/errors.js';

export interface CoinInfo {
  symbol: string;
  decimals: number;
}

/**
 * Symbol and decimals of payment coins (the zero address is AIA), read once per coin from the
 * chain and kept: they never change. A coin that does not answer decimals() gets the default
 * token decimals; an unreachable node is a 503 (amounts are never guessed from it).
 */
export class CoinReader {
  private readonly known = new Map<string, Promise<CoinInfo>>();

  constructor(private readonly chain: PublicClient) {}

  info(coin: string): Promise<CoinInfo> {
    const key = coin.toLowerCase();
    if (key === NATIVE_COIN_ADDRESS) {
      return Promise.resolve({ symbol: NATIVE_COIN.symbol, decimals: NATIVE_COIN.decimals });
    }
    let hit = this.known.get(key);
    if (!hit) {
      hit = this.read(key as Address);
      this.known.set(key, hit);
      hit.catch(() => this.known.delete(key));
    }
    return hit;
  }

  /** The coins of a page at once. */
  async many(coins: Iterable<string>): Promise<Map<string, CoinInfo>> {
    const unique = [...new Set([...coins].map((c) => c.toLowerCase()))];
    const infos = await Promise.all(unique.map((c) => this.info(c)));
    return new Map(unique.map((c, i) => [c, infos[i]!]));
  }

  private async read(address: Address): Promise<CoinInfo> {
    const call = <T>(fn: () => Promise<T>, fallback: T) =>
      fn().catch((err: unknown) => {
        if (isChainUnreachable(err)) throw new ApiError(ERRORS.chainUnavailable);
        return fallback;
      });
    const [decimals, symbol] = await Promise.all([
      call(
        () => this.chain.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        DEFAULT_TOKEN_DECIMALS,
      ),
      call(
        () => this.chain.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
        shortenAddress(address),
      ),
    ]);
    return { symbol, decimals };
  }
}

/** A raw amount (numeric text of base units) in coin units, exactly ("1500000", 6 -> "1.5"). */
export function toCoinUnits(raw: string, decimals: number): string {
  return formatUnits(BigInt(raw), decimals);
}
