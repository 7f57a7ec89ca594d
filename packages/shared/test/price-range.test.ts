import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../src/validation/messages.js';
import { checkPriceRange } from '../src/validation/price-range.js';

describe('market price filter', () => {
  it('accepts up to 8 decimals and nothing else', () => {
    expect(checkPriceRange('12.12345678', '13').ok).toBe(true);
    expect(checkPriceRange('12.123456789', '13')).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.filterDecimals,
    });
    for (const bad of ['1e5', '-1']) {
      expect(checkPriceRange(bad, '2'), bad).toEqual({
        ok: false,
        message: VALIDATION_MESSAGES.numbersOnly,
      });
    }
    expect(checkPriceRange('1.2.3', '5').ok).toBe(false);
  });

  it('reads each bound in the language', () => {
    expect(checkPriceRange('1,5', '2,25', 'tr')).toEqual({
      ok: true,
      range: { minPrice: '1.5', maxPrice: '2.25' },
    });
    expect(checkPriceRange('1,5', '20', 'en')).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.decimalAmbiguous,
    });
    expect(checkPriceRange('1', '1.000', 'tr')).toEqual({
      ok: false,
      message: VALIDATION_MESSAGES.decimalAmbiguous,
    });
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
