import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ERRORS,
  ERRORS,
  LOCALES,
  VALIDATION_MESSAGES,
  type Locale,
} from '@aiamarket/shared';
import en from './en.json';
import ja from './ja.json';
import tr from './tr.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

const catalogues: Record<Locale, unknown> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, ja, tr };

/** Proper nouns that stay the same in every language. Keep this list short and explicit. */
const SAME_AS_ENGLISH = ['app.name'];

function flatten(value: unknown, prefix = '', out: Record<string, string> = {}) {
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out[path] = child;
    else if (child && typeof child === 'object') flatten(child, path, out);
    else throw new Error(`${path} is neither a string nor an object`);
  }
  return out;
}

const english = flatten(en);
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/** i18next plural keys end in a plural category of the language ("items_one", "items_other"). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (messages: Record<string, string>) =>
  [...new Set(Object.keys(messages).map((key) => key.replace(PLURAL, '')))].sort();
/** The English text a key of another language translates: the same key, or the plural "other". */
const englishOf = (key: string) => english[key] ?? english[key.replace(PLURAL, '_other')];

describe('locale catalogues', () => {
  it('has one file per locale', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has the same keys as English', (lng) => {
    expect(baseKeys(flatten(catalogues[lng]))).toEqual(baseKeys(english));
  });

  it.each(LOCALES)('%s has exactly the plural forms of its language', (lng) => {
    const messages = flatten(catalogues[lng]);
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const plural = new Set(
      Object.keys(messages)
        .filter((k) => PLURAL.test(k))
        .map((k) => k.replace(PLURAL, '')),
    );
    for (const base of plural) {
      const forms = Object.keys(messages)
        .filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k))
        .map((k) => PLURAL.exec(k)![1]);
      expect(forms.sort(), `${lng}:${base}`).toEqual([...categories].sort());
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s is translated (only the listed proper nouns equal English)',
    (lng) => {
      const messages = flatten(catalogues[lng]);
      const same = Object.keys(english).filter((key) => messages[key] === english[key]);
      expect(same).toEqual(SAME_AS_ENGLISH);
    },
  );

  it.each(LOCALES)('%s keeps the placeholders and has no empty text', (lng) => {
    const messages = flatten(catalogues[lng]);
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${lng}:${key}`).toBeTruthy();
      expect(placeholders(text), `${lng}:${key}`).toEqual(placeholders(englishOf(key) ?? ''));
    }
  });

  it('translates every catalogue error, with the catalogue message as the English text', () => {
    for (const def of Object.values(ERRORS)) {
      expect(english[def.key], def.key).toBe(def.message);
    }
    expect(english['errors.serverError']).toBe('Server request exception');
  });

  it('translates every shared validation message and contract error, with its English text', () => {
    for (const def of [...Object.values(VALIDATION_MESSAGES), ...Object.values(CONTRACT_ERRORS)]) {
      expect(english[def.key], def.key).toBe(def.message);
    }
  });

  it('has the navigation labels the spec lists', () => {
    for (const key of [
      'home',
      'primary',
      'marketplace',
      'ranking',
      'launchpad',
      'helpCenter',
      'myNfts',
      'myCollections',
      'settings',
      'login',
      'logout',
      'connectWallet',
    ]) {
      expect(english[`nav.${key}`], key).toBeTruthy();
    }
  });
});
