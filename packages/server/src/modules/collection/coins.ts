import { formatUnits } from 'viem';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { CoinCatalog, CoinInfo } from '../../chain/coins.js';
import { isChainUnreachable } from '../../chain/errors.js';

/** Symbol and decimals of the coins of a page; an unreachable node is a 503. */
export async function coinsOf(
  catalog: CoinCatalog,
  coins: Iterable<string>,
): Promise<Map<string, CoinInfo>> {
  const unique = [...new Set([...coins].map((c) => c.toLowerCase()))];
  try {
    const infos = await Promise.all(unique.map((c) => catalog.coin(c)));
    return new Map(unique.map((c, i) => [c, infos[i]!]));
  } catch (err) {
    if (isChainUnreachable(err)) throw new ApiError(ERRORS.chainUnavailable);
    throw err;
  }
}

/** A raw amount (numeric text of base units) in coin units, exactly ("1500000", 6 -> "1.5"). */
export function toCoinUnits(raw: string, decimals: number): string {
  return formatUnits(BigInt(raw), decimals);
}
