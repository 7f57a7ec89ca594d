import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LOCALE,
  isLocale,
  LANG_QUERY_PARAM,
  LOCALES,
  type Locale,
} from '@aiamarket/shared';

/** Language tags a browser may send, mapped onto the five product locales. */
function fromTag(tag: string): Locale | null {
  const t = tag.trim().toLowerCase();
  if (!t) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  if (/^zh-(tw|hk|mo|hant)/.test(t)) return 'zh-TW';
  if (t.startsWith('zh')) return 'zh-CN';
  const base = t.split('-')[0];
  return isLocale(base) ? base : null;
}

/**
 * The locale of a request: the `lang` query parameter when it names a locale, otherwise the first
 * matching Accept-Language entry (by q weight), otherwise English.
 */
export function localeOf(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = query?.[LANG_QUERY_PARAM];
  if (typeof lang === 'string') {
    const found = fromTag(lang);
    if (found) return found;
  }
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.length <= 512) {
    const entries = header
      .split(',')
      .map((part, i) => {
        const [tag = '', ...params] = part.split(';');
        const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
        return { tag, q: q === undefined ? 1 : Number(q), i };
      })
      .filter((e) => Number.isFinite(e.q) && e.q > 0)
      .sort((a, b) => b.q - a.q || a.i - b.i);
    for (const e of entries) {
      const found = fromTag(e.tag);
      if (found) return found;
    }
  }
  return DEFAULT_LOCALE;
}

/** The text in `locale`, falling back to English when it is missing or empty. */
export function pickText(
  texts: Partial<Record<string, string>> | null | undefined,
  locale: Locale,
): string {
  if (!texts) return '';
  const own = texts[locale];
  return own && own.trim() ? own : (texts[DEFAULT_LOCALE] ?? '');
}

/** The `lang` query parameter every localised route accepts (documentation only). */
export const langQuery = {
  [LANG_QUERY_PARAM]: z
    .string()
    .max(35)
    .optional()
    .describe(`answer language: ${LOCALES.join(', ')} (default: Accept-Language, then en)`),
};

/** Input of a localised text: English required, the other locales optional. */
export function localizedInput(max: number) {
  const text = z.string().trim().max(max);
  return z.object({
    en: text.min(1, 'English text is required'),
    'zh-CN': text.optional(),
    'zh-TW': text.optional(),
    ja: text.optional(),
    tr: text.optional(),
  });
}
