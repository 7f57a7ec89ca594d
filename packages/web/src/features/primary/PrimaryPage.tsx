import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITY_TYPE, PRIMARY_LIST_TYPES } from '@aiamarket/shared';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { fetchActivities, saveListHeader, type Activity } from './api';
import { ActivityCountdown, StatusRibbon, useInfiniteScroll } from './shared';
import { nextPageOf } from '../../lib/paging';

/** /primary: the listed activity kinds (sales and item lists), 20 a page, loaded as the page bottom is reached. */
export function PrimaryPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const query = useInfiniteQuery({
    queryKey: ['primary', 'activities', lang],
    queryFn: ({ pageParam, signal }) => fetchActivities(pageParam, lang, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  useInfiniteScroll(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, !!query.hasNextPage);
  const records = (query.data?.pages.flatMap((p) => p.records) ?? []).filter((a) =>
    PRIMARY_LIST_TYPES.includes(a.type),
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="text-center">
        <h1 className="text-3xl font-extrabold text-white sm:text-4xl">{t('primary.title')}</h1>
        <p className="mt-3 text-slate-400">{t('primary.subtitle')}</p>
      </header>
      {query.isSuccess && records.length === 0 ? (
        <EmptyIllustration label={t('primary.empty')} />
      ) : (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="primary-list">
          {records.map((a) => (
            <ActivityCard key={a.id} activity={a} onEnd={() => void query.refetch()} />
          ))}
        </div>
      )}
      {query.isFetchingNextPage && (
        <p className="mt-6 text-center text-sm text-slate-400">{t('primary.loading')}</p>
      )}
    </div>
  );
}

function ActivityCard({ activity, onEnd }: { activity: Activity; onEnd: () => void }) {
  const navigate = useNavigate();
  const open = () => {
    if (activity.type === ACTIVITY_TYPE.sale) {
      void navigate(`/activityDetail?id=${activity.id}`, { state: { id: activity.id } });
    } else {
      saveListHeader(activity);
      void navigate(`/marketlist/${activity.id}/${activity.status}`);
    }
  };
  return (
    <button
      type="button"
      data-testid="activity-card"
      onClick={open}
      className="relative flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 text-left hover:border-brand-400/50"
    >
      <img src={activity.coverUrl} alt="" className="aspect-[3/2] w-full object-cover" />
      <StatusRibbon status={activity.status} />
      <div className="flex flex-col gap-2 p-5">
        <h2 className="text-lg font-bold text-white">{activity.inName}</h2>
        <p className="line-clamp-2 text-sm text-slate-400">{activity.inRemark}</p>
        <ActivityCountdown status={activity.status} countdown={activity.countdown} onEnd={onEnd} />
      </div>
    </button>
  );
}

export default PrimaryPage;
