import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  RANKINGS_PAGINATE_FROM,
  liveTopic,
  type RankingWindow,
} from '@aiamarket/shared';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { ErrorState } from '../../components/nft/ErrorState';
import { RankingTable } from '../../components/nft/RankingTable';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { useLiveInvalidate } from '../../lib/live';
import { RANKING_WINDOWS, fetchRanking } from './api';

/** /rankings: collections by traded volume over 1d, 7d, 30d or all time, 20 a page. */
export function RankingsPage() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const windowParam = params.get('window');
  const window: RankingWindow = RANKING_WINDOWS.includes(windowParam as RankingWindow)
    ? (windowParam as RankingWindow)
    : '7d';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useQuery({
    queryKey: ['rankings', window, page],
    queryFn: ({ signal }) => fetchRanking(window, page, signal),
    placeholderData: keepPreviousData,
  });
  // Volumes and floors move with every sale and listing (collection_stats).
  useLiveInvalidate([liveTopic.market()], [['rankings']], (event) => event.kind === 'stats');
  const go = (next: { window?: RankingWindow; page?: number }) => {
    const search = new URLSearchParams();
    const w = next.window ?? window;
    const p = next.page ?? (next.window ? 1 : page);
    if (w !== '7d') search.set('window', w);
    if (p > 1) search.set('page', String(p));
    setParams(search, { replace: true });
  };
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE.rankings));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-extrabold text-white sm:text-4xl">{t('rankings.title')}</h1>
        <p className="mt-2 text-slate-400">{t('rankings.subtitle')}</p>
      </header>
      <div className="mt-6 flex">
        <Tabs
          tabs={RANKING_WINDOWS.map((w) => ({ id: w, label: t(`rankings.windows.${w}`) }))}
          active={window}
          onChange={(w) => go({ window: w })}
          label={t('rankings.windowLabel')}
          idPrefix="rankings"
          size="sm"
        />
      </div>
      <div {...tabPanelProps('rankings', window)} className="mt-6 outline-none">
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isSuccess && query.data.records.length === 0 ? (
          <EmptyIllustration label={t('rankings.empty')} testId="rankings-empty" />
        ) : (
          <RankingTable
            rows={query.data?.records}
            loading={query.isPending}
            firstRank={(page - 1) * PAGE_SIZE.rankings + 1}
            caption={t('rankings.caption', { window: t(`rankings.windows.${window}`) })}
          />
        )}
        {total >= RANKINGS_PAGINATE_FROM && pages > 1 && (
          <nav
            aria-label={t('rankings.pagination')}
            className="mt-6 flex items-center justify-center gap-2"
            data-testid="rankings-pager"
          >
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => go({ page: page - 1 })}
              className="h-9 rounded-lg border border-white/15 px-3 text-sm text-white disabled:opacity-40"
            >
              {t('rankings.previous')}
            </button>
            <span id={`${id}-page`} className="px-2 text-sm text-slate-300" aria-live="polite">
              {t('rankings.pageOf', { page, pages })}
            </span>
            <button
              type="button"
              data-testid="rankings-next"
              disabled={page >= pages}
              onClick={() => go({ page: page + 1 })}
              className="h-9 rounded-lg border border-white/15 px-3 text-sm text-white disabled:opacity-40"
            >
              {t('rankings.next')}
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}

export default RankingsPage;
