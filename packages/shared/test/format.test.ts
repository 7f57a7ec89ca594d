import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  countdownParts,
  formatPrice,
  formatRelativeTime,
  formatTokenAmount,
  formatVolume,
  shortenAddress,
} from '../src/format.js';

describe('formatPrice', () => {
  it('keeps at most 4 decimals, rounding half up', () => {
    expect(formatPrice('1.23456')).toBe('1.2346');
    expect(formatPrice('1.23444')).toBe('1.2344');
    expect(formatPrice(0.00005)).toBe('0.0001');
  });
  it('drops trailing zeros and keeps integers plain', () => {
    expect(formatPrice('2.5000')).toBe('2.5');
    expect(formatPrice(42)).toBe('42');
    expect(formatPrice('0.00004')).toBe('0');
  });
  it('is exact on values beyond double precision', () => {
    expect(formatPrice('123456789012345678.123449')).toBe('123456789012345678.1234');
  });
  it('formats raw token amounts by their decimals', () => {
    expect(formatTokenAmount(1_234_567n, 6)).toBe('1.2346');
    expect(formatTokenAmount(10n ** 18n, 18)).toBe('1');
  });
});

describe('abbreviateNumber', () => {
  it('uses K, M and B', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1K');
    expect(abbreviateNumber(1234)).toBe('1.23K');
    expect(abbreviateNumber(5_600_000)).toBe('5.6M');
    expect(abbreviateNumber('7000000000')).toBe('7B');
    expect(abbreviateNumber(-2500)).toBe('-2.5K');
  });
  it('never rounds up into a bigger figure', () => {
    expect(abbreviateNumber(999_999)).toBe('999.99K');
  });
});

describe('formatVolume', () => {
  it('keeps up to 4 decimals below a thousand, like prices', () => {
    expect(formatVolume('0.35')).toBe('0.35');
    expect(formatVolume(999.6)).toBe('999.6');
    expect(formatVolume('0.123456')).toBe('0.1235');
    expect(formatVolume(0)).toBe('0');
  });
  it('uses K, M and B from a thousand on, including a price that rounds up to it', () => {
    expect(formatVolume('1234567.5')).toBe('1.23M');
    expect(formatVolume(1000)).toBe('1K');
    expect(formatVolume('999.99996')).toBe('1K');
    expect(formatVolume(-2500)).toBe('-2.5K');
  });
});

describe('shortenAddress', () => {
  it('keeps the first 6 and last 4 characters with stars between', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234****5678');
  });
  it('leaves short or empty values alone', () => {
    expect(shortenAddress('0x12')).toBe('0x12');
    expect(shortenAddress(undefined)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('covers seconds to years', () => {
    expect(formatRelativeTime(new Date('2026-01-10T11:59:30Z'), 'en', now)).toBe('30 seconds ago');
    expect(formatRelativeTime(new Date('2026-01-10T11:55:00Z'), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date('2026-01-10T09:00:00Z'), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date('2026-01-08T12:00:00Z'), 'en', now)).toBe('2 days ago');
    expect(formatRelativeTime(new Date('2025-10-10T12:00:00Z'), 'en', now)).toBe('3 months ago');
    expect(formatRelativeTime(new Date('2023-01-01T12:00:00Z'), 'en', now)).toBe('3 years ago');
  });
  it('speaks the requested locale', () => {
    expect(formatRelativeTime(new Date('2026-01-10T11:55:00Z'), 'ja', now)).toBe('5 分前');
  });
});

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes, seconds', () => {
    const now = 0;
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toEqual([2, 3, 4, 5]);
  });
  it('stops at zero', () => {
    expect(countdownParts(1000, 5000)).toEqual([0, 0, 0, 0]);
  });
});

describe('exact decimal formatting (no floating point)', () => {
  it('reads exponent notation and numbers below 1e-6', () => {
    expect(formatPrice(1e-7)).toBe('0');
    expect(formatPrice('1.5e3')).toBe('1500');
    expect(formatPrice(0.00015)).toBe('0.0002');
    expect(abbreviateNumber(1e21)).toBe('1000000000000B');
  });
  it('rounds ties away from zero and keeps the sign', () => {
    expect(formatPrice('-1.00005')).toBe('-1.0001');
    expect(formatPrice('-0.00001')).toBe('0');
    expect(abbreviateNumber('-1239')).toBe('-1.23K');
  });
  it('answers 0 for text that is not a number', () => {
    expect(formatPrice('abc')).toBe('0');
    expect(formatPrice(Number.NaN)).toBe('0');
    expect(abbreviateNumber('')).toBe('0');
  });
  it('abbreviates exact strings beyond double precision', () => {
    expect(abbreviateNumber('123456789012345678901')).toBe('123456789012.34B');
    expect(abbreviateNumber('999.999')).toBe('999.99');
  });
});
