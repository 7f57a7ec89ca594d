import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '@aiamarket/shared';
import { LANGUAGE_NAMES, matchLocale } from '../i18n/language';
import { setLanguage } from '../i18n';
import { CheckIcon, GlobeIcon } from './icons';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          data-testid="language-menu"
          aria-label={`${t('language.label')}: ${LANGUAGE_NAMES[current]}`}
          className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white"
        >
          <GlobeIcon />
          <span className="hidden sm:inline">{LANGUAGE_NAMES[current]}</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-xl border border-white/10 bg-ink-900 p-1.5 text-sm text-slate-100 shadow-xl shadow-black/40"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-400 uppercase">
            {t('language.choose')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={current}
            onValueChange={(value) => {
              const lng = matchLocale(value);
              if (lng) void setLanguage(lng);
            }}
          >
            {LOCALES.map((lng) => (
              <DropdownMenu.RadioItem
                key={lng}
                value={lng}
                lang={lng}
                data-testid={`language-option-${lng}`}
                className="relative flex cursor-pointer items-center rounded-lg py-2 pr-3 pl-8 outline-none select-none data-highlighted:bg-white/10 data-[state=checked]:text-brand-300"
              >
                <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
                  <CheckIcon width={16} height={16} />
                </DropdownMenu.ItemIndicator>
                {LANGUAGE_NAMES[lng]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
