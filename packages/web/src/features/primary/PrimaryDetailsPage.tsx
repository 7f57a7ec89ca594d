import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ACTIVITY_STATUS, shortenAddress } from '@aiamarket/shared';
import { fetchActivity, findActivityItem, readStoredHeaderId } from './api';
import { itemStatus } from './MarketListPage';
import { StatusRibbon } from './shared';

const CLOSED_LABEL = {
  [ACTIVITY_STATUS.waiting]: 'primary.status.toBegin',
  [ACTIVITY_STATUS.inProgress]: 'primary.status.inProgress',
  [ACTIVITY_STATUS.ended]: 'primary.status.end',
  [ACTIVITY_STATUS.soldOut]: 'primary.status.soldOut',
} as const;

const positiveInt = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /primary-details/{nftId}/{0|1}: one item of a primary sale (1: a blind box) with the buy link
 * of its activity. The activity comes in the navigation state or as ?activity= (so that a
 * reload works), else from the stored /marketlist header.
 */
export function PrimaryDetailsPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const lang = i18n.language;
  const nftId = positiveInt(params.nftId);
  const blindBox = params.blindBox === '1';
  const activityId =
    positiveInt((location.state as { activityId?: unknown } | null)?.activityId) ??
    positiveInt(search.get('activity')) ??
    readStoredHeaderId();
  const valid = nftId !== null && activityId !== null && /^[01]$/.test(params.blindBox ?? '');

  const activity = useQuery({
    queryKey: ['primary', 'activity', activityId, lang],
    queryFn: ({ signal }) => fetchActivity(activityId!, lang, signal),
    enabled: valid,
    retry: false,
  });
  const item = useQuery({
    queryKey: ['primary', 'item', activityId, nftId, lang],
    queryFn: ({ signal }) => findActivityItem(activityId!, nftId!, lang, signal),
    enabled: valid,
    retry: false,
  });

  if (!valid || activity.isError || item.isError || (item.isSuccess && !item.data)) {
    return (
      <p data-testid="primary-item-not-found" className="py-24 text-center text-slate-400">
        {t('primary.details.notFound')}
      </p>
    );
  }
  const a = activity.data;
  const it = item.data;
  if (!a || !it) return <div className="py-24" aria-busy="true" />;

  const status = itemStatus(it, a.status);
  const buyable = status === ACTIVITY_STATUS.inProgress && !!a.buyUrl;
  const coin = it.coin ?? a.coin ?? '';
  return (
    <div
      data-testid="primary-item"
      data-status={status}
      className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2"
    >
      <div className="relative overflow-hidden rounded-2xl border border-white/10 bg-ink-900">
        <img src={it.imageUrl} alt={it.name} className="aspect-square w-full object-cover" />
        <StatusRibbon status={status} />
      </div>
      <div className="flex flex-col gap-5">
        <Link
          to={`/marketlist/${a.id}/${a.status}`}
          data-testid="primary-item-activity"
          className="text-sm font-semibold text-brand-300 hover:text-brand-200"
        >
          {a.inName}
        </Link>
        <h1 className="text-3xl font-extrabold text-white">{it.name}</h1>
        {blindBox && (
          <span
            data-testid="primary-item-blind-box"
            className="w-fit rounded-full bg-violet-500/20 px-3 py-1 text-xs font-semibold text-violet-200"
          >
            {t('primary.details.blindBox')}
          </span>
        )}
        <dl className="grid grid-cols-2 gap-6 rounded-2xl border border-white/10 bg-white/5 p-5">
          <div>
            <dt className="text-xs text-slate-500">{t('primary.price')}</dt>
            <dd className="text-2xl font-semibold text-white" data-testid="primary-item-price">
              {`${it.price} ${coin}`.trim()}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('primary.details.remaining')}</dt>
            <dd className="text-2xl font-semibold text-white" data-testid="primary-item-left">
              {t('primary.left', { residue: it.residueNum, num: it.num })}
            </dd>
          </div>
          {it.tokenId && (
            <div>
              <dt className="text-xs text-slate-500">{t('primary.details.tokenId')}</dt>
              <dd className="font-mono text-sm text-slate-200">{it.tokenId}</dd>
            </div>
          )}
          {it.contractAddr && (
            <div>
              <dt className="text-xs text-slate-500">{t('primary.details.contract')}</dt>
              <dd className="font-mono text-sm text-slate-200" title={it.contractAddr}>
                {shortenAddress(it.contractAddr)}
              </dd>
            </div>
          )}
        </dl>
        {buyable ? (
          <a
            href={a.buyUrl!}
            data-testid="primary-item-buy"
            className="inline-flex h-12 w-fit items-center rounded-full bg-brand-500 px-8 font-semibold text-ink-950 hover:bg-brand-400"
          >
            {t('primary.buyNow')}
          </a>
        ) : (
          <button
            type="button"
            disabled
            data-testid="primary-item-closed"
            className="h-12 w-fit rounded-full bg-white/10 px-8 font-semibold text-slate-400"
          >
            {t(CLOSED_LABEL[status as keyof typeof CLOSED_LABEL] ?? 'primary.status.end')}
          </button>
        )}
      </div>
    </div>
  );
}

export default PrimaryDetailsPage;
