import { describe, expect, it } from 'vitest';
import { coinRateSchema } from '../src/money/rate-schema.js';
import { addDecimals, toReference } from '../src/money/reference.js';

describe('toReference', () => {
  it('multiplies exactly, beyond double precision', () => {
    expect(toReference('129.76', '0.5')).toBe('64.88');
    expect(toReference('8.23', '2')).toBe('16.46');
    expect(toReference('123456789012345678.123456', '1')).toBe('123456789012345678.123456');
    expect(toReference('0.1', '3')).toBe('0.3');
  });
  it('rounds down to 18 decimals and drops trailing zeros', () => {
    expect(toReference('0.000000000000000001', '0.5')).toBe('0');
    expect(toReference('0.000000000000000003', '0.5')).toBe('0.000000000000000001');
    expect(toReference('1.999999999999999999', '0.999999999999999999')).toBe(
      '1.999999999999999997',
    );
    expect(toReference('2.50', '1.000')).toBe('2.5');
    expect(toReference('0', '7')).toBe('0');
  });
  it('refuses text that is not a plain non-negative decimal', () => {
    expect(() => toReference('1e3', '1')).toThrow(RangeError);
    expect(() => toReference('-1', '1')).toThrow(RangeError);
    expect(() => toReference('1', '')).toThrow(RangeError);
  });
});

describe('addDecimals', () => {
  it('adds exactly across scales', () => {
    expect(addDecimals(['24.512', '64.88'])).toBe('89.392');
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(addDecimals([])).toBe('0');
  });
});

describe('coinRateSchema', () => {
  it('takes a positive decimal with at most 18 decimals', () => {
    expect(coinRateSchema.safeParse('0.25').success).toBe(true);
    expect(coinRateSchema.safeParse('3').success).toBe(true);
    expect(coinRateSchema.safeParse('0').success).toBe(false);
    expect(coinRateSchema.safeParse('-1').success).toBe(false);
    expect(coinRateSchema.safeParse('1.0000000000000000001').success).toBe(false);
    expect(coinRateSchema.safeParse('abc').success).toBe(false);
  });
});
