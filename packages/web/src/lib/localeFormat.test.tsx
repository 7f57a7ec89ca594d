import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@aiamarket/shared';
import { setLanguage } from '../i18n';
import { useLocaleFormat } from './localeFormat';

// Figures formatted in each interface language (Node's ICU data gives these).
const EXPECTED: Record<
  Locale,
  { price: string; compact: string; integer: string; change: string }
> = {
  en: { price: '1,234.5679', compact: '1.23M', integer: '12,345', change: '+12.5%' },
  'zh-CN': { price: '1,234.5679', compact: '1.23M', integer: '12,345', change: '+12.5%' },
  'zh-TW': { price: '1,234.5679', compact: '1.23M', integer: '12,345', change: '+12.5%' },
  ja: { price: '1,234.5679', compact: '1.23M', integer: '12,345', change: '+12.5%' },
  tr: { price: '1.234,5679', compact: '1,23M', integer: '12.345', change: '+%12,5' },
};

describe('locale formatters', () => {
  it.each(LOCALES)('%s: prices to 4 decimals, K/M/B, counts, changes, dates', async (lng) => {
    await setLanguage(lng, { persist: false });
    const { result } = renderHook(() => useLocaleFormat());
    const fmt = result.current;
    expect(fmt.price('1234.56789')).toBe(EXPECTED[lng].price);
    expect(fmt.compact(1_234_567)).toBe(EXPECTED[lng].compact);
    expect(fmt.integer(12345)).toBe(EXPECTED[lng].integer);
    expect(fmt.change(12.5)).toBe(EXPECTED[lng].change);
    expect(fmt.price('123456789012345678.123456')).toMatch(/678.1235$/);
    const date = fmt.date('2026-03-04T12:00:00Z');
    expect(date).toBe(
      new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(
        new Date('2026-03-04T12:00:00Z'),
      ),
    );
    expect(date).toMatch(/2026/);
    const relative = fmt.relative(Date.now() - 3 * 60_000);
    expect(relative).toBe(
      new Intl.RelativeTimeFormat(lng, { numeric: 'auto' }).format(-3, 'minute'),
    );
  });

  it('shows volumes with up to 4 decimals below a thousand and K/M/B above', async () => {
    await setLanguage('en', { persist: false });
    const { result } = renderHook(() => useLocaleFormat());
    expect(result.current.volume('0.35')).toBe('0.35');
    expect(result.current.volume(999.6)).toBe('999.6');
    expect(result.current.volume('0.123456')).toBe('0.1235');
    expect(result.current.volume('1234567.5')).toBe('1.23M');
    expect(result.current.volume(null)).toBe('0');
    await setLanguage('tr', { persist: false });
    const { result: tr } = renderHook(() => useLocaleFormat());
    expect(tr.current.volume('0.35')).toBe('0,35');
    expect(tr.current.volume('1234.5')).toBe('1,23K');
  });

  it('keeps every digit of prices beyond double precision', async () => {
    await setLanguage('en', { persist: false });
    const { result } = renderHook(() => useLocaleFormat());
    expect(result.current.price('123456789012345678.12345')).toBe('123,456,789,012,345,678.1235');
  });
});
