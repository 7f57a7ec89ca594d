import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { ErrorState } from '../../components/nft/ErrorState';
import { TableRowsSkeleton } from '../../components/nft/Skeletons';
import { accountPath } from '../../components/nft/links';
import { LoadMore } from '../../components/LoadMore';
import { useLocaleFormat } from '../../lib/localeFormat';
import { nextPageOf } from '../../lib/paging';
import { OrderActions, useOrderModal } from './actions';
import { fetchItemListings, type ItemKey } from './api';

/** Listings of an ERC1155 item: unit price with coin, remaining amount, owner's first 6. */
export function ListingsTable({ itemKey }: { itemKey: ItemKey }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const orderModal = useOrderModal();
  const query = useInfiniteQuery({
    queryKey: ['item', itemKey, 'listings'],
    queryFn: ({ pageParam, signal }) => fetchItemListings(itemKey, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];
  // The open dialog keeps one place in the tree whatever the table shows: a buy of the units left
  // removes its row or empties the table while the purchase finishes, and a dialog rendered in
  // another branch would be mounted anew, losing its "Purchase successful" for the empty form.
  let content: ReactNode;
  if (query.isError) {
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isSuccess && rows.length === 0) {
    content = <EmptyIllustration label={t('item.noListings')} testId="item-listings-empty" />;
  } else {
    content = (
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-96 text-left text-sm" data-testid="item-listings">
          <thead className="text-xs text-slate-400 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('item.unitPrice')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('item.remaining')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('item.owner')}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('item.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {query.isPending ? (
              <TableRowsSkeleton rows={3} columns={4} />
            ) : (
              rows.map((o) => (
                <tr key={o.orderId} data-testid="item-listing-row">
                  <td className="px-3 py-3 font-semibold text-white tabular-nums">
                    {fmt.price(o.price)} <span className="text-slate-400">{o.coin}</span>
                  </td>
                  <td className="px-3 py-3 text-white tabular-nums">{fmt.count(o.leftAmount)}</td>
                  <td className="px-3 py-3 font-mono">
                    <Link
                      to={accountPath(o.ownerAddr)}
                      className="text-brand-300 hover:underline"
                      title={o.ownerAddr}
                    >
                      {o.ownerAddr.slice(0, 6)}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <OrderActions order={o} size="sm" onOpen={orderModal.open} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        {query.hasNextPage && <LoadMore query={query} testId="item-listings-more" />}
      </div>
    );
  }
  return (
    <>
      {content}
      {orderModal.view}
    </>
  );
}
