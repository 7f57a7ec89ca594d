import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIMING, type CollectionVO } from '@aiamarket/shared';
import { Avatar } from '../../components/Avatar';
import { collectionPath } from '../../components/nft/links';
import { cx } from '../../lib/cx';
import { useLocaleFormat } from '../../lib/localeFormat';
import { useReducedMotion } from '../../lib/useReducedMotion';
import { CoverImage } from './CoverImage';
import { SectionTitle } from './SectionTitle';

/** The collections in view, starting at `start` and wrapping around. */
export function rotate<T>(items: T[], start: number): T[] {
  if (items.length === 0) return items;
  const s = ((start % items.length) + items.length) % items.length;
  return [...items.slice(s), ...items.slice(0, s)];
}

/**
 * The featured collections (6): one step every 2.5 s, paused while hovered or focused, when
 * the visitor pauses it, and never moving for visitors who ask for reduced motion.
 */
export function FeaturedCarousel({ collections }: { collections: CollectionVO[] }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const [start, setStart] = useState(0);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = useReducedMotion();
  const [stopped, setStopped] = useState(reducedMotion);
  // Asking for reduced motion while it plays stops it (the visitor may start it again).
  const [seenReducedMotion, setSeenReducedMotion] = useState(reducedMotion);
  if (reducedMotion !== seenReducedMotion) {
    setSeenReducedMotion(reducedMotion);
    if (reducedMotion) setStopped(true);
  }
  const playing = !hovered && !stopped && collections.length > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setStart((s) => s + 1), TIMING.featuredAutoplayMs);
    return () => clearInterval(timer);
  }, [playing]);

  return (
    <section
      aria-roledescription={t('home.carousel')}
      aria-labelledby="home-featured-title"
      data-testid="home-featured"
      data-playing={playing ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div className="flex items-center justify-between gap-3">
        <SectionTitle id="home-featured-title">{t('home.featured')}</SectionTitle>
        <div className="flex gap-2">
          <button
            type="button"
            data-testid="home-featured-pause"
            aria-pressed={stopped}
            onClick={() => setStopped((s) => !s)}
            className="h-9 rounded-full border border-white/15 px-3 text-xs font-semibold text-white hover:bg-white/10"
          >
            {stopped ? t('home.play') : t('home.pause')}
          </button>
          <button
            type="button"
            aria-label={t('home.previous')}
            onClick={() => setStart((s) => s - 1)}
            className="inline-flex size-9 items-center justify-center rounded-full border border-white/15 text-white hover:bg-white/10"
          >
            <span aria-hidden>‹</span>
          </button>
          <button
            type="button"
            aria-label={t('home.next')}
            data-testid="home-featured-next"
            onClick={() => setStart((s) => s + 1)}
            className="inline-flex size-9 items-center justify-center rounded-full border border-white/15 text-white hover:bg-white/10"
          >
            <span aria-hidden>›</span>
          </button>
        </div>
      </div>
      <ul
        aria-live={playing ? 'off' : 'polite'}
        className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {rotate(collections, start).map((c, i) => (
          <li
            key={c.id}
            data-testid="home-featured-card"
            className={cx(
              i >= 1 && 'hidden sm:block',
              i >= 2 && 'sm:hidden lg:block',
              i >= 3 && 'lg:hidden',
            )}
          >
            <Link
              to={collectionPath(c.linkCollection)}
              className="block overflow-hidden rounded-2xl border border-white/10 bg-ink-900 hover:border-brand-400/50"
            >
              <div className="relative aspect-[3/2] bg-ink-800">
                {c.coverUrl && (
                  <CoverImage src={c.coverUrl} width={600} height={400} first={i === 0} />
                )}
              </div>
              <div className="flex items-center gap-3 p-4">
                <Avatar
                  src={c.headUrl}
                  seed={c.linkCollection}
                  size={44}
                  className="size-11 shrink-0 border-2 border-ink-900"
                />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-white">{c.name}</p>
                  <p className="text-xs text-slate-400">
                    {t('home.floor')}{' '}
                    <span className="text-slate-200 tabular-nums">
                      {c.lowestPrice === null ? '–' : fmt.price(c.lowestPrice)}
                    </span>
                    {' · '}
                    {t('home.items', { count: c.totalTokens, n: fmt.count(c.totalTokens) })}
                  </p>
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
