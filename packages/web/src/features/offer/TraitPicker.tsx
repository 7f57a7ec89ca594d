import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AttributeCategory } from '@aiamarket/shared';
import { inputClass } from '../../components/trade';
import {
  fetchAttributeCategories,
  fetchAttributeValues,
  recordsOf,
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
  // The first page of values (20): a trait offer names one value, the common ones come first.
  const values = useQuery({
    queryKey: ['offer', 'trait-values', category?.id],
    queryFn: ({ signal }) => fetchAttributeValues(category!, 1, signal),
    enabled: category !== null,
  });
  const categoryList = recordsOf(categories.data);
  const valueList = recordsOf(values.data);
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
        </div>
      )}
    </div>
  );
}
