import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber, formatPrice, formatRelativeTime } from '@aiamarket/shared';

/** Number, date and relative-time formatting in the interface language. */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return useMemo(() => {
    const integer = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
    const date = new Intl.DateTimeFormat(lng, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' });
    const compact = (value: number | string | null | undefined) =>
      Math.abs(Number(value ?? 0)) >= 1000
        ? abbreviateNumber(value ?? 0)
        : integer.format(Number(value ?? 0));
    return {
      lng,
      /** 12345 -> "12,345" (or the locale's grouping). */
      integer: (value: number | string) => integer.format(Number(value)),
      /** Counts and volumes: K, M and B from a thousand on, the locale's digits below. */
      compact,
      /** Same as `compact` (item amounts, holders, tokens). */
      count: compact,
      /** Prices: 4 decimals at most. */
      price: (value: number | string) => formatPrice(value),
      date: (value: string | number | Date) => date.format(new Date(value)),
      dateTime: (value: string | number | Date) => dateTime.format(new Date(value)),
      relative: (value: string | number | Date) => formatRelativeTime(value, lng),
    };
  }, [lng]);
}
