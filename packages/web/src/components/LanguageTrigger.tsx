import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '@aiamarket/shared';
import { LANGUAGE_NAMES, matchLocale } from '../i18n/language';
import { GlobeIcon } from './icons';

/** The top bar's language button: globe and the current language's own name. */
export const LanguageTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function LanguageTrigger(props, ref) {
    const { t, i18n } = useTranslation();
    const current = matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
    return (
      <button
        ref={ref}
        type="button"
        data-testid="language-menu"
        aria-label={`${t('language.label')}: ${LANGUAGE_NAMES[current]}`}
        aria-haspopup="menu"
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full px-3 text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white"
        {...props}
      >
        <GlobeIcon />
        <span className="hidden sm:inline">{LANGUAGE_NAMES[current]}</span>
      </button>
    );
  },
);
