import Decimal from 'decimal.js';
import { formatUnits } from 'viem';
import { PRICE } from './constants.js';

type Numeric = string | number | Decimal;

/** Prices show at most 4 decimals (rounded half up), without trailing zeros. */
export function formatPrice(value: Numeric, decimals: number = PRICE.displayDecimals): string {
  const d = new Decimal(value);
  if (!d.isFinite()) return '0';
  const fixed = d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  return fixed.isZero() ? '0' : fixed.toFixed();
}

/** A raw on-chain amount (smallest units) shown as a price with 4 decimals at most. */
export function formatTokenAmount(raw: bigint, tokenDecimals: number): string {
  return formatPrice(formatUnits(raw, tokenDecimals));
}

// Plain numbers (not Decimals) so that importing this module has no side effect: a chunk that
// only needs shortenAddress must not pull in decimal.js.
const SUFFIXES = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/** 1234 -> 1.23K, 5_600_000 -> 5.6M, 7e9 -> 7B; below 1000 the number itself (2 decimals max). */
export function abbreviateNumber(value: Numeric, fractionDigits = 2): string {
  const d = new Decimal(value);
  if (!d.isFinite()) return '0';
  const abs = d.abs();
  for (const { value: unit, suffix } of SUFFIXES) {
    if (abs.gte(unit)) {
      return d.div(unit).toDecimalPlaces(fractionDigits, Decimal.ROUND_DOWN).toFixed() + suffix;
    }
  }
  return d.toDecimalPlaces(fractionDigits, Decimal.ROUND_DOWN).toFixed();
}

/** 0x1234567890abcdef... -> 0x1234****cdef (first 6, stars, last 4). */
export function shortenAddress(address: string | null | undefined): string {
  if (!address) return '';
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}****${address.slice(-4)}`;
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 minutes ago", "in 2 days", ... in the given locale, from seconds up to years. */
export function formatRelativeTime(
  date: Date | number | string,
  locale = 'en',
  now: Date | number = Date.now(),
): string {
  const then = new Date(date).getTime();
  const diffSeconds = Math.round((then - new Date(now).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(diffSeconds);
  for (const [unit, seconds] of UNITS) {
    if (abs >= seconds || unit === 'second') {
      return rtf.format(Math.trunc(diffSeconds / seconds), unit);
    }
  }
  return rtf.format(0, 'second');
}

/** Days, hours, minutes, seconds left until `target` (never negative): the countdown array. */
export function countdownParts(target: Date | number, now: Date | number = Date.now()) {
  let s = Math.max(0, Math.floor((new Date(target).getTime() - new Date(now).getTime()) / 1000));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  return [days, hours, minutes, s - minutes * 60] as const;
}
