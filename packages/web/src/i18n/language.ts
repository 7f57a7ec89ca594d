import {
  DEFAULT_LOCALE,
  LANG_QUERY_PARAM,
  LOCALES,
  STORAGE_KEYS,
  type Locale,
} from '@aiamarket/shared';

/** Each language by its own name, as the language menu shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
  tr: 'Türkçe',
};

/** `zh-cn`, `zh_CN` and `ZH-CN` all mean `zh-CN`; anything else that is not a locale is null. */
export function matchLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const wanted = value.trim().replace('_', '-').toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === wanted) ?? null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or nothing when the browser refuses it (private mode, disabled storage). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

export function readStoredLanguage(storage = browserStorage()): Locale | null {
  try {
    return matchLocale(storage?.getItem(STORAGE_KEYS.language));
  } catch {
    return null;
  }
}

export function storeLanguage(lng: Locale, storage = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.language, lng);
  } catch {
    // Storage full or refused: the choice then lasts for this page only.
  }
}

/**
 * The language to start with: a valid `?lang=` wins (and is remembered), then the stored
 * choice, then English.
 */
export function resolveLanguage(search: string, storage = browserStorage()): Locale {
  const fromQuery = matchLocale(new URLSearchParams(search).get(LANG_QUERY_PARAM));
  if (fromQuery) {
    storeLanguage(fromQuery, storage);
    return fromQuery;
  }
  return readStoredLanguage(storage) ?? DEFAULT_LOCALE;
}
