import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../src/validation/messages.js';
import { checkPriceRange, isPriceBoundInput } from '../src/validation/price-range.js';

describe('market price filter', () => {
  it('accepts up to 8 decimals and nothing else', () => {
    expect(isPriceBoundInput('')).toBe(true);
    expect(isPriceBoundInput('12.12345678')).toBe(true);
    expect(isPriceBoundInput('12.123456789')).toBe(false);
    expect(isPriceBoundInput('1e5')).toBe(false);
    expect(isPriceBoundInput('-1')).toBe(false);
    expect(isPriceBoundInput('1.2.3')).toBe(false);
  });

  it('applies only when both bounds are set', () => {
    expect(checkPriceRange('1', '')).toEqual({ ok: true, range: null });
    expect(checkPriceRange('', '2')).toEqual({ ok: true, range: null });
    expect(checkPriceRange(' 1 ', '2.5')).toEqual({
      ok: true,
      range: { minPrice: '1', maxPrice: '2.5' },
    });
  });

  it('refuses a minimum above the maximum, compared exactly', () => {
    expect(checkPriceRange('10', '9.99999999')).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.priceRange,
    });
    expect(checkPriceRange('0.00000002', '0.00000001').ok).toBe(false);
    expect(checkPriceRange('2', '10').ok).toBe(true);
    expect(checkPriceRange('007', '7.0').ok).toBe(true);
  });

  it('refuses text that is not a number', () => {
    expect(checkPriceRange('abc', '1')).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.numbersOnly,
    });
    expect(checkPriceRange('.', '1').ok).toBe(false);
  });
});
