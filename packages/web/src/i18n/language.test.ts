import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@aiamarket/shared';
import { LANGUAGE_NAMES, matchLocale, resolveLanguage } from './language';

function memoryStorage(initial?: string) {
  const map = new Map<string, string>();
  if (initial !== undefined) map.set(STORAGE_KEYS.language, initial);
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('resolveLanguage', () => {
  it('uses English when nothing is set', () => {
    expect(resolveLanguage('', memoryStorage())).toBe('en');
  });

  it('uses the stored language when there is no query parameter', () => {
    expect(resolveLanguage('', memoryStorage('tr'))).toBe('tr');
    expect(resolveLanguage('?other=1', memoryStorage('zh-TW'))).toBe('zh-TW');
  });

  it('lets ?lang= win over the stored language and stores it', () => {
    const storage = memoryStorage('tr');
    expect(resolveLanguage('?lang=ja', storage)).toBe('ja');
    expect(storage.map.get('NFT_LANG_KEY')).toBe('ja');
    // The stored choice now applies without the parameter.
    expect(resolveLanguage('', storage)).toBe('ja');
  });

  it('stores ?lang= even when nothing was stored before', () => {
    const storage = memoryStorage();
    expect(resolveLanguage('?lang=zh-CN', storage)).toBe('zh-CN');
    expect(storage.map.get(STORAGE_KEYS.language)).toBe('zh-CN');
  });

  it('ignores invalid values in the query and in storage', () => {
    const storage = memoryStorage('ja');
    expect(resolveLanguage('?lang=xx', storage)).toBe('ja');
    expect(storage.map.get(STORAGE_KEYS.language)).toBe('ja');
    expect(resolveLanguage('?lang=', memoryStorage('klingon'))).toBe('en');
    expect(resolveLanguage('?lang=de', memoryStorage())).toBe('en');
  });

  it('accepts the usual spellings of a locale', () => {
    expect(matchLocale('zh-cn')).toBe('zh-CN');
    expect(matchLocale('ZH_tw')).toBe('zh-TW');
    expect(matchLocale('JA')).toBe('ja');
    expect(matchLocale('zh')).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(resolveLanguage('?lang=tr', broken)).toBe('tr');
    expect(resolveLanguage('', broken)).toBe('en');
  });

  it('names every language in itself', () => {
    expect(Object.values(LANGUAGE_NAMES)).toEqual([
      'English',
      '简体中文',
      '繁體中文',
      '日本語',
      'Türkçe',
    ]);
  });
});
