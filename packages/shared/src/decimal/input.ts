import { decimalText } from './text.js';

// What a person types in a number box, read in their language: "1,5" in Turkish is
// one and a half, "1,5" in English is refused (its comma groups thousands), and nothing typed is
// ever dropped to make a number fit. Pure: the language is an argument.

/** Why typed text is not taken as a number; stable names the forms translate. */
export type DecimalInputRefusal =
  /** Nothing but spaces. */
  | 'empty'
  /** A character that is neither a digit nor a separator: a letter, a sign, an inner space. */
  | 'notANumber'
  /** A separator that may group thousands here: "1,5" or "1,234" in English, "1.234" in Turkish. */
  | 'ambiguous'
  /** Both "." and ",": "1,234.5". */
  | 'mixedSeparators'
  /** Two decimal separators: "1,2,3" in Turkish. */
  | 'manySeparators'
  /** More decimals (after dropping trailing zeros) than the field takes. */
  | 'tooManyDecimals';

export type DecimalInput =
  | {
      ok: true;
      /** The exact value, shortest plain text with a "." ("1.5", "0.05", "15"). */ value: string;
    }
  | { ok: false; reason: DecimalInputRefusal };

export interface DecimalInputOptions {
  /** Most decimals taken; 0 for whole numbers. No limit when left out. */
  maxDecimals?: number;
  /**
   * Takes the language's thousands grouping when every group has three digits ("1,234" in
   * English, "1.234" in Turkish), for boxes that show their number grouped (the launchpad
   * steppers). Anything else stays refused as ambiguous.
   */
  grouping?: boolean;
}

/** The decimal and grouping separators of a language ("en": "." and ","; "tr": "," and "."). */
export function numberSeparatorsOf(locale: string): { decimal: string; group: string } {
  let found = separators.get(locale);
  if (!found) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(11111.5);
    } catch {
      parts = new Intl.NumberFormat('en').formatToParts(11111.5);
    }
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separators.set(locale, found);
  }
  return found;
}

const separators = new Map<string, { decimal: string; group: string }>();

/**
 * Full-width digits and separators (what a Chinese or Japanese keyboard may type) as their
 * ASCII forms: they are the same characters, so nothing is dropped.
 */
function asciiDigits(text: string): string {
  return text.replace(/[\uFF10-\uFF19\uFF0C\uFF0E]/g, (c) =>
    String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
}

const DIGITS_AND_SEPARATORS = /^[\d.,]+$/;

/** "1,234,567.5" (English) -> "1234567.5" when the groups are well formed; else unchanged. */
function withoutGrouping(typed: string, locale: string): string {
  const { decimal, group } = numberSeparatorsOf(locale);
  if (!typed.includes(group)) return typed;
  const at = typed.indexOf(decimal);
  const whole = at < 0 ? typed : typed.slice(0, at);
  const rest = at < 0 ? '' : typed.slice(at);
  if (rest.includes(group) || !wellGrouped(whole, group)) return typed;
  return whole.split(group).join('') + rest;
}

function wellGrouped(whole: string, group: string): boolean {
  const groups = whole.split(group);
  return (
    groups.length > 1 &&
    /^\d{1,3}$/.test(groups[0]!) &&
    groups.slice(1).every((g) => /^\d{3}$/.test(g))
  );
}

/**
 * Typed text as an exact decimal, read in `locale`: its decimal separator and "." are taken as
 * the decimal point; a separator that may group thousands there is refused as ambiguous, and so
 * are mixed or repeated separators. Spaces around the number are ignored; anything else that is
 * not a digit refuses the whole text.
 */
export function parseDecimalInput(
  text: string,
  locale: string,
  options: DecimalInputOptions = {},
): DecimalInput {
  let typed = asciiDigits(text).trim();
  if (!typed) return { ok: false, reason: 'empty' };
  if (options.grouping) typed = withoutGrouping(typed, locale);
  if (!DIGITS_AND_SEPARATORS.test(typed) || !/\d/.test(typed)) {
    return { ok: false, reason: 'notANumber' };
  }
  const dots = typed.split('.').length - 1;
  const commas = typed.split(',').length - 1;
  if (dots && commas) return { ok: false, reason: 'mixedSeparators' };

  let whole = typed;
  let fraction = '';
  if (dots || commas) {
    const { decimal, group } = numberSeparatorsOf(locale);
    const separator = dots ? '.' : ',';
    if (separator !== '.' && separator !== decimal) return { ok: false, reason: 'ambiguous' };
    if (dots + commas > 1) {
      return { ok: false, reason: separator === group ? 'ambiguous' : 'manySeparators' };
    }
    [whole = '', fraction = ''] = typed.split(separator);
    // "1.234" where "." groups thousands reads as 1234 to its speakers: neither is assumed.
    if (separator === group && fraction.length === 3 && /[1-9]/.test(whole)) {
      return { ok: false, reason: 'ambiguous' };
    }
  }
  const significant = fraction.replace(/0+$/, '');
  if (options.maxDecimals !== undefined && significant.length > options.maxDecimals) {
    return { ok: false, reason: 'tooManyDecimals' };
  }
  return {
    ok: true,
    value: decimalText(BigInt(`${whole}${significant}` || '0'), significant.length),
  };
}

/**
 * Exact decimal text ("1234.5") as a person of `locale` would type it back ("1234,5" in
 * Turkish): no grouping, so that parseDecimalInput reads it as the same number.
 */
export function decimalInputText(value: string, locale: string): string {
  return value.replace('.', numberSeparatorsOf(locale).decimal);
}
