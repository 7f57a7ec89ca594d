import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STORAGE_KEYS,
  marketGridColumnCount,
  type LAYOUT,
  type MarketGridChoice,
} from '@aiamarket/shared';
import { cx } from '../../lib/cx';
import { NftCardSkeleton } from './Skeletons';

/** The grid choice kept as listItenGrid: 1 large cards, 2 small (columns: marketGridColumnCount). */
export type GridChoice = MarketGridChoice;

/**
 * Classes per wide-screen column count (from xl up); narrower screens step down so that a card
 * stays readable: a phone always shows 2 (at 3 a price is cut to "0.…" and the cart button
 * covers the picture). Written out whole so that Tailwind finds them.
 */
const COLUMNS: Record<(typeof LAYOUT.marketGridColumns)[number], string> = {
  6: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6',
  8: 'grid-cols-2 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-8',
  10: 'grid-cols-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8 xl:grid-cols-10',
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

/**
 * A responsive card grid; each child is one card. `filterPanel`: a filter panel stands beside the
 * grid on wide screens (it takes the room of two columns).
 */
export function NftGrid({
  grid,
  filterPanel,
  children,
  label,
  testId = 'nft-grid',
}: {
  grid: GridChoice;
  filterPanel: boolean;
  children: ReactNode;
  label?: string;
  testId?: string;
}) {
  const columns = marketGridColumnCount(grid, filterPanel);
  return (
    <ul
      aria-label={label}
      data-testid={testId}
      data-grid={grid}
      data-columns={columns}
      className={cx('grid gap-3 sm:gap-4', COLUMNS[columns])}
    >
      {children}
    </ul>
  );
}

/** Placeholder cards in the same grid while the first page loads. */
export function NftGridSkeleton({
  grid,
  filterPanel,
  count = 12,
}: {
  grid: GridChoice;
  filterPanel: boolean;
  count?: number;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} data-testid="nft-grid-skeleton">
      <ul
        aria-hidden
        className={cx('grid gap-3 sm:gap-4', COLUMNS[marketGridColumnCount(grid, filterPanel)])}
      >
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <NftCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
