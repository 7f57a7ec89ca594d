import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '@aiamarket/shared';
import { LANGUAGE_NAMES, matchLocale } from '../i18n/language';
import { setLanguage } from '../i18n';
import { CheckIcon } from './icons';
import { LanguageTrigger } from './LanguageTrigger';

/** The language menu itself (Radix), loaded when the visitor first opens it (LanguageMenu). */
export default function LanguageDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const current = matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <LanguageTrigger />
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
