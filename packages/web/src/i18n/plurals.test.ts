import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './index';

// Counted texts take i18next plural forms: English and Turkish have "one" and "other",
// Chinese and Japanese one form for every count.
describe('plural texts', () => {
  afterAll(() => setLanguage('en', { persist: false }));

  it('says "1 item", "1 read" and "the last sale" in English, and the plural otherwise', async () => {
    await setLanguage('en', { persist: false });
    const t = i18n.t.bind(i18n);
    expect(t('search.itemCount', { count: 1, n: '1' })).toBe('1 item');
    expect(t('search.itemCount', { count: 12, n: '12' })).toBe('12 items');
    expect(t('home.items', { count: 1, n: '1' })).toBe('1 item');
    expect(t('home.items', { count: 1500, n: '1.5K' })).toBe('1.5K items');
    expect(t('help.reads', { count: 1, value: '1' })).toBe('1 read');
    expect(t('help.reads', { count: 1234, value: '1,234' })).toBe('1,234 reads');
    expect(t('item.chartLabel', { count: 1, n: '1', coin: 'AIA' })).toBe(
      'Sale price of the last sale in AIA',
    );
    expect(t('item.chartLabel', { count: 3, n: '3', coin: 'AIA' })).toBe(
      'Sale prices of the last 3 sales in AIA',
    );
  });

  it('uses the single form in Chinese and Japanese and both forms in Turkish', async () => {
    await setLanguage('ja', { persist: false });
    expect(i18n.t('home.items', { count: 1, n: '1' })).toBe('1 アイテム');
    expect(i18n.t('home.items', { count: 2, n: '2' })).toBe('2 アイテム');
    await setLanguage('zh-CN', { persist: false });
    expect(i18n.t('help.reads', { count: 1, value: '1' })).toBe('1 次阅读');
    await setLanguage('tr', { persist: false });
    expect(i18n.t('search.itemCount', { count: 1, n: '1' })).toBe('1 öğe');
    expect(i18n.t('item.chartLabel', { count: 1, n: '1', coin: 'AIA' })).toBe(
      'Son satışın fiyatı (AIA)',
    );
  });
});
