import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CLAMP_LINES, LAUNCHPAD_STATE, liveTopic } from '@aiamarket/shared';
import { fetchLaunchpadProject } from './api';
import { CoinPrices, formatMintStart, ImageOrPlaceholder, ProjectStatus } from './parts';
import { isSignedIn, openConnectDialog, useSession } from '../../lib/session';
import { sanitizeHtml } from '../../lib/sanitize';
import { useLiveInvalidate } from '../../lib/live';
import { useLocaleFormat } from '../../lib/localeFormat';
import type { LaunchpadProject } from './types';
import { ExternalLink } from '../../components/ExternalLink';

const MintModal = lazy(() => import('./MintModal'));
const ExchangeModal = lazy(() => import('./ExchangeModal'));

const SOCIALS = [
  ['linkSkypegmwcn', 'Website'],
  ['linkTwitter', 'Twitter'],
  ['linkDiscord', 'Discord'],
  ['linkInstagram', 'Instagram'],
  ['linkMedium', 'Medium'],
] as const;

/** The minted total from the chain (getState), the API's figure until it answers. */
export function useMintedCount(project: LaunchpadProject | null | undefined) {
  return useQuery({
    queryKey: ['launchpad', 'minted', project?.contractAddr, project?.tokenId],
    enabled: !!project,
    queryFn: async () => {
      const { readSupply } = await import('./chain');
      return (await readSupply(project!)).totalSupply;
    },
    retry: 1,
  });
}

/** /launchpad/{id}: the project, its progress, prices, article and the mint/exchange buttons. */
export function LaunchpadDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const projectId = Number(id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['launchpad', 'project', projectId],
    queryFn: ({ signal }) => fetchLaunchpadProject(projectId, signal),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
  const project = query.data;
  const mintedQuery = useMintedCount(project);
  // The minted count and the sale's state move with every mint, whoever minted.
  useLiveInvalidate(
    [Number.isInteger(projectId) && projectId > 0 && liveTopic.launchpad(projectId)],
    [
      ['launchpad', 'project', projectId],
      ['launchpad', 'minted'],
    ],
  );

  if (!Number.isInteger(projectId) || projectId <= 0 || (query.isSuccess && !project)) {
    return (
      <p data-testid="launchpad-not-found" className="py-24 text-center text-slate-400">
        {t('launchpad.detail.notFound')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="py-24 text-center text-slate-400">
        {t('launchpad.detail.loadError')}
      </p>
    );
  }
  if (!project) {
    return <div className="py-24" aria-busy="true" />;
  }
  const minted = mintedQuery.data ?? project.minted ?? 0;
  const reload = () => {
    void query.refetch();
    void queryClient.invalidateQueries({ queryKey: ['launchpad', 'minted'] });
  };
  return (
    <ProjectView
      project={project}
      minted={minted}
      onCountdownEnd={reload}
      onChanged={() => void mintedQuery.refetch()}
    />
  );
}

function ProjectView({
  project,
  minted,
  onCountdownEnd,
  onChanged,
}: {
  project: LaunchpadProject;
  minted: number;
  onCountdownEnd: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const vo = project.collectionsVO;
  const [expanded, setExpanded] = useState(false);
  const description = useRef<HTMLParagraphElement>(null);
  // The toggle shows when the clamped text overflows (or cannot be measured).
  const [overflows, setOverflows] = useState(true);
  useLayoutEffect(() => {
    const el = description.current;
    if (!el || expanded || el.scrollHeight === 0) return;
    setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [expanded, vo.description]);
  const [modal, setModal] = useState<'mint' | 'exchange' | null>(null);
  const signedIn = isSignedIn(useSession());
  const article = useMemo(() => sanitizeHtml(vo.projectDesc ?? ''), [vo.projectDesc]);
  const percent = project.mintNum > 0 ? Math.min(100, (minted / project.mintNum) * 100) : 0;
  const ended = project.state === LAUNCHPAD_STATE.ended;
  const soldOut = project.mintNum > 0 && minted >= project.mintNum;
  const active = project.state === LAUNCHPAD_STATE.inProgress;
  const collectionPath = vo.linkCollection ? `/collection/${vo.linkCollection}` : null;
  const socials = SOCIALS.filter(([key]) => !!vo[key]);

  return (
    <div data-testid="launchpad-detail" data-state={project.state}>
      <div className="relative h-48 w-full overflow-hidden sm:h-64" data-testid="launchpad-banner">
        <ImageOrPlaceholder src={vo.backgroundUrl} alt="" className="h-full w-full" />
        <div className="absolute inset-0 bg-gradient-to-b from-transparent to-ink-950" />
      </div>
      <div className="relative mx-auto -mt-20 grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ImageOrPlaceholder
          src={vo.coverUrl}
          alt={vo.name}
          className="aspect-square w-full rounded-2xl border border-white/10"
        />
        <div className="flex flex-col gap-5 pt-20 lg:pt-24">
          {socials.length > 0 && (
            <ul
              className="flex flex-wrap gap-2"
              aria-label={t('launchpad.detail.socials')}
              data-testid="launchpad-socials"
            >
              {socials.map(([key, label]) => (
                <li key={key}>
                  <ExternalLink
                    href={vo[key]!}
                    data-testid={`social-${key}`}
                    className="inline-flex h-8 items-center rounded-full border border-white/15 px-3 text-xs text-slate-200 hover:bg-white/10"
                  >
                    {label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
          {collectionPath ? (
            <Link
              to={collectionPath}
              data-testid="launchpad-collection-link"
              className="text-3xl font-extrabold text-white hover:text-brand-300"
            >
              {vo.name}
            </Link>
          ) : (
            <h1 className="text-3xl font-extrabold text-white">{vo.name}</h1>
          )}
          <div>
            <div className="flex justify-between text-sm text-slate-300">
              <span>{t('launchpad.detail.minted')}</span>
              <span data-testid="launchpad-minted">
                {fmt.integer(minted)} / {fmt.integer(project.mintNum)}
              </span>
            </div>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-white/10"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={project.mintNum}
              aria-valuenow={minted}
            >
              <div className="h-full rounded-full bg-brand-400" style={{ width: `${percent}%` }} />
            </div>
          </div>
          <div>
            <div className="text-xs text-slate-500">{t('launchpad.page.mintPrice')}</div>
            <CoinPrices coins={project.mintCoin} className="mt-1 text-lg" />
          </div>
          <p className="text-sm text-slate-400" data-testid="launchpad-mint-start">
            {t('launchpad.page.mintStart')}: {formatMintStart(project.mintStartTime)}
          </p>
          <ProjectStatus project={project} onEnd={onCountdownEnd} />
          <div>
            <p
              ref={description}
              data-testid="launchpad-description"
              className="text-sm whitespace-pre-line text-slate-300"
              style={
                expanded
                  ? undefined
                  : {
                      display: '-webkit-box',
                      WebkitLineClamp: CLAMP_LINES.launchpadDetail,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                    }
              }
            >
              {vo.description}
            </p>
            {vo.description && (overflows || expanded) && (
              <button
                type="button"
                data-testid="launchpad-description-toggle"
                className="mt-1 text-sm font-semibold text-brand-300 hover:text-brand-200"
                onClick={() => setExpanded((e) => !e)}
              >
                {expanded ? t('launchpad.detail.putAway') : t('launchpad.detail.more')}
              </button>
            )}
          </div>
          <div className="flex flex-wrap gap-3" data-testid="launchpad-actions">
            {ended || soldOut ? (
              <>
                <button
                  type="button"
                  disabled
                  data-testid="launchpad-closed"
                  className="h-12 min-w-40 rounded-full bg-white/10 px-6 font-semibold text-slate-400"
                >
                  {soldOut ? t('launchpad.page.soldOut') : t('launchpad.detail.end')}
                </button>
                {collectionPath && (
                  <Link
                    to={collectionPath}
                    data-testid="launchpad-preview"
                    className="inline-flex h-12 min-w-40 items-center justify-center rounded-full border border-white/20 px-6 font-semibold text-white hover:bg-white/10"
                  >
                    {t('launchpad.detail.preview')}
                  </Link>
                )}
              </>
            ) : (
              <>
                <ActionButton
                  testId="launchpad-mint"
                  active={active}
                  onClick={() => setModal('mint')}
                >
                  {t('launchpad.detail.mint')}
                </ActionButton>
                {project.isExchange === 1 && (
                  <ActionButton
                    testId="launchpad-exchange"
                    active={active}
                    onClick={() => (signedIn ? setModal('exchange') : openConnectDialog())}
                    secondary
                  >
                    {t('launchpad.detail.exchange')}
                  </ActionButton>
                )}
              </>
            )}
          </div>
        </div>
        {article && (
          <article
            data-testid="launchpad-article"
            className="text-sm leading-relaxed text-slate-300 lg:col-span-2 [&_a]:text-brand-300 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-white [&_img]:max-w-full [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3"
            dangerouslySetInnerHTML={{ __html: article }}
          />
        )}
      </div>
      <Suspense fallback={null}>
        {modal === 'mint' && (
          <MintModal project={project} onClose={() => setModal(null)} onMinted={onChanged} />
        )}
        {modal === 'exchange' && (
          <ExchangeModal project={project} onClose={() => setModal(null)} onExchanged={onChanged} />
        )}
      </Suspense>
    </div>
  );
}

/** Mint / exchange: styled disabled and inert unless the project is in progress (state 1). */
function ActionButton({
  active,
  onClick,
  children,
  testId,
  secondary = false,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
  testId: string;
  secondary?: boolean;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-disabled={!active}
      onClick={active ? onClick : undefined}
      className={`h-12 min-w-40 rounded-full px-6 font-semibold ${
        !active
          ? 'cursor-not-allowed bg-white/10 text-slate-500'
          : secondary
            ? 'border border-brand-400 text-brand-200 hover:bg-brand-500/10'
            : 'bg-brand-500 text-ink-950 hover:bg-brand-400'
      }`}
    >
      {children}
    </button>
  );
}

export default LaunchpadDetailPage;
