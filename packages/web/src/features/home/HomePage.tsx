import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/nft/ErrorState';
import { RankingTable } from '../../components/nft/RankingTable';
import { SkeletonBlock } from '../../components/nft/Skeletons';
import { fetchBanners, fetchFeatured, fetchRankingPreview } from './api';
import { BannerCarousel } from './BannerCarousel';
import { FeaturedCarousel } from './FeaturedCarousel';
import { Icon } from '../../components/icons';
import { SectionTitle } from './SectionTitle';

const FEATURES = [
  { id: 'ownership', icon: 'M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z' },
  {
    id: 'royalties',
    icon: 'M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3',
  },
  {
    id: 'launchpad',
    icon: 'M5 19c1.5-3.5 4-6.5 7-8.5M9 15l-3-3 4-6c2.5-2 5.5-3 9-3 0 3.5-1 6.5-3 9l-6 4z',
  },
] as const;

/**
 * Home: banner carousel (the hero stands in when there is no banner, the error state with a
 * retry when the banners could not be loaded), featured collections,
 * the trading ranking preview (5 rows), three feature blurbs and the domain notice.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const banners = useQuery({
    queryKey: ['home', 'banners', lang],
    queryFn: ({ signal }) => fetchBanners(lang, signal),
  });
  const featured = useQuery({
    queryKey: ['home', 'featured'],
    queryFn: ({ signal }) => fetchFeatured(signal),
  });
  const ranking = useQuery({
    queryKey: ['home', 'ranking'],
    queryFn: ({ signal }) => fetchRankingPreview(signal),
  });
  const bannerList = banners.data?.records ?? [];

  return (
    <>
      {/* The top of home is always `home-hero`: the banners, or the welcome when there are none. */}
      <div data-testid="home-hero">
        {bannerList.length > 0 || banners.isPending || banners.isError ? (
          <h1 className="sr-only">{t('home.hero.title')}</h1>
        ) : null}
        {banners.isPending ? (
          <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
            <SkeletonBlock className="aspect-[21/9] w-full rounded-2xl sm:aspect-[3/1]" />
          </div>
        ) : banners.isError && bannerList.length === 0 ? (
          // A failed banner call is not "no banners": say so and offer a retry.
          <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
            <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />
          </div>
        ) : bannerList.length > 0 ? (
          <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
            <BannerCarousel banners={bannerList} />
          </div>
        ) : (
          <Hero />
        )}
      </div>

      <div className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
        {featured.isPending ? (
          <div
            role="status"
            aria-label={t('app.loading')}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {[0, 1, 2].map((i) => (
              <SkeletonBlock
                key={i}
                className={i ? 'hidden aspect-[3/2] sm:block' : 'aspect-[3/2]'}
              />
            ))}
          </div>
        ) : featured.isError ? (
          <ErrorState error={featured.error} onRetry={() => void featured.refetch()} />
        ) : featured.data.length > 0 ? (
          <FeaturedCarousel collections={featured.data} />
        ) : null}
      </div>

      <section
        aria-labelledby="home-ranking-title"
        className="mx-auto max-w-7xl px-4 pt-14 sm:px-6"
        data-testid="home-ranking"
      >
        <div className="flex items-end justify-between gap-3">
          <SectionTitle id="home-ranking-title">{t('home.ranking')}</SectionTitle>
          <Link
            to="/rankings"
            data-testid="home-ranking-all"
            className="text-sm font-semibold text-brand-300 hover:underline"
          >
            {t('home.viewAll')}
          </Link>
        </div>
        <div className="mt-6">
          {ranking.isError ? (
            <ErrorState error={ranking.error} onRetry={() => void ranking.refetch()} />
          ) : (
            <RankingTable
              rows={ranking.data?.records}
              loading={ranking.isPending}
              caption={t('home.ranking')}
              compact
            />
          )}
        </div>
      </section>

      <section
        aria-labelledby="home-features-title"
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
      >
        <SectionTitle id="home-features-title">{t('home.features.title')}</SectionTitle>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.id}
              data-testid={`home-feature-${feature.id}`}
              className="rounded-2xl border border-white/10 bg-ink-900 p-6"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-500/15 text-brand-300">
                <Icon width={22} height={22}>
                  <path d={feature.icon} />
                </Icon>
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">
                {t(`home.features.${feature.id}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-400">
                {t(`home.features.${feature.id}.body`)}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="home-domain-notice-title"
        data-testid="home-domain-notice"
        className="mx-auto mb-16 max-w-7xl px-4 sm:px-6"
      >
        <div className="flex flex-col gap-2 rounded-2xl border border-amber-400/30 bg-amber-400/10 p-5 sm:flex-row sm:items-center sm:gap-4">
          <h2 id="home-domain-notice-title" className="font-semibold text-amber-200">
            {t('home.domainNotice.title')}
          </h2>
          <p className="text-sm text-amber-100/90">{t('home.domainNotice.body')}</p>
        </div>
      </section>
    </>
  );
}

/** The welcome block shown in place of the banners when there are none. */
function Hero() {
  const { t } = useTranslation();
  return (
    <section
      data-testid="home-welcome"
      aria-labelledby="home-hero-title"
      className="relative -mt-16 overflow-hidden pt-16"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,rgba(34,211,238,0.25),transparent_55%),radial-gradient(ellipse_at_bottom_right,rgba(139,92,246,0.3),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32 lg:py-40">
        <h1
          id="home-hero-title"
          className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl"
        >
          {t('home.hero.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-slate-300">
          {t('home.hero.subtitle')}
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link
            to="/marketplace"
            data-testid="home-explore"
            className="inline-flex h-12 items-center rounded-full bg-brand-500 px-6 font-semibold text-ink-950 shadow-lg shadow-brand-500/25 hover:bg-brand-400"
          >
            {t('home.hero.explore')}
          </Link>
          <Link
            to="/launchpad"
            className="inline-flex h-12 items-center rounded-full border border-white/20 px-6 font-semibold text-white hover:bg-white/10"
          >
            {t('home.hero.launchpad')}
          </Link>
        </div>
      </div>
    </section>
  );
}

export default HomePage;
