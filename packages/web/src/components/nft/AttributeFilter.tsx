import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AttributeCategory } from '@aiamarket/shared';
import { cx } from '../../lib/cx';
import { useLocaleFormat } from '../../lib/localeFormat';
import { fetchAttributeCategories, fetchAttributeValues, recordsOf, totalOf } from './api';

export interface AttributeSelection {
  /** The category the values belong to (parentId); null when nothing is chosen. */
  parentId: number | null;
  /** Chosen value ids (gorySet). */
  values: number[];
}

/** The chosen values as names, for chips (id -> "Category: value"). */
export type AttributeNames = Record<number, string>;

/**
 * The attributes of one collection contract: a disclosure per category listing its values
 * (20 a page) as checkboxes. Values of one category are chosen at a time (parentId + gorySet);
 * choosing a value in another category starts a new selection.
 */
export function AttributeFilter({
  contractAddr,
  selection,
  onChange,
}: {
  contractAddr: string;
  selection: AttributeSelection;
  onChange: (next: AttributeSelection, names: AttributeNames) => void;
}) {
  const { t } = useTranslation();
  const categories = useQuery({
    queryKey: ['nft', 'attr-categories', contractAddr],
    queryFn: ({ signal }) => fetchAttributeCategories(contractAddr, signal),
  });
  const list = recordsOf(categories.data);
  if (categories.isPending) {
    return <p className="px-2 py-3 text-sm text-slate-400">{t('app.loading')}</p>;
  }
  if (categories.isError) {
    return (
      <p className="px-2 py-3 text-sm text-red-300">
        {t('nft.loadFailed')}{' '}
        <button type="button" className="underline" onClick={() => void categories.refetch()}>
          {t('nft.retry')}
        </button>
      </p>
    );
  }
  if (list.length === 0) {
    return <p className="px-2 py-3 text-sm text-slate-400">{t('nft.noAttributes')}</p>;
  }
  return (
    <ul className="flex flex-col gap-1" data-testid="attribute-filter">
      {list.map((category) => (
        <AttributeCategoryItem
          key={category.id}
          category={category}
          selection={selection}
          onChange={onChange}
        />
      ))}
    </ul>
  );
}

function AttributeCategoryItem({
  category,
  selection,
  onChange,
}: {
  category: AttributeCategory;
  selection: AttributeSelection;
  onChange: (next: AttributeSelection, names: AttributeNames) => void;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const [open, setOpen] = useState(selection.parentId === category.id);
  const values = useInfiniteQuery({
    queryKey: ['nft', 'attr-values', category.id, category.name],
    queryFn: ({ pageParam, signal }) => fetchAttributeValues(category, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + recordsOf(p).length, 0);
      return recordsOf(last).length > 0 && loaded < totalOf(last) ? pages.length + 1 : undefined;
    },
    enabled: open,
  });
  const items = values.data?.pages.flatMap((p) => recordsOf(p)) ?? [];
  const panelId = `attr-${category.id}`;
  const mine = selection.parentId === category.id ? selection.values : [];

  const toggle = (value: AttributeCategory, checked: boolean) => {
    const next = checked ? [...mine, value.id] : mine.filter((v) => v !== value.id);
    const names: AttributeNames = {};
    for (const v of items) if (next.includes(v.id)) names[v.id] = `${category.name}: ${v.name}`;
    onChange({ parentId: next.length ? category.id : null, values: next }, names);
  };

  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-lg px-2 py-2 text-left text-sm text-white hover:bg-white/5"
      >
        <span className="truncate">{category.name}</span>
        <span className="flex items-center gap-2 text-xs text-slate-400">
          {fmt.count(category.num)}
          <span aria-hidden className={cx('transition', open && 'rotate-180')}>
            ▾
          </span>
        </span>
      </button>
      {open && (
        <ul id={panelId} className="flex flex-col gap-0.5 pb-2 pl-2">
          {items.map((v) => (
            <li key={v.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1 text-sm hover:bg-white/5">
                <input
                  type="checkbox"
                  data-testid="attribute-option"
                  checked={mine.includes(v.id)}
                  onChange={(e) => toggle(v, e.target.checked)}
                  className="size-4 accent-cyan-500"
                />
                <span className="min-w-0 flex-1 truncate text-slate-200">{v.name}</span>
                <span className="text-xs text-slate-400">{fmt.count(v.num)}</span>
              </label>
            </li>
          ))}
          {values.isPending && <li className="px-2 text-xs text-slate-400">{t('app.loading')}</li>}
          {values.hasNextPage && (
            <li>
              <button
                type="button"
                onClick={() => void values.fetchNextPage()}
                className="px-2 text-xs font-semibold text-brand-300"
              >
                {t('nft.showMore')}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
