import { useId } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AttributeCategory } from '@aiamarket/shared';
import { inputClass } from '../../components/trade/classes';
import {
  fetchAttributeCategories,
  fetchAttributeValues,
  recordsOf,
  totalOf,
} from '../../components/nft/api';
import { useLocaleFormat } from '../../lib/localeFormat';

export interface TraitChoice {
  category: AttributeCategory | null;
  value: AttributeCategory | null;
}

/**
 * The attribute a trait offer wants: one of the collection's categories, then one of its values
 * (the attribute filter's categories and values, with how many tokens have each).
 */
export function TraitPicker({
  contractAddr,
  choice,
  onChange,
}: {
  contractAddr: string;
  choice: TraitChoice;
  onChange: (next: TraitChoice) => void;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const ids = { category: useId(), value: useId() };
  const categories = useQuery({
    queryKey: ['nft', 'attr-categories', contractAddr],
    queryFn: ({ signal }) => fetchAttributeCategories(contractAddr, signal),
  });
  const category = choice.category;
  // The values 20 a page, under the attribute filter's key: the pages it loaded serve here too.
  const values = useInfiniteQuery({
    queryKey: ['nft', 'attr-values', category?.id, category?.name],
    queryFn: ({ pageParam, signal }) => fetchAttributeValues(category!, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + recordsOf(p).length, 0);
      return recordsOf(last).length > 0 && loaded < totalOf(last) ? pages.length + 1 : undefined;
    },
    enabled: category !== null,
  });
  const categoryList = recordsOf(categories.data);
  const valueList = values.data?.pages.flatMap((p) => recordsOf(p)) ?? [];
  return (
    <div data-testid="trait-picker">
      <div className="mt-4">
        <label htmlFor={ids.category} className="text-sm font-medium text-slate-200">
          {t('offer.trait.category')}
        </label>
        <select
          id={ids.category}
          data-testid="trait-category"
          value={category?.id ?? ''}
          onChange={(e) =>
            onChange({
              category: categoryList.find((c) => c.id === Number(e.target.value)) ?? null,
              value: null,
            })
          }
          className={inputClass}
        >
          <option value="">{t('offer.trait.choose')}</option>
          {categoryList.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {category && (
        <div className="mt-4">
          <label htmlFor={ids.value} className="text-sm font-medium text-slate-200">
            {t('offer.trait.value')}
          </label>
          <select
            id={ids.value}
            data-testid="trait-value"
            value={choice.value?.id ?? ''}
            onChange={(e) =>
              onChange({
                category,
                value: valueList.find((v) => v.id === Number(e.target.value)) ?? null,
              })
            }
            className={inputClass}
          >
            <option value="">{t('offer.trait.choose')}</option>
            {valueList.map((v) => (
              <option key={v.id} value={v.id}>
                {t('offer.trait.valueCount', { value: v.name, n: fmt.count(v.num) })}
              </option>
            ))}
          </select>
          {values.hasNextPage && (
            <button
              type="button"
              data-testid="trait-more"
              disabled={values.isFetchingNextPage}
              onClick={() => void values.fetchNextPage()}
              className="mt-2 text-xs font-semibold text-brand-300 underline disabled:opacity-40"
            >
              {t('offer.trait.more')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
