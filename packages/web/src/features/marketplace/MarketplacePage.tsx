import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { REFERENCE_UNIT, liveTopic, type OrderVO } from '@aiamarket/shared';
import { AttributeFilter } from '../../components/nft/AttributeFilter';
import { CollectionFilter } from '../../components/nft/CollectionFilter';
import { ErrorState } from '../../components/nft/ErrorState';
import { FilterChips, type FilterChip } from '../../components/nft/FilterChips';
import { NftCard, PRIORITY_CARDS, cardOfOrder } from '../../components/nft/NftCard';
import { GridToggle, NftGrid, NftGridSkeleton, useGridChoice } from '../../components/nft/NftGrid';
import { PriceRangeFilter } from '../../components/nft/PriceRangeFilter';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { LoadMore } from '../../components/LoadMore';
import { cx } from '../../lib/cx';
import { localizeDecimal } from '../../lib/localeFormat';
import { useLiveInvalidate, useLiveListings } from '../../lib/live';
import { nextPageOf } from '../../lib/paging';
import { useDebouncedValue } from '../../lib/useDebounce';
import { fetchMarketOrders } from './api';
import {
  MARKET_SORTS,
  NO_FILTERS,
  filtersFromSearch,
  orderRequestOf,
  searchOfFilters,
  type MarketFilters,
} from './filters';
import { Icon } from '../../components/icons';

/** /marketplace: listed items with search, sort, grid toggle, filters in the URL, 30 a page. */
const NO_ORDERS: OrderVO[] = [];

export function MarketplacePage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const [grid, setGrid] = useGridChoice();
  // Undefined: the layout decides (open beside the grid on wide screens, folded on phones).
  const [panelOpen, setPanelOpen] = useState<boolean | undefined>(undefined);

  const update = (next: Partial<MarketFilters>) =>
    setParams(searchOfFilters({ ...filters, ...next }), { replace: true });

  // The search box follows the URL but only writes to it once typing pauses.
  const [keyword, setKeyword] = useState(filters.keyWord);
  const settled = useDebouncedValue(keyword);
  // A keyword changed from outside (chip removed, clear all, back button) refills the box; our
  // own debounced write comes back equal to `settled` and leaves what is being typed alone.
  const [shownKeyword, setShownKeyword] = useState(filters.keyWord);
  if (shownKeyword !== filters.keyWord) {
    setShownKeyword(filters.keyWord);
    if (filters.keyWord.trim() !== settled.trim()) setKeyword(filters.keyWord);
  }
  useEffect(() => {
    if (settled.trim() !== filters.keyWord.trim()) update({ keyWord: settled });
    // Only a settled keyword may write; `update` changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const request = orderRequestOf(filters);
  const query = useInfiniteQuery({
    queryKey: ['market', 'orders', request],
    queryFn: ({ pageParam, signal }) => fetchMarketOrders(request, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  // New, repriced and ended listings anywhere in the market.
  useLiveInvalidate([liveTopic.market()], [['market']], (event) => event.kind === 'order');
  // Records without an image are dropped from market results (spec section 2).
  const orders = useMemo(
    () =>
      (query.data?.pages.flatMap((p) => p.records) ?? []).filter(
        (o) => o.imageUrl ?? o.nftMetadata.imageUrl,
      ),
    [query.data],
  );
  // A listing the stream says is sold or cancelled leaves the grid before the refetch answers.
  const live = useLiveListings(orders);
  // A page of cards is the heaviest render of the screen: React renders it in the background,
  // in slices, so the page stays responsive while it arrives (the skeleton shows meanwhile).
  const shown = useDeferredValue(live, NO_ORDERS);

  const chips: FilterChip[] = [
    ...(filters.keyWord
      ? [{ key: 'q', label: t('marketplace.chipKeyword', { keyword: filters.keyWord }) }]
      : []),
    ...(filters.minPrice && filters.maxPrice
      ? [
          {
            key: 'price',
            label: t('marketplace.chipPrice', {
              // The bounds are exact plain text ("0.01"): shown with the language's separators.
              min: localizeDecimal(i18n.language, filters.minPrice),
              max: localizeDecimal(i18n.language, filters.maxPrice),
              coin: REFERENCE_UNIT.symbol,
            }),
          },
        ]
      : []),
    ...filters.collections.map((c) => ({ key: `c:${c.name}`, label: c.name })),
    ...filters.values.map((v) => ({
      key: `av:${v}`,
      label: filters.attributeNames[v] ?? t('marketplace.chipAttribute', { id: v }),
    })),
  ];
  const removeChip = (key: string) => {
    if (key === 'q') update({ keyWord: '' });
    else if (key === 'price') update({ minPrice: '', maxPrice: '' });
    else if (key.startsWith('c:')) {
      const collections = filters.collections.filter((c) => `c:${c.name}` !== key);
      update({ collections, parentId: null, values: [] });
    } else if (key.startsWith('av:')) {
      const values = filters.values.filter((v) => `av:${v}` !== key);
      update({ values, parentId: values.length ? filters.parentId : null });
    }
  };
  const only = filters.collections.length === 1 ? filters.collections[0] : undefined;

  return (
    <div className="mx-auto max-w-[1920px] px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-extrabold text-white sm:text-4xl">{t('marketplace.title')}</h1>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button
          type="button"
          data-testid="filter-toggle"
          aria-controls={`${id}-filters`}
          aria-expanded={panelOpen ?? undefined}
          onClick={() =>
            setPanelOpen((open) => !(open ?? window.matchMedia('(min-width: 1024px)').matches))
          }
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-white/15 px-3 text-sm font-semibold text-white hover:bg-white/5"
        >
          <Icon width={18} height={18} strokeWidth={2}>
            <path d="M4 6h16M7 12h10M10 18h4" />
          </Icon>
          {t('marketplace.filters')}
        </button>
        <div className="relative min-w-0 flex-1 basis-60">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t('marketplace.searchLabel')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            data-testid="market-search"
            placeholder={t('marketplace.searchPlaceholder')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            className="h-10 w-full rounded-lg border border-white/15 bg-ink-900 px-3 text-sm text-white placeholder:text-slate-500 focus:border-brand-400"
          />
        </div>
        <label htmlFor={`${id}-sort`} className="sr-only">
          {t('marketplace.sortLabel')}
        </label>
        <select
          id={`${id}-sort`}
          data-testid="market-sort"
          value={filters.sort}
          onChange={(e) => update({ sort: e.target.value as MarketFilters['sort'] })}
          className="h-10 rounded-lg border border-white/15 bg-ink-900 px-3 text-sm text-white"
        >
          {MARKET_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`marketplace.sort.${s}`)}
            </option>
          ))}
        </select>
        <GridToggle value={grid} onChange={setGrid} />
      </div>

      <div className="mt-4">
        <FilterChips
          chips={chips}
          onRemove={removeChip}
          onClearAll={() => {
            setKeyword('');
            setParams(searchOfFilters(NO_FILTERS), { replace: true });
          }}
        />
      </div>

      <div className="mt-6 flex flex-col gap-6 lg:flex-row">
        <aside
          id={`${id}-filters`}
          aria-label={t('marketplace.filters')}
          data-testid="filter-panel"
          className={cx(
            'shrink-0 lg:w-72',
            panelOpen === undefined ? 'hidden lg:block' : panelOpen ? 'block' : 'hidden',
          )}
        >
          <div className="flex flex-col gap-6 rounded-2xl border border-white/10 bg-ink-900 p-4 lg:sticky lg:top-20">
            <section aria-labelledby={`${id}-price`}>
              <h2 id={`${id}-price`} className="mb-2 text-sm font-semibold text-white">
                {t('marketplace.price')}
              </h2>
              <PriceRangeFilter
                min={filters.minPrice}
                max={filters.maxPrice}
                coin={REFERENCE_UNIT.symbol}
                onApply={(minPrice, maxPrice) => update({ minPrice, maxPrice })}
              />
            </section>
            <section aria-labelledby={`${id}-collections`}>
              <h2 id={`${id}-collections`} className="mb-2 text-sm font-semibold text-white">
                {t('marketplace.collections')}
              </h2>
              <CollectionFilter
                selected={filters.collections.map((c) => c.name)}
                onToggle={(c, checked) =>
                  update({
                    collections: checked
                      ? [...filters.collections, { name: c.name, contractAddr: c.contractAddr }]
                      : filters.collections.filter((s) => s.name !== c.name),
                    parentId: null,
                    values: [],
                  })
                }
              />
            </section>
            <section aria-labelledby={`${id}-attributes`}>
              <h2 id={`${id}-attributes`} className="mb-2 text-sm font-semibold text-white">
                {t('marketplace.attributes')}
              </h2>
              {only?.contractAddr ? (
                <AttributeFilter
                  contractAddr={only.contractAddr}
                  selection={{ parentId: filters.parentId, values: filters.values }}
                  onChange={(next, names) =>
                    update({
                      parentId: next.parentId,
                      values: next.values,
                      attributeNames: { ...filters.attributeNames, ...names },
                    })
                  }
                />
              ) : (
                <p className="text-xs text-slate-400">{t('marketplace.attributesHint')}</p>
              )}
            </section>
          </div>
        </aside>

        <section
          className="min-w-0 flex-1"
          aria-labelledby={`${id}-results`}
          aria-busy={query.isFetching}
        >
          <h2 id={`${id}-results`} className="sr-only">
            {t('marketplace.results')}
          </h2>
          {query.isPending || (shown.length === 0 && orders.length > 0) ? (
            <NftGridSkeleton grid={grid} filterPanel={panelOpen ?? true} />
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : orders.length === 0 ? (
            <EmptyIllustration label={t('marketplace.empty')} testId="market-empty" />
          ) : (
            <>
              <NftGrid
                grid={grid}
                filterPanel={panelOpen ?? true}
                label={t('marketplace.results')}
                testId="market-grid"
              >
                {shown.map((o, i) => (
                  <li key={o.orderId}>
                    <NftCard
                      data={cardOfOrder(o)}
                      compact={grid === 2}
                      priority={i < PRIORITY_CARDS}
                    />
                  </li>
                ))}
              </NftGrid>
              <LoadMore query={query} testId="market-load-more" />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export default MarketplacePage;
