import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CLAMP_LINES, PAGE_SIZE, liveTopic } from '@aiamarket/shared';
import { useLiveInvalidate } from '../../lib/live';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { fetchLaunchpadPage } from './api';
import { CoinPrices, formatMintStart, ImageOrPlaceholder, ProjectStatus } from './parts';
import type { LaunchpadProject } from './types';
import { ExternalLink } from '../../components/ExternalLink';
import { pillClass } from '../../components/pill';

/** Where the application form is (a deployment can set VITE_LAUNCHPAD_APPLY_URL). */
export const LAUNCHPAD_APPLY_URL: string =
  (import.meta.env.VITE_LAUNCHPAD_APPLY_URL as string | undefined) || '/helpcenter';

/** /launchpad: in-progress projects (load more), ended projects (pages), the application block. */
export function LaunchpadListPage() {
  const { t } = useTranslation();
  // Minted counts and sale states of the listed projects (launchpad events reach the market topic).
  useLiveInvalidate([liveTopic.market()], [['launchpad', 'list']], (e) => e.kind === 'launchpad');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="text-center">
        <h1 className="text-3xl font-extrabold text-white sm:text-4xl">
          {t('launchpad.page.title')}
        </h1>
        <p className="mt-3 text-slate-400">{t('launchpad.page.subtitle')}</p>
      </header>
      <InProgressSection />
      <EndedSection />
      <section
        data-testid="launchpad-apply"
        className="mt-16 rounded-2xl border border-white/10 bg-gradient-to-r from-brand-500/15 to-violet-500/15 p-8 text-center"
      >
        <h2 className="text-2xl font-bold text-white">{t('launchpad.page.applyTitle')}</h2>
        <p className="mt-2 text-slate-300">{t('launchpad.page.applyText')}</p>
        <ExternalLink
          href={LAUNCHPAD_APPLY_URL}
          data-testid="launchpad-apply-button"
          className={`mt-6 ${pillClass.brandLarge}`}
        >
          {t('launchpad.page.applyButton')}
        </ExternalLink>
      </section>
    </div>
  );
}

function InProgressSection() {
  const { t } = useTranslation();
  const size = PAGE_SIZE.launchpadInProgress;
  const query = useInfiniteQuery({
    queryKey: ['launchpad', 'list', 1],
    queryFn: ({ pageParam, signal }) => fetchLaunchpadPage(1, pageParam, size, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.records.length, 0);
      return loaded < last.total && last.records.length > 0 ? pages.length + 1 : undefined;
    },
  });
  const records = query.data?.pages.flatMap((p) => p.records) ?? [];
  return (
    <section className="mt-12" data-testid="launchpad-in-progress" aria-labelledby="lp-in-progress">
      <h2 id="lp-in-progress" className="text-xl font-bold text-white">
        {t('launchpad.page.inProgress')}
      </h2>
      {query.isSuccess && records.length === 0 ? (
        <EmptyIllustration label={t('launchpad.page.empty')} />
      ) : (
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          {records.map((p) => (
            <ProjectCard key={p.id} project={p} onEnd={() => void query.refetch()} />
          ))}
        </div>
      )}
      {query.hasNextPage && (
        <div className="mt-6 text-center">
          <button
            type="button"
            data-testid="launchpad-load-more"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            className="h-10 rounded-full border border-white/20 px-6 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-50"
          >
            {t('launchpad.page.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}

function EndedSection() {
  const { t } = useTranslation();
  const size = PAGE_SIZE.launchpadEnded;
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['launchpad', 'list', 2, page],
    queryFn: ({ signal }) => fetchLaunchpadPage(2, page, size, signal),
    placeholderData: keepPreviousData,
  });
  const records = query.data?.records ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / size));
  return (
    <section className="mt-14" data-testid="launchpad-ended" aria-labelledby="lp-ended">
      <h2 id="lp-ended" className="text-xl font-bold text-white">
        {t('launchpad.page.ended')}
      </h2>
      {query.isSuccess && records.length === 0 ? (
        <EmptyIllustration label={t('launchpad.page.empty')} />
      ) : (
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {records.map((p) => (
            <ProjectCard key={p.id} project={p} ended />
          ))}
        </div>
      )}
      {pages > 1 && (
        <nav
          className="mt-6 flex items-center justify-center gap-3 text-sm text-slate-300"
          data-testid="launchpad-pagination"
        >
          <button
            type="button"
            data-testid="launchpad-prev"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            className="h-9 rounded-full border border-white/20 px-4 disabled:opacity-40"
          >
            {t('launchpad.page.previous')}
          </button>
          <span data-testid="launchpad-page">{t('launchpad.page.pageOf', { page, pages })}</span>
          <button
            type="button"
            data-testid="launchpad-next"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
            className="h-9 rounded-full border border-white/20 px-4 disabled:opacity-40"
          >
            {t('launchpad.page.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

function ProjectCard({
  project,
  ended = false,
  onEnd,
}: {
  project: LaunchpadProject;
  ended?: boolean;
  onEnd?: () => void;
}) {
  const { t } = useTranslation();
  const vo = project.collectionsVO;
  return (
    <article
      data-testid="launchpad-card"
      className="flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900"
    >
      <ImageOrPlaceholder src={vo.coverUrl} alt={vo.name} className="aspect-[3/2] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-bold text-white" data-testid="launchpad-card-name">
          {vo.name}
        </h3>
        <p
          className="text-sm text-slate-400"
          style={{
            display: '-webkit-box',
            WebkitLineClamp: CLAMP_LINES.launchpadCard,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {vo.description}
        </p>
        <ProjectStatus project={project} onEnd={onEnd} />
        {ended && (
          <p className="text-sm text-slate-400" data-testid="launchpad-card-start">
            {t('launchpad.page.mintStart')}: {formatMintStart(project.mintStartTime)}
          </p>
        )}
        <div className="text-xs text-slate-500">{t('launchpad.page.mintPrice')}</div>
        <CoinPrices coins={project.mintCoin} />
        <Link
          to={`/launchpad/${project.id}`}
          data-testid="launchpad-card-details"
          className="mt-auto inline-flex h-10 items-center justify-center rounded-full bg-brand-500 px-5 text-sm font-semibold text-ink-950 hover:bg-brand-400"
        >
          {t('launchpad.page.checkDetails')}
        </Link>
      </div>
    </article>
  );
}

export default LaunchpadListPage;
