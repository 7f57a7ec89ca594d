import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPriceRange, decimalInputText } from '@aiamarket/shared';

/**
 * Min and max price boxes with an Apply button (spec section 5): numbers with up to 8 decimals,
 * applied only when both are set, min not above max. The boxes keep what is typed and read it
 * in the interface language ("1,5" in Turkish); `onApply` gets both bounds as exact plain text
 * ("1.5"), or two empty strings when the filter is cleared.
 */
export function PriceRangeFilter({
  min,
  max,
  coin,
  onApply,
}: {
  min: string;
  max: string;
  coin?: string;
  onApply: (min: string, max: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // The applied bounds are plain text ("1.5"): the boxes show them as the reader types them.
  const typed = (value: string) => decimalInputText(value, i18n.language);
  const [draft, setDraft] = useState({ min: typed(min), max: typed(max) });
  const [error, setError] = useState<string | null>(null);
  // When the applied bounds change from outside (a chip removed, clear all), the boxes follow.
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setDraft({ min: typed(min), max: typed(max) });
  }

  const edit = (bound: 'min' | 'max', value: string) => {
    setError(null);
    setDraft((d) => ({ ...d, [bound]: value }));
  };

  const apply = () => {
    const check = checkPriceRange(draft.min, draft.max, i18n.language);
    if (!check.ok) {
      setError(t(check.message.key as 'validation.priceRange'));
      return;
    }
    setError(null);
    if (check.range) onApply(check.range.minPrice, check.range.maxPrice);
    else if (!draft.min.trim() && !draft.max.trim()) onApply('', '');
    else setError(t('nft.priceBothBounds'));
  };

  const box =
    'h-10 w-full min-w-0 rounded-lg border border-white/15 bg-ink-950 px-3 text-sm text-white placeholder:text-slate-500 focus:border-brand-400';
  return (
    <form
      data-testid="price-range"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      className="flex flex-col gap-2"
      noValidate
    >
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-min`} className="sr-only">
          {t('nft.minPrice')}
        </label>
        <input
          id={`${id}-min`}
          data-testid="price-min"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('nft.min')}
          value={draft.min}
          onChange={(e) => edit('min', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={box}
        />
        <span className="text-slate-400" aria-hidden>
          –
        </span>
        <label htmlFor={`${id}-max`} className="sr-only">
          {t('nft.maxPrice')}
        </label>
        <input
          id={`${id}-max`}
          data-testid="price-max"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('nft.max')}
          value={draft.max}
          onChange={(e) => edit('max', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={box}
        />
        {coin && <span className="shrink-0 text-xs text-slate-400">{coin}</span>}
      </div>
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          data-testid="price-error"
          className="text-xs text-red-300"
        >
          {error}
        </p>
      )}
      <button
        type="submit"
        data-testid="price-apply"
        className="h-9 rounded-lg bg-white/10 text-sm font-semibold text-white hover:bg-white/15"
      >
        {t('nft.apply')}
      </button>
    </form>
  );
}
