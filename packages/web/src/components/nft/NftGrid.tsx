import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@aiamarket/shared';
import { cx } from '../../lib/cx';
import { NftCardSkeleton } from './Skeletons';

/** The grid choice kept as listItenGrid: 1 large cards (up to 6 columns), 2 small (8, then 10). */
export type GridChoice = 1 | 2;

const COLUMNS: Record<GridChoice, string> = {
  1: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6',
  2: 'grid-cols-3 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-8 2xl:grid-cols-10',
};

function readChoice(): GridChoice {
  try {
    return localStorage.getItem(STORAGE_KEYS.listItenGrid) === '2' ? 2 : 1;
  } catch {
    return 1;
  }
}

/** The remembered grid choice and its setter (stored under listItenGrid). */
export function useGridChoice(): [GridChoice, (next: GridChoice) => void] {
  const [choice, setChoice] = useState<GridChoice>(readChoice);
  const update = useCallback((next: GridChoice) => {
    setChoice(next);
    try {
      localStorage.setItem(STORAGE_KEYS.listItenGrid, String(next));
    } catch {
      // No storage: the choice lasts for this page only.
    }
  }, []);
  return [choice, update];
}

/** Two toggle buttons: large and small cards. */
export function GridToggle({
  value,
  onChange,
}: {
  value: GridChoice;
  onChange: (next: GridChoice) => void;
}) {
  const { t } = useTranslation();
  const options: { choice: GridChoice; label: string; icon: string }[] = [
    {
      choice: 1,
      label: t('nft.gridLarge'),
      icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
    },
    {
      choice: 2,
      label: t('nft.gridSmall'),
      icon: 'M4 4h4v4H4zM10 4h4v4h-4zM16 4h4v4h-4zM4 10h4v4H4zM10 10h4v4h-4zM16 10h4v4h-4zM4 16h4v4H4zM10 16h4v4h-4zM16 16h4v4h-4z',
    },
  ];
  return (
    <div
      role="group"
      aria-label={t('nft.gridLabel')}
      className="flex rounded-lg border border-white/10 p-0.5"
    >
      {options.map((o) => (
        <button
          key={o.choice}
          type="button"
          aria-pressed={value === o.choice}
          aria-label={o.label}
          title={o.label}
          data-testid={`grid-toggle-${o.choice}`}
          onClick={() => onChange(o.choice)}
          className={cx(
            'inline-flex size-9 items-center justify-center rounded-md',
            value === o.choice ? 'bg-white/15 text-white' : 'text-slate-400 hover:text-white',
          )}
        >
          <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden>
            <path d={o.icon} />
          </svg>
        </button>
      ))}
    </div>
  );
}

/** A responsive card grid; each child is one card. */
export function NftGrid({
  grid,
  children,
  label,
  testId = 'nft-grid',
}: {
  grid: GridChoice;
  children: ReactNode;
  label?: string;
  testId?: string;
}) {
  return (
    <ul
      aria-label={label}
      data-testid={testId}
      data-grid={grid}
      className={cx('grid gap-3 sm:gap-4', COLUMNS[grid])}
    >
      {children}
    </ul>
  );
}

/** Placeholder cards in the same grid while the first page loads. */
export function NftGridSkeleton({ grid, count = 12 }: { grid: GridChoice; count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} data-testid="nft-grid-skeleton">
      <ul aria-hidden className={cx('grid gap-3 sm:gap-4', COLUMNS[grid])}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <NftCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
