import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NATIVE_COIN } from '@aiamarket/shared';
import { useLocaleFormat } from '../../lib/localeFormat';
import { isSignedIn, openConnectDialog, useSession } from '../../lib/session';
import { fetchMyCollections, fetchRoyaltySummary } from './api';
import { RoyaltyTable } from './RoyaltyTable';

/** /account/collection: the creator's collections, royalty totals and royalty table. */
export default function CreatorDashboardPage() {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const session = useSession();
  const signedIn = isSignedIn(session);
  const collections = useQuery({
    queryKey: ['collection', 'mine', session.address],
    queryFn: ({ signal }) => fetchMyCollections(signal),
    enabled: signedIn,
  });
  const summary = useQuery({
    queryKey: ['royalty', 'summary', session.address],
    queryFn: ({ signal }) => fetchRoyaltySummary(signal),
    enabled: signedIn,
  });

  if (!signedIn) {
    return (
      <section
        className="mx-auto max-w-3xl px-4 py-16 text-center"
        data-testid="creator-signed-out"
      >
        <h1 className="text-2xl font-bold text-white">{t('creator.title')}</h1>
        <p className="mt-2 text-slate-400">{t('creator.signIn')}</p>
        <button
          type="button"
          onClick={openConnectDialog}
          className="mt-6 h-11 rounded-full bg-brand-500 px-6 font-semibold text-ink-950 hover:bg-brand-400"
        >
          {t('nav.connectWallet')}
        </button>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-10" data-testid="creator-dashboard">
      <h1 className="text-2xl font-bold text-white">{t('creator.title')}</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-white/10 bg-white/5 p-5">
          <dt className="text-sm text-slate-400">{t('creator.totalAll')}</dt>
          <dd data-testid="royalty-total" className="mt-1 text-2xl font-semibold text-white">
            {summary.data ? fmt.price(summary.data.totalTrans) : '…'} {NATIVE_COIN.symbol}
          </dd>
        </div>
        <div className="rounded-2xl border border-white/10 bg-white/5 p-5">
          <dt className="text-sm text-slate-400">{t('creator.totalToday')}</dt>
          <dd data-testid="royalty-today" className="mt-1 text-2xl font-semibold text-white">
            {summary.data ? fmt.price(summary.data.totalTransToday) : '…'} {NATIVE_COIN.symbol}
          </dd>
        </div>
      </dl>

      <h2 className="mt-10 text-lg font-semibold text-white">{t('creator.collections')}</h2>
      {collections.isError && (
        <p role="alert" className="mt-4 text-rose-300">
          {t('creator.loadError')}
        </p>
      )}
      {collections.isSuccess && collections.data.collections.length === 0 && (
        <p className="mt-4 text-slate-400">{t('creator.noCollections')}</p>
      )}
      <ul
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        data-testid="creator-collections"
      >
        {(collections.data?.collections ?? []).map((c) => (
          <li key={c.id} className="overflow-hidden rounded-2xl border border-white/10 bg-white/5">
            <Link to={`/collection/${c.linkCollection}`} className="block">
              {c.coverUrl ? (
                <img src={c.coverUrl} alt="" className="h-32 w-full object-cover" />
              ) : (
                <div className="h-32 bg-gradient-to-br from-brand-500/30 to-violet-500/30" />
              )}
            </Link>
            <div className="flex items-center justify-between gap-3 p-4">
              <Link to={`/collection/${c.linkCollection}`} className="min-w-0">
                <p className="truncate font-semibold text-white">{c.name}</p>
                <p className="text-xs text-slate-400">
                  {c.royaltySource === 'erc2981'
                    ? t('creator.royaltyRateErc2981', { rate: c.royalty ?? 0 })
                    : t('creator.royaltyRate', { rate: c.royalty ?? 0 })}
                </p>
              </Link>
              <Link
                to={`/collection-edit/${c.linkCollection}`}
                state={{ from: 'list' }}
                data-testid={`creator-edit-${c.linkCollection}`}
                className="shrink-0 rounded-full border border-white/15 px-3 py-1.5 text-xs text-slate-200 hover:bg-white/10"
              >
                {t('creator.edit')}
              </Link>
            </div>
          </li>
        ))}
      </ul>

      <RoyaltyTable />
    </section>
  );
}
