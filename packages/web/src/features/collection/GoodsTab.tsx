import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { REFERENCE_UNIT, type CollectionItemsRequest, type CollectionVO } from '@aiamarket/shared';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import {
  AttributeFilter,
  type AttributeNames,
  type AttributeSelection,
} from '../../components/nft/AttributeFilter';
import { ErrorState } from '../../components/nft/ErrorState';
import { FilterChips, type FilterChip } from '../../components/nft/FilterChips';
import { NftCard, PRIORITY_CARDS, cardOfItem } from '../../components/nft/NftCard';
import { GridToggle, NftGrid, NftGridSkeleton, useGridChoice } from '../../components/nft/NftGrid';
import { PriceRangeFilter } from '../../components/nft/PriceRangeFilter';
import { LoadMore } from '../../components/LoadMore';
import { cx } from '../../lib/cx';
import { localizeDecimal } from '../../lib/localeFormat';
import { nextPageOf } from '../../lib/paging';
import { useDebouncedValue } from '../../lib/useDebounce';
import { fetchCollectionItems } from './api';

/** findPageByCollectionId sorts: recently listed, price up, price down, token id. */
export const ITEM_SORTS = ['recent', 'priceAsc', 'priceDesc', 'tokenId'] as const;

interface Filters {
  keyWord: string;
  sort: number;
  /** 0 all items, 1 listed only. */
  showType: number;
  minPrice: string;
  maxPrice: string;
  attributes: AttributeSelection;
  attributeNames: AttributeNames;
}

const EMPTY: Filters = {
  keyWord: '',
  sort: 0,
  showType: 0,
  minPrice: '',
  maxPrice: '',
  attributes: { parentId: null, values: [] },
  attributeNames: {},
};

/** The request body of the filters (empty ones left out). */
export function itemsRequestOf(
  collectionId: number,
  f: Filters,
): Omit<CollectionItemsRequest, 'page' | 'size'> {
  return {
    collectionId,
    showType: f.showType,
    sort: f.sort,
    keyWord: f.keyWord.trim() || undefined,
    minPrice: f.minPrice || undefined,
    maxPrice: f.maxPrice || undefined,
    gorySet: f.attributes.values.length ? f.attributes.values : undefined,
    parentId: f.attributes.parentId ?? undefined,
  };
}

/** The Goods tab: the collection's items with search, sort, status, price and attributes. */
export function GoodsTab({ collection }: { collection: CollectionVO }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [grid, setGrid] = useGridChoice();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [keyword, setKeyword] = useState('');
  const [panelOpen, setPanelOpen] = useState(false);
  const debounced = useDebouncedValue(keyword);
  const applied = { ...filters, keyWord: debounced };
  const request = itemsRequestOf(collection.id, applied);

  const query = useInfiniteQuery({
    queryKey: ['collection', collection.id, 'items', request],
    queryFn: ({ pageParam, signal }) => fetchCollectionItems(request, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  const items = query.data?.pages.flatMap((p) => p.records) ?? [];

  const chips: FilterChip[] = [
    ...(debounced.trim() ? [{ key: 'keyword', label: debounced.trim() }] : []),
    ...(filters.showType === 1 ? [{ key: 'listed', label: t('collection.goods.listedOnly') }] : []),
    ...(filters.minPrice
      ? [
          {
            key: 'price',
            label: t('collection.goods.priceChip', {
              // The bounds are exact plain text ("0.01"): shown with the language's separators.
              min: localizeDecimal(i18n.language, filters.minPrice),
              max: localizeDecimal(i18n.language, filters.maxPrice),
              coin: REFERENCE_UNIT.symbol,
            }),
          },
        ]
      : []),
    ...filters.attributes.values.map((v) => ({
      key: `attr-${v}`,
      label: filters.attributeNames[v] ?? String(v),
    })),
  ];
  const removeChip = (key: string) => {
    if (key === 'keyword') setKeyword('');
    else if (key === 'listed') setFilters((f) => ({ ...f, showType: 0 }));
    else if (key === 'price') setFilters((f) => ({ ...f, minPrice: '', maxPrice: '' }));
    else {
      const value = Number(key.slice('attr-'.length));
      setFilters((f) => {
        const values = f.attributes.values.filter((v) => v !== value);
        return {
          ...f,
          attributes: { parentId: values.length ? f.attributes.parentId : null, values },
        };
      });
    }
  };
  const clearAll = () => {
    setKeyword('');
    setFilters((f) => ({ ...EMPTY, sort: f.sort }));
  };

  return (
    <div className="lg:flex lg:gap-6" data-testid="collection-goods">
      <aside
        id={`${id}-filters`}
        aria-label={t('collection.goods.filters')}
        className={cx(
          'mb-4 flex-col gap-6 rounded-2xl border border-white/10 bg-ink-900 p-4 lg:mb-0 lg:flex lg:w-64 lg:shrink-0 lg:self-start',
          panelOpen ? 'flex' : 'hidden',
        )}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-white">
            {t('collection.goods.status')}
          </legend>
          <div className="flex gap-2">
            {[0, 1].map((value) => (
              <label
                key={value}
                className={cx(
                  'flex h-9 flex-1 cursor-pointer items-center justify-center rounded-lg border text-sm',
                  filters.showType === value
                    ? 'border-brand-400 text-brand-300'
                    : 'border-white/15 text-slate-300',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-status`}
                  className="sr-only"
                  checked={filters.showType === value}
                  data-testid={`goods-status-${value}`}
                  onChange={() => setFilters((f) => ({ ...f, showType: value }))}
                />
                {value === 0 ? t('collection.goods.all') : t('collection.goods.listed')}
              </label>
            ))}
          </div>
        </fieldset>
        <section aria-labelledby={`${id}-price`}>
          <h2 id={`${id}-price`} className="mb-2 text-sm font-semibold text-white">
            {t('collection.goods.price')}
          </h2>
          <PriceRangeFilter
            min={filters.minPrice}
            max={filters.maxPrice}
            coin={REFERENCE_UNIT.symbol}
            onApply={(minPrice, maxPrice) => setFilters((f) => ({ ...f, minPrice, maxPrice }))}
          />
        </section>
        <section aria-labelledby={`${id}-attributes`}>
          <h2 id={`${id}-attributes`} className="mb-2 text-sm font-semibold text-white">
            {t('collection.goods.attributes')}
          </h2>
          <AttributeFilter
            contractAddr={collection.contractAddr}
            selection={filters.attributes}
            onChange={(attributes, names) =>
              setFilters((f) => ({
                ...f,
                attributes,
                attributeNames: { ...f.attributeNames, ...names },
              }))
            }
          />
        </section>
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-expanded={panelOpen}
            aria-controls={`${id}-filters`}
            onClick={() => setPanelOpen((o) => !o)}
            className="h-10 rounded-lg border border-white/15 px-4 text-sm font-semibold text-white lg:hidden"
          >
            {t('collection.goods.filters')}
          </button>
          <label htmlFor={`${id}-search`} className="sr-only">
            {t('collection.goods.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            data-testid="goods-search"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('collection.goods.search')}
            className="h-10 min-w-0 flex-1 basis-48 rounded-lg border border-white/15 bg-ink-950 px-3 text-sm text-white placeholder:text-slate-500 focus:border-brand-400"
          />
          <label htmlFor={`${id}-sort`} className="sr-only">
            {t('collection.goods.sort')}
          </label>
          <select
            id={`${id}-sort`}
            data-testid="goods-sort"
            value={filters.sort}
            onChange={(e) => setFilters((f) => ({ ...f, sort: Number(e.target.value) }))}
            className="h-10 rounded-lg border border-white/15 bg-ink-950 px-3 text-sm text-white"
          >
            {ITEM_SORTS.map((sort, i) => (
              <option key={sort} value={i}>
                {t(`collection.goods.sorts.${sort}`)}
              </option>
            ))}
          </select>
          <GridToggle value={grid} onChange={setGrid} />
        </div>
        <div className="mb-4">
          <FilterChips chips={chips} onRemove={removeChip} onClearAll={clearAll} />
        </div>
        {query.isPending ? (
          <NftGridSkeleton grid={grid} filterPanel />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyIllustration label={t('collection.goods.empty')} testId="goods-empty" />
        ) : (
          <>
            <NftGrid grid={grid} filterPanel label={t('collection.goods.label')}>
              {items.map((item, i) => (
                <li key={`${item.contractAddr}-${item.tokenId}`}>
                  <NftCard
                    data={cardOfItem(item)}
                    compact={grid === 2}
                    priority={i < PRIORITY_CARDS}
                  />
                </li>
              ))}
            </NftGrid>
            <LoadMore query={query} />
          </>
        )}
      </div>
    </div>
  );
}
