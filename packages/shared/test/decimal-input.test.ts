import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/constants.js';
import { decimalInputText, numberSeparatorsOf, parseDecimalInput } from '../src/decimal/input.js';
import { decimalText, trimDecimal } from '../src/decimal/text.js';

// Seeded: a failure names the case and reruns the same way.
const RUNS = { seed: 1515, numRuns: 300 };

const read = (text: string, locale: string, maxDecimals?: number) =>
  parseDecimalInput(text, locale, maxDecimals === undefined ? {} : { maxDecimals });

/** A decimal of up to 24 integer digits and 18 decimals, as digits and a scale. */
const decimalArb = fc.record({
  digits: fc.bigInt({ min: 0n, max: 10n ** 42n - 1n }),
  scale: fc.integer({ min: 0, max: 18 }),
});

/** digits x 10^-scale written with `separator`, as a person would type it (no grouping). */
function typed(digits: bigint, scale: number, separator: string): string {
  const text = digits.toString().padStart(scale + 1, '0');
  return scale ? `${text.slice(0, -scale)}${separator}${text.slice(-scale)}` : text;
}

describe('parseDecimalInput: what each language reads', () => {
  it('takes the decimal comma in Turkish and refuses it in the other four languages', () => {
    expect(read('1,5', 'tr')).toEqual({ ok: true, value: '1.5' });
    for (const locale of ['en', 'zh-CN', 'zh-TW', 'ja']) {
      expect(read('1,5', locale), locale).toEqual({ ok: false, reason: 'ambiguous' });
      expect(read('1,234', locale), locale).toEqual({ ok: false, reason: 'ambiguous' });
      expect(read('1,234,567', locale), locale).toEqual({ ok: false, reason: 'ambiguous' });
    }
  });

  it('takes "." everywhere, unless it may group thousands (Turkish "1.234")', () => {
    for (const locale of LOCALES)
      expect(read('1.5', locale), locale).toEqual({ ok: true, value: '1.5' });
    expect(read('1.234', 'en')).toEqual({ ok: true, value: '1.234' });
    expect(read('1.234', 'tr')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(read('12.500', 'tr')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(read('1.234.567', 'tr')).toEqual({ ok: false, reason: 'ambiguous' });
    // No grouping reading exists for these.
    expect(read('0.500', 'tr')).toEqual({ ok: true, value: '0.5' });
    expect(read('1.2345', 'tr')).toEqual({ ok: true, value: '1.2345' });
    expect(read('1,234', 'tr')).toEqual({ ok: true, value: '1.234' });
  });

  it('refuses mixed and repeated separators', () => {
    expect(read('1,234.5', 'en')).toEqual({ ok: false, reason: 'mixedSeparators' });
    expect(read('1.234,5', 'tr')).toEqual({ ok: false, reason: 'mixedSeparators' });
    expect(read('1.2.3', 'en')).toEqual({ ok: false, reason: 'manySeparators' });
    expect(read('1,2,3', 'tr')).toEqual({ ok: false, reason: 'manySeparators' });
  });

  it('refuses any other character instead of dropping it', () => {
    for (const text of ['-1', '+1', '1e5', '1 000', '1a', 'abc', '.', ',', '1_000', '١']) {
      expect(read(text, 'en'), text).toEqual({ ok: false, reason: 'notANumber' });
    }
    expect(read('   ', 'tr')).toEqual({ ok: false, reason: 'empty' });
  });

  it('reads full-width digits and separators as their ASCII forms', () => {
    expect(read('１．５', 'ja')).toEqual({ ok: true, value: '1.5' });
    expect(read('１２', 'zh-CN')).toEqual({ ok: true, value: '12' });
    expect(read('１，５', 'zh-TW')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(read('１，５', 'tr')).toEqual({ ok: true, value: '1.5' });
  });

  it('answers the shortest exact text and counts decimals without trailing zeros', () => {
    expect(read(' 007.2500 ', 'en')).toEqual({ ok: true, value: '7.25' });
    expect(read('.5', 'en')).toEqual({ ok: true, value: '0.5' });
    expect(read(',5', 'tr')).toEqual({ ok: true, value: '0.5' });
    expect(read('5.', 'en')).toEqual({ ok: true, value: '5' });
    expect(read('0,000', 'tr')).toEqual({ ok: true, value: '0' });
    expect(read('1.5', 'en', 0)).toEqual({ ok: false, reason: 'tooManyDecimals' });
    expect(read('3.000', 'en', 0)).toEqual({ ok: true, value: '3' });
    expect(read('0.123456789', 'en', 8)).toEqual({ ok: false, reason: 'tooManyDecimals' });
    expect(read('0.123456780', 'en', 8)).toEqual({ ok: true, value: '0.12345678' });
  });

  it('knows the separators of the five languages', () => {
    expect(numberSeparatorsOf('en')).toEqual({ decimal: '.', group: ',' });
    expect(numberSeparatorsOf('tr')).toEqual({ decimal: ',', group: '.' });
    expect(numberSeparatorsOf('not a locale!')).toEqual({ decimal: '.', group: ',' });
  });
});

describe('parseDecimalInput: properties over the five languages', () => {
  const localeArb = fc.constantFrom(...LOCALES);

  it('reads a number typed with the language decimal separator as exactly that number', () => {
    fc.assert(
      fc.property(localeArb, decimalArb, (locale, { digits, scale }) => {
        const { decimal } = numberSeparatorsOf(locale);
        expect(read(typed(digits, scale, decimal), locale)).toEqual({
          ok: true,
          value: decimalText(digits, scale),
        });
      }),
      RUNS,
    );
  });

  it('never reads what Intl writes in that language as another number', () => {
    fc.assert(
      fc.property(localeArb, decimalArb, fc.boolean(), (locale, { digits, scale }, grouping) => {
        const exact = decimalText(digits, scale);
        const shown = new Intl.NumberFormat(locale, {
          maximumFractionDigits: 20,
          useGrouping: grouping,
        }).format(exact as unknown as number);
        const result = read(shown, locale);
        if (result.ok) expect(result.value).toBe(exact);
        // Grouped thousands are refused, never taken as decimals.
        if (grouping && digits >= 1000n * 10n ** BigInt(scale)) expect(result.ok).toBe(false);
      }),
      RUNS,
    );
  });

  it('drops nothing: a number read is the typed text with "." as its only separator', () => {
    const textArb = fc
      .array(fc.constantFrom(...'0123456789.,-+ e１．，'), { minLength: 0, maxLength: 12 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(localeArb, textArb, (locale, text) => {
        const result = read(text, locale);
        if (!result.ok) return;
        const ascii = text.replace(/[１．，]/g, (c) => ({ '１': '1', '．': '.', '，': ',' })[c]!);
        expect(ascii.trim()).toMatch(/^\d*[.,]?\d*$/);
        expect(result.value).toBe(trimDecimal(ascii.trim().replace(',', '.')));
      }),
      RUNS,
    );
  });

  it('reads a language-neutral "." number the same in every language, or refuses it', () => {
    fc.assert(
      fc.property(decimalArb, ({ digits, scale }) => {
        const text = typed(digits, scale, '.');
        for (const locale of LOCALES) {
          const result = read(text, locale);
          if (result.ok) expect(result.value).toBe(decimalText(digits, scale));
          else expect(result.reason).toBe('ambiguous');
        }
      }),
      RUNS,
    );
  });

  it('reads back what decimalInputText writes for a box, in every language', () => {
    fc.assert(
      fc.property(localeArb, decimalArb, (locale, { digits, scale }) => {
        const exact = decimalText(digits, scale);
        expect(read(decimalInputText(exact, locale), locale)).toEqual({ ok: true, value: exact });
      }),
      RUNS,
    );
  });

  it('with grouping, reads back what Intl writes for a whole count, in every language', () => {
    fc.assert(
      fc.property(localeArb, fc.bigInt({ min: 0n, max: 10n ** 15n }), (locale, n) => {
        const shown = new Intl.NumberFormat(locale).format(n);
        expect(read(shown, locale, 0)).toEqual(
          n >= 1000n ? { ok: false, reason: 'ambiguous' } : { ok: true, value: n.toString() },
        );
        expect(parseDecimalInput(shown, locale, { maxDecimals: 0, grouping: true })).toEqual({
          ok: true,
          value: n.toString(),
        });
      }),
      RUNS,
    );
  });
});

describe('parseDecimalInput with grouping (counts shown grouped)', () => {
  const count = (text: string, locale: string) =>
    parseDecimalInput(text, locale, { maxDecimals: 0, grouping: true });

  it('takes well-formed groups only', () => {
    expect(count('1,234', 'en')).toEqual({ ok: true, value: '1234' });
    expect(count('1.234.567', 'tr')).toEqual({ ok: true, value: '1234567' });
    expect(count('1,5', 'en')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(count('12,34', 'ja')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(count('1,', 'en')).toEqual({ ok: false, reason: 'ambiguous' });
    // A decimal is still a decimal, refused in a whole count.
    expect(count('1,5', 'tr')).toEqual({ ok: false, reason: 'tooManyDecimals' });
    expect(count('1.5', 'tr')).toEqual({ ok: false, reason: 'tooManyDecimals' });
    expect(parseDecimalInput('1,234.5', 'en', { grouping: true })).toEqual({
      ok: true,
      value: '1234.5',
    });
    expect(parseDecimalInput('1.234,5', 'tr', { grouping: true })).toEqual({
      ok: true,
      value: '1234.5',
    });
  });
});
