import { useTranslation } from 'react-i18next';

export interface FilterChip {
  /** Stable id, handed back to onRemove. */
  key: string;
  label: string;
}

/** The selected filters as removable chips, with a clear-all button. Nothing when empty. */
export function FilterChips({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (key: string) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <ul className="contents" aria-label={t('nft.selectedFilters')}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              data-testid="filter-chip"
              onClick={() => onRemove(chip.key)}
              aria-label={t('nft.removeFilter', { name: chip.label })}
              className="inline-flex h-8 max-w-64 items-center gap-1.5 rounded-full border border-white/15 bg-white/5 pr-2 pl-3 text-xs text-white hover:bg-white/10"
            >
              <span className="truncate">{chip.label}</span>
              <span aria-hidden className="text-slate-400">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        data-testid="filter-clear-all"
        onClick={onClearAll}
        className="h-8 rounded-full px-3 text-xs font-semibold text-brand-300 hover:bg-white/5"
      >
        {t('nft.clearAll')}
      </button>
    </div>
  );
}
