import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@aiamarket/shared';
import en from './en.json';
import { resolveLanguage, storeLanguage } from './language';

export type Messages = typeof en;

/**
 * The catalogue of another language: the English keys, with the "_one" plural forms optional
 * (Chinese and Japanese have a single plural form, "_other").
 */
type Catalogue<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : Catalogue<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

/**
 * What a missing translation writes to the console: the end-to-end checks fail on this text.
 * Only keys found in no catalogue (not even the English fallback) are reported, so a complete
 * build says nothing.
 */
export const MISSING_KEY_WARNING = 'i18n missing key';

function reportMissingKey(lngs: readonly string[], ns: string, key: string): void {
  console.warn(`${MISSING_KEY_WARNING}: ${ns}:${key} (${lngs.join(', ')})`);
}

// English ships in the main bundle (it is also the fallback); the other languages are loaded
// on demand so that each visitor downloads one extra catalogue at most.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue<Messages> }>> = {
  'zh-CN': () => import('./zh-CN.json'),
  'zh-TW': () => import('./zh-TW.json'),
  ja: () => import('./ja.json'),
  tr: () => import('./tr.json'),
};

async function ensureLoaded(lng: Locale): Promise<void> {
  if (lng === 'en' || i18n.hasResourceBundle(lng, 'translation')) return;
  const messages = (await loaders[lng]()).default;
  i18n.addResourceBundle(lng, 'translation', messages, true, true);
}

function syncDocument(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.title = i18n.t('app.title', { lng });
}

/** Starts i18next in the language from `?lang=`, storage or the default; call before render. */
export async function initI18n(search = globalThis.location?.search ?? ''): Promise<typeof i18n> {
  const lng = resolveLanguage(search);
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', syncDocument);
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      saveMissing: true,
      saveMissingTo: 'current',
      missingKeyHandler: reportMissingKey,
    });
  }
  await setLanguage(lng, { persist: false });
  return i18n;
}

/** Switches the interface language, remembers it and updates `<html lang>`. */
export async function setLanguage(lng: Locale, { persist = true } = {}): Promise<void> {
  await ensureLoaded(lng);
  if (persist) storeLanguage(lng);
  if (i18n.language === lng) syncDocument(lng);
  else await i18n.changeLanguage(lng);
}

export { i18n };
