import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { CollectionFilterItem } from '@aiamarket/shared';
import { useDebouncedValue } from '../../lib/useDebounce';
import { useLocaleFormat } from '../../lib/localeFormat';
import { fetchFilterCollections, recordsOf, totalOf } from './api';

/**
 * The market's collection filter: a name-or-address search over getCollectionList (30 a page)
 * and a checkbox per collection. `selected` holds collection names (the order page filters by
 * collectionNames).
 */
export function CollectionFilter({
  selected,
  onToggle,
}: {
  selected: string[];
  onToggle: (collection: CollectionFilterItem, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const id = useId();
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim());
  const query = useInfiniteQuery({
    queryKey: ['nft', 'filter-collections', keyword],
    queryFn: ({ pageParam, signal }) => fetchFilterCollections(keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + recordsOf(p).length, 0);
      return recordsOf(last).length > 0 && loaded < totalOf(last) ? pages.length + 1 : undefined;
    },
  });
  const items = query.data?.pages.flatMap((p) => recordsOf(p)) ?? [];

  return (
    <div className="flex flex-col gap-2" data-testid="collection-filter">
      <label htmlFor={`${id}-q`} className="sr-only">
        {t('nft.searchCollections')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        data-testid="collection-filter-search"
        placeholder={t('nft.searchCollections')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-10 rounded-lg border border-white/15 bg-ink-950 px-3 text-sm text-white placeholder:text-slate-500 focus:border-brand-400"
      />
      <ul className="flex max-h-72 flex-col gap-0.5 overflow-y-auto" aria-busy={query.isFetching}>
        {items.map((c) => {
          const checked = selected.includes(c.name);
          return (
            <li key={c.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-white/5">
                <input
                  type="checkbox"
                  data-testid="collection-filter-option"
                  data-name={c.name}
                  checked={checked}
                  onChange={(e) => onToggle(c, e.target.checked)}
                  className="size-4 accent-cyan-500"
                />
                {c.headUrl ? (
                  <img
                    src={c.headUrl}
                    alt=""
                    width={24}
                    height={24}
                    loading="lazy"
                    className="size-6 shrink-0 rounded-full object-cover"
                  />
                ) : (
                  <span aria-hidden className="size-6 shrink-0 rounded-full bg-white/10" />
                )}
                <span className="min-w-0 flex-1 truncate text-sm text-white">{c.name}</span>
                {c.priceFloor !== null && (
                  <span className="shrink-0 text-xs text-slate-400 tabular-nums">
                    {fmt.price(c.priceFloor)}
                  </span>
                )}
              </label>
            </li>
          );
        })}
        {query.isSuccess && items.length === 0 && (
          <li className="px-2 py-3 text-sm text-slate-400">{t('nft.noCollections')}</li>
        )}
        {query.isError && (
          <li className="px-2 py-3 text-sm text-red-300">
            {t('nft.loadFailed')}{' '}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              {t('nft.retry')}
            </button>
          </li>
        )}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className="h-8 rounded-lg text-xs font-semibold text-brand-300 hover:bg-white/5"
        >
          {t('nft.showMore')}
        </button>
      )}
    </div>
  );
}
