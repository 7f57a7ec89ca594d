import { PRICE } from '../constants.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

/** A price bound being typed: digits with at most one dot and PRICE.filterMaxDecimals decimals. */
const PRICE_BOUND = new RegExp(`^\\d*(\\.\\d{0,${PRICE.filterMaxDecimals}})?$`);

/** True when `value` may stand in a price filter box (an empty box too). */
export function isPriceBoundInput(value: string): boolean {
  return PRICE_BOUND.test(value);
}

export type PriceRangeCheck =
  | { ok: true; range: { minPrice: string; maxPrice: string } | null }
  | { ok: false; message: (typeof M)['priceRange'] | (typeof M)['numbersOnly'] };

/**
 * The market price filter (spec section 5): it applies only when both bounds are set, each a
 * number with up to 8 decimals, and the minimum must not exceed the maximum. One bound alone is
 * no filter (range null), not an error.
 */
export function checkPriceRange(min: string, max: string): PriceRangeCheck {
  const lo = min.trim();
  const hi = max.trim();
  if (!isPriceBoundInput(lo) || !isPriceBoundInput(hi) || lo === '.' || hi === '.') {
    return { ok: false, message: M.numbersOnly };
  }
  if (!lo || !hi) return { ok: true, range: null };
  if (compareDecimals(lo, hi) > 0) return { ok: false, message: M.priceRange };
  return { ok: true, range: { minPrice: lo, maxPrice: hi } };
}

/** Compares two non-negative decimal strings exactly (no floating point). */
function compareDecimals(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const intA = ai.replace(/^0+/, '');
  const intB = bi.replace(/^0+/, '');
  if (intA.length !== intB.length) return intA.length < intB.length ? -1 : 1;
  if (intA !== intB) return intA < intB ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
