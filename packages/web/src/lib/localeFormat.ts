import { useTranslation } from 'react-i18next';
import { abbreviateNumber, formatPrice, formatRelativeTime, formatVolume } from '@aiamarket/shared';

/**
 * An exact decimal string ("1234.5679") with the locale's separators ("1.234,5679" in tr),
 * keeping every digit: Intl formats decimal strings without going through a float.
 */
export function localizeDecimal(lng: string, decimal: string): string {
  const decimals = decimal.split('.')[1]?.length ?? 0;
  const key = `${lng} ${decimals}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lng, { maximumFractionDigits: decimals });
    decimalFormats.set(key, format);
  }
  return format.format(decimal as unknown as number);
}

// Creating an Intl formatter costs far more than using one, and a grid renders hundreds of
// figures: formatters are made once per language (and number of decimals) and shared.
const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * "1.23K" -> "1,23K" in locales with a decimal comma (the K/M/B suffix stays); a plain decimal
 * ("0.35") gets the locale's separators.
 */
function localizeAbbreviation(lng: string, abbreviated: string): string {
  const match = /^(-?\d+(?:\.\d+)?)([KMB])?$/.exec(abbreviated);
  return match ? localizeDecimal(lng, match[1]!) + (match[2] ?? '') : abbreviated;
}

/** Number, date and relative-time formatting in the interface language. */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  return localeFormatOf(i18n.language);
}

const localeFormats = new Map<string, ReturnType<typeof makeLocaleFormat>>();

function localeFormatOf(lng: string) {
  let format = localeFormats.get(lng);
  if (!format) {
    format = makeLocaleFormat(lng);
    localeFormats.set(lng, format);
  }
  return format;
}

function makeLocaleFormat(lng: string) {
  const integer = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(lng, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' });
  const compact = (value: number | string | null | undefined) =>
    Math.abs(Number(value ?? 0)) >= 1000
      ? localizeAbbreviation(lng, abbreviateNumber(value ?? 0))
      : integer.format(Number(value ?? 0));
  const percent = new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(lng, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return {
    lng,
    /** 12345 -> "12,345" (or the locale's grouping). */
    integer: (value: number | string) => integer.format(Number(value)),
    /** Counts: K, M and B from a thousand on, whole numbers below. */
    compact,
    /** Same as `compact` (item amounts, holders, tokens). */
    count: compact,
    /** Volumes and price figures: K, M and B from a thousand on, up to 4 decimals below. */
    volume: (value: number | string | null | undefined) =>
      localizeAbbreviation(lng, formatVolume(value ?? 0)),
    /** Prices: 4 decimals at most. */
    price: (value: number | string) => localizeDecimal(lng, formatPrice(value)),
    /** 2.5 -> "2.5%". */
    percent: (value: number) => percent.format(value / 100),
    /** A change in percent with its sign: 12.5 -> "+12.5%". */
    change: (value: number) => signed.format(value / 100),
    date: (value: string | number | Date) => date.format(new Date(value)),
    dateTime: (value: string | number | Date) => dateTime.format(new Date(value)),
    relative: (value: string | number | Date) => formatRelativeTime(value, lng),
  };
}
