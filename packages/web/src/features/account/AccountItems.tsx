import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ACCOUNT_ITEM_TYPE } from '@aiamarket/shared';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { LoadMore } from '../../components/LoadMore';
import { ErrorState } from '../../components/nft/ErrorState';
import { NftCard, PRIORITY_CARDS, cardOfItem } from '../../components/nft/NftCard';
import { ForceCancelButton } from '../../components/trade';
import { GridToggle, NftGrid, NftGridSkeleton, useGridChoice } from '../../components/nft/NftGrid';
import { nextPageOf } from '../../lib/paging';
import { fetchAccountItems } from './api';
import { itemKey } from './bulk';
import type { Selection } from './BulkSelect';

/** A card grid of an account's items of one type (collected, favourited, for sale, force cancel). */
export function AccountItems({
  userAddr,
  type,
  label,
  emptyLabel,
  testId,
  selection,
  toolbar,
}: {
  userAddr: string;
  type: number;
  label: string;
  emptyLabel: string;
  testId: string;
  /** Select mode (the owner's bulk listing): a check box on every card. */
  selection?: Selection;
  /** Buttons beside the count (select mode's bar). */
  toolbar?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [grid, setGrid] = useGridChoice();
  const query = useInfiniteQuery({
    queryKey: ['account', userAddr, 'items', type],
    queryFn: ({ pageParam, signal }) => fetchAccountItems(userAddr, type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  const items = query.data?.pages.flatMap((p) => p.records) ?? [];
  const total = query.data?.pages[0]?.total;

  return (
    <div data-testid={testId}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="text-sm text-slate-400" aria-live="polite">
          {total !== undefined ? t('account.itemCount', { count: total }) : ''}
        </p>
        <div className="flex items-center gap-3">
          {toolbar}
          <GridToggle value={grid} onChange={setGrid} />
        </div>
      </div>
      {query.isPending ? (
        <NftGridSkeleton grid={grid} filterPanel={false} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyIllustration label={emptyLabel} testId={`${testId}-empty`} />
      ) : (
        <>
          <NftGrid grid={grid} filterPanel={false} label={label}>
            {items.map((item, i) => (
              <li key={`${item.contractAddr}-${item.tokenId}`} className="relative">
                {selection && (
                  <input
                    type="checkbox"
                    data-testid="bulk-select-item"
                    aria-label={t('bulk.selectItem', { name: item.name ?? `#${item.tokenId}` })}
                    checked={selection.selected.has(itemKey(item))}
                    onChange={() => selection.toggle(item)}
                    className="absolute top-3 left-3 z-10 size-5 accent-brand-500"
                  />
                )}
                <NftCard
                  data={cardOfItem(item)}
                  compact={grid === 2}
                  priority={i < PRIORITY_CARDS}
                />
                {type === ACCOUNT_ITEM_TYPE.forceCancel && item.order && (
                  <ForceCancelButton order={item.order} />
                )}
              </li>
            ))}
          </NftGrid>
          <LoadMore query={query} />
        </>
      )}
    </div>
  );
}
