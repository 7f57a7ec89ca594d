import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@aiamarket/shared';
import { i18n, initI18n, MISSING_KEY_WARNING, setLanguage } from './index';

describe('i18n setup', () => {
  it('starts in English', () => {
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.connectWallet')).toBe('Connect wallet');
  });

  it('switches language, loads its catalogue, stores it and updates <html lang>', async () => {
    await setLanguage('ja');
    expect(i18n.t('nav.connectWallet')).toBe('ウォレットを接続');
    expect(document.documentElement.lang).toBe('ja');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ja');
    expect(document.title).toContain('マーケットプレイス');
  });

  it('starts in the ?lang= language and remembers it', async () => {
    await initI18n('?lang=zh-TW');
    expect(i18n.language).toBe('zh-TW');
    expect(i18n.t('nav.home')).toBe('首頁');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh-TW');
  });

  it('starts in the stored language without a parameter', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'tr');
    await initI18n('');
    expect(i18n.t('nav.connectWallet')).toBe('Cüzdan bağla');
  });
});

describe('missing translations', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warns "i18n missing key" with the key, and stays quiet for keys that exist', async () => {
    await setLanguage('en', { persist: false });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('home.items', { count: 1, n: '1' })).toBe('1 item');
    expect(warn).not.toHaveBeenCalled();
    i18n.t('nav.noSuchKey' as 'nav.home');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(MISSING_KEY_WARNING);
    expect(String(warn.mock.calls[0]![0])).toContain('nav.noSuchKey');
    expect(MISSING_KEY_WARNING).toBe('i18n missing key');
  });

  it('stays quiet in another language for keys its catalogue has', async () => {
    await setLanguage('zh-CN', { persist: false });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    i18n.t('nav.home');
    i18n.t('help.reads', { count: 2, value: '2' });
    expect(warn).not.toHaveBeenCalled();
    await setLanguage('en', { persist: false });
  });
});
