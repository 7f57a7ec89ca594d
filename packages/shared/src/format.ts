import { formatUnits } from 'viem';
import { PRICE } from './constants.js';
import { decimalText } from './decimal/text.js';

// Display formatting works on exact decimals held as a BigInt and a scale, so that it needs no
// decimal library: every page shows prices, and the first page load must stay small.

type Numeric = string | number;

/** An exact decimal: the value is (negative ? -1 : 1) * digits / 10^scale. */
interface ExactDecimal {
  negative: boolean;
  digits: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function parseDecimal(value: Numeric): ExactDecimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const m = DECIMAL_TEXT.exec(String(value).trim());
  if (!m || (!m[2] && !m[3])) return null;
  const fraction = m[3] ?? '';
  let digits = (m[2] ?? '') + fraction;
  let scale = fraction.length - Number(m[4] ?? 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return { negative: m[1] === '-', digits: BigInt(digits || '0'), scale };
}

/** Keeps `places` decimals: half up (ties away from zero) or down (toward zero). */
function roundDecimal(d: ExactDecimal, places: number, mode: 'halfUp' | 'down'): ExactDecimal {
  if (d.scale <= places) return d;
  const divisor = 10n ** BigInt(d.scale - places);
  let digits = d.digits / divisor;
  if (mode === 'halfUp' && (d.digits % divisor) * 2n >= divisor) digits += 1n;
  return { negative: d.negative, digits, scale: places };
}

/** Plain notation without trailing zeros: 2.5000 -> "2.5", 0 -> "0". */
function plainDecimal(d: ExactDecimal): string {
  return decimalText(d.negative ? -d.digits : d.digits, d.scale);
}

/** Prices show at most 4 decimals (rounded half up), without trailing zeros. */
export function formatPrice(value: Numeric, decimals: number = PRICE.displayDecimals): string {
  const d = parseDecimal(value);
  return d ? plainDecimal(roundDecimal(d, decimals, 'halfUp')) : '0';
}

/** A raw on-chain amount (smallest units) shown as a price with 4 decimals at most. */
export function formatTokenAmount(raw: bigint, tokenDecimals: number): string {
  return formatPrice(formatUnits(raw, tokenDecimals));
}

const SUFFIXES = [
  { zeros: 9, suffix: 'B' },
  { zeros: 6, suffix: 'M' },
  { zeros: 3, suffix: 'K' },
] as const;

/** 1234 -> 1.23K, 5_600_000 -> 5.6M, 7e9 -> 7B; below 1000 the number itself (2 decimals max). */
export function abbreviateNumber(value: Numeric, fractionDigits = 2): string {
  const d = parseDecimal(value);
  if (!d) return '0';
  for (const { zeros, suffix } of SUFFIXES) {
    if (d.digits >= 10n ** BigInt(d.scale + zeros)) {
      const scaled = { ...d, scale: d.scale + zeros };
      return plainDecimal(roundDecimal(scaled, fractionDigits, 'down')) + suffix;
    }
  }
  return plainDecimal(roundDecimal(d, fractionDigits, 'down'));
}

/**
 * Volumes and price figures in short form: K, M and B from a thousand on (abbreviateNumber),
 * below that the price itself with at most 4 decimals (formatPrice): 0.35 -> "0.35", 999.6 ->
 * "999.6", 1234567.5 -> "1.23M", and 999.99996 (a price of "1000") -> "1K".
 */
export function formatVolume(value: Numeric): string {
  const price = formatPrice(value);
  return Math.abs(Number(price)) >= 1000 ? abbreviateNumber(price) : price;
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
