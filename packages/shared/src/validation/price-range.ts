import { DEFAULT_LOCALE, PRICE } from '../constants.js';
import { parseDecimalInput } from '../decimal/input.js';
import { compareDecimals } from '../decimal/text.js';
import { decimalRefusalMessage, VALIDATION_MESSAGES as M } from './messages.js';

type Message = (typeof M)[keyof typeof M];

export type PriceRangeCheck =
  | { ok: true; range: { minPrice: string; maxPrice: string } | null }
  | { ok: false; message: Message };

/** One bound as typed in `locale`: '' (not set), its exact value, or why it is refused. */
function readBound(
  typed: string,
  locale: string,
): { ok: true; value: string } | { ok: false; message: Message } {
  if (!typed.trim()) return { ok: true, value: '' };
  const parsed = parseDecimalInput(typed, locale, { maxDecimals: PRICE.filterMaxDecimals });
  if (parsed.ok) return parsed;
  const message =
    parsed.reason === 'tooManyDecimals' ? M.filterDecimals : decimalRefusalMessage(parsed.reason);
  return { ok: false, message: message ?? M.numbersOnly };
}

/**
 * The market price filter (spec section 5), each bound typed in `locale` ("1,5" in Turkish): it
 * applies only when both bounds are set, each a number with up to 8 decimals, and the minimum
 * must not exceed the maximum. One bound alone is no filter (range null), not an error. The
 * range answered holds the exact values as plain text ("1.5").
 */
export function checkPriceRange(
  min: string,
  max: string,
  locale: string = DEFAULT_LOCALE,
): PriceRangeCheck {
  const lo = readBound(min, locale);
  if (!lo.ok) return lo;
  const hi = readBound(max, locale);
  if (!hi.ok) return hi;
  if (!lo.value || !hi.value) return { ok: true, range: null };
  if (compareDecimals(lo.value, hi.value) > 0) return { ok: false, message: M.priceRange };
  return { ok: true, range: { minPrice: lo.value, maxPrice: hi.value } };
}
