import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITY_STATUS } from '@aiamarket/shared';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { fetchActivityItems, readListHeader, type ActivityItem } from './api';
import { StatusRibbon, useInfiniteScroll } from './shared';
import { nextPageOf } from '../../lib/paging';

/** An item with no residue in a running activity shows as sold out (spec section 2). */
export function itemStatus(item: Pick<ActivityItem, 'residueNum'>, status: number): number {
  return item.residueNum === 0 && status === ACTIVITY_STATUS.inProgress
    ? ACTIVITY_STATUS.soldOut
    : status;
}

/** /marketlist/{id}/{status}: the items of one activity, 20 a page, infinite scroll. */
export function MarketListPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const status = Number(params.status);
  const header = readListHeader(id);
  const lang = i18n.language;
  const query = useInfiniteQuery({
    queryKey: ['primary', 'items', id, lang],
    queryFn: ({ pageParam, signal }) => fetchActivityItems(id, pageParam, lang, signal),
    initialPageParam: 1,
    enabled: Number.isInteger(id) && id > 0,
    getNextPageParam: nextPageOf,
  });
  useInfiniteScroll(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, !!query.hasNextPage);
  const items = query.data?.pages.flatMap((p) => p.records) ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      {header && (
        <header className="flex items-center gap-4" data-testid="marketlist-header">
          <img src={header.coverUrl} alt="" className="size-20 rounded-xl object-cover" />
          <div>
            <h1 className="text-2xl font-bold text-white">{header.inName}</h1>
            <p className="text-slate-400">{header.inRemark}</p>
          </div>
        </header>
      )}
      {query.isSuccess && items.length === 0 ? (
        <EmptyIllustration label={t('primary.empty')} />
      ) : (
        <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="marketlist">
          {items.map((item) => (
            <Link
              key={item.nftId}
              to={`/primary-details/${item.nftId}/${item.blindBoxId ? 1 : 0}?activity=${id}`}
              state={{ activityId: id }}
              data-testid="marketlist-item"
              className="relative overflow-hidden rounded-2xl border border-white/10 bg-ink-900 hover:border-brand-400/50"
            >
              <img src={item.imageUrl} alt="" className="aspect-square w-full object-cover" />
              <StatusRibbon status={itemStatus(item, status)} />
              <div className="p-4">
                <p className="font-semibold text-white">{item.name}</p>
                <p className="text-sm text-slate-300">
                  {item.price} {item.coin ?? ''}
                </p>
                <p className="text-xs text-slate-500">
                  {t('primary.left', { residue: item.residueNum, num: item.num })}
                </p>
              </div>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

export default MarketListPage;
