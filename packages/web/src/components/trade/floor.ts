import { compareDecimals, toReference, type CoinRate } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

// The fat-finger guard of listing, price change and bulk listing (issues 15, 18): before signing, a price under
// half or above ten times the collection floor is pointed out, as the large marketplaces do.
// Floor and price are compared in the reference unit, the price converted at the coin's rate.

const DECIMAL = /^\d+(\.\d+)?$/;

export type FloorWarning = { kind: 'belowHalf' | 'aboveTenTimes'; floor: string } | null;

/**
 * The warning for `price` (plain decimal text, in whole coins) against `floor` (the
 * collection's lowest price in the reference unit), with `rate` the reference units per coin.
 * No floor, no rate or a floor of 0: no warning.
 */
export function floorWarning(
  price: string,
  rate: string | null,
  floor: string | null,
): FloorWarning {
  if (!rate || !floor || !DECIMAL.test(floor)) return null;
  try {
    if (compareDecimals(floor, '0') <= 0) return null;
    const reference = toReference(price, rate);
    // Exact: x2 and x10 of texts with at most 18 decimals lose nothing.
    if (compareDecimals(toReference(reference, '2'), floor) < 0)
      return { kind: 'belowHalf', floor };
    if (compareDecimals(reference, toReference(floor, '10')) > 0) {
      return { kind: 'aboveTenTimes', floor };
    }
    return null;
  } catch {
    // A floor or rate that is not decimal text is no floor.
    return null;
  }
}

/** GET /v1/api/config/chain `rates`: each payment coin's rate in the reference unit. */
export async function fetchCoinRates(signal?: AbortSignal): Promise<CoinRate[]> {
  const chain = await apiRequest<{ rates?: CoinRate[] }>('/config/chain', { signal });
  return chain.rates ?? [];
}
