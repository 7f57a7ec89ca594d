import { NATIVE_COIN, NATIVE_COIN_ADDRESS } from '../constants.js';
import { decimalText } from '../decimal/text.js';

// Amounts in different payment coins are only added or compared after conversion into one
// reference unit, at a rate the operator sets per coin, so that a sum never mixes coins. The conversion is exact: a
// decimal text times a decimal text, in bigint, rounded down to the reference unit's decimals.

/** The unit volumes, floors, sorts and price filters are expressed in. */
export interface ReferenceUnit {
  /** Lowercase coin address (the zero address for AIA). */
  currency: string;
  symbol: string;
  decimals: number;
}

/** AIA is the reference unit: its own rate is 1. */
export const REFERENCE_UNIT: ReferenceUnit = {
  currency: NATIVE_COIN_ADDRESS,
  symbol: NATIVE_COIN.symbol,
  decimals: NATIVE_COIN.decimals,
};

/** A payment coin and its rate in force. */
export interface CoinRate {
  /** Lowercase address, the zero address for AIA. */
  currency: string;
  symbol: string;
  decimals: number;
  /** Reference units per 1 whole coin, decimal text ("0.5"). */
  rate: string;
}

/** One coin's part of a reference-unit aggregate (a volume, a floor). */
export interface CoinPart {
  /** Lowercase address, the zero address for AIA. */
  currency: string;
  symbol: string;
  /** In whole coins, decimal text. */
  amount: string;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Decimal text as digits and a scale (10^-scale), or null when it is not plain decimal text. */
function parse(text: string): { digits: bigint; scale: number } | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  return { digits: BigInt(m[1]! + fraction), scale: fraction.length };
}

/**
 * A coin amount (decimal text in whole coins) times a rate (reference units per coin), in the
 * reference unit: exact, rounded down to the reference unit's 18 decimals, without trailing
 * zeros. Throws on text that is not a non-negative plain decimal.
 */
export function toReference(amount: string, rate: string): string {
  const a = parse(amount);
  const r = parse(rate);
  if (!a || !r) throw new RangeError(`not a decimal amount and rate: ${amount}, ${rate}`);
  const scale = a.scale + r.scale;
  const keep = REFERENCE_UNIT.decimals;
  const product = a.digits * r.digits;
  return scale <= keep
    ? decimalText(product, scale)
    : decimalText(product / 10n ** BigInt(scale - keep), keep);
}

/** Sum of decimal texts, exact, without trailing zeros. */
export function addDecimals(values: readonly string[]): string {
  let digits = 0n;
  let scale = 0;
  for (const v of values) {
    const d = parse(v);
    if (!d) throw new RangeError(`not a decimal: ${v}`);
    if (d.scale > scale) {
      digits *= 10n ** BigInt(d.scale - scale);
      scale = d.scale;
    }
    digits += d.digits * 10n ** BigInt(scale - d.scale);
  }
  return decimalText(digits, scale);
}
