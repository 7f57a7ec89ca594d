import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@aiamarket/shared';
import { i18n, initI18n, setLanguage } from './index';

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
