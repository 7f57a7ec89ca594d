import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { fetchActivity } from './api';
import { ActivityCountdown } from './shared';

/** /activityDetail: the id comes in the navigation state, or ?id= so that a reload works. */
export function ActivityDetailPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const stateId = (location.state as { id?: unknown } | null)?.id;
  const id = Number(stateId ?? params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: ['primary', 'activity', id, i18n.language],
    queryFn: ({ signal }) => fetchActivity(id, i18n.language, signal),
    enabled: valid,
    retry: false,
  });
  if (!valid || query.isError) {
    return (
      <p data-testid="activity-not-found" className="py-24 text-center text-slate-400">
        {t('primary.notFound')}
      </p>
    );
  }
  const a = query.data;
  if (!a) return <div className="py-24" aria-busy="true" />;
  return (
    <div data-testid="activity-detail">
      {a.backgroundUrl && (
        <img src={a.backgroundUrl} alt="" className="h-56 w-full object-cover sm:h-72" />
      )}
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10 text-center">
        <ActivityCountdown
          status={a.status}
          countdown={a.countdown}
          onEnd={() => void query.refetch()}
        />
        <h1 className="text-3xl font-extrabold text-white">{a.inName}</h1>
        <p className="text-slate-400">{a.inRemark}</p>
        <dl className="mx-auto grid grid-cols-2 gap-8 text-left">
          <div>
            <dt className="text-xs text-slate-500">{t('primary.price')}</dt>
            <dd className="text-xl font-semibold text-white" data-testid="activity-price">
              {a.price ? `${a.price}${a.coin ? ` ${a.coin}` : ''}` : '-'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('primary.totalVolume')}</dt>
            <dd className="text-xl font-semibold text-white" data-testid="activity-total">
              {a.totalNum ?? '-'}
            </dd>
          </div>
        </dl>
        {a.buyUrl && (
          <a
            href={a.buyUrl}
            data-testid="activity-buy"
            className="mx-auto mt-4 inline-flex h-12 items-center rounded-full bg-brand-500 px-8 font-semibold text-ink-950 hover:bg-brand-400"
          >
            {t('primary.buyNow')}
          </a>
        )}
      </div>
    </div>
  );
}

export default ActivityDetailPage;
