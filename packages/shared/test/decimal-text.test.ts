import { describe, expect, it } from 'vitest';
import { compareDecimals, decimalText, trimDecimal, unitsText } from '../src/decimal/text.js';

describe('decimal text, written once', () => {
  it('writes digits and a scale without trailing zeros', () => {
    expect(decimalText(150n, 2)).toBe('1.5');
    expect(decimalText(5n, 3)).toBe('0.005');
    expect(decimalText(0n, 7)).toBe('0');
    expect(decimalText(-2500n, 3)).toBe('-2.5');
    expect(decimalText(12n, -2)).toBe('1200');
  });

  it('trims plain decimal text and refuses anything else', () => {
    expect(trimDecimal('1.500000000000000000')).toBe('1.5');
    expect(trimDecimal('2.000')).toBe('2');
    expect(trimDecimal('007')).toBe('7');
    expect(trimDecimal('-0.0')).toBe('0');
    expect(trimDecimal('.5')).toBe('0.5');
    expect(trimDecimal('')).toBe('0');
    expect(() => trimDecimal('1,5')).toThrow(RangeError);
    expect(() => trimDecimal('1e5')).toThrow(RangeError);
  });

  it('writes raw on-chain units in whole coins', () => {
    expect(unitsText(1_500_000n, 6)).toBe('1.5');
    expect(unitsText('1000000000000000000', 18)).toBe('1');
    expect(unitsText('-25', 1)).toBe('-2.5');
  });

  it('compares exactly', () => {
    expect(compareDecimals('10', '9.99999999')).toBe(1);
    expect(compareDecimals('007', '7.0')).toBe(0);
    expect(compareDecimals('0.00000001', '0.00000002')).toBe(-1);
  });
});
