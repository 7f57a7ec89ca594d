import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import type { BannerVO } from './api';
import { bannerTarget } from './bannerTarget';
import { CoverImage } from './CoverImage';

/**
 * The home banners, one at a time in a fixed 3:1 box (21:9 on phones); arrows, dots and the
 * left/right keys change the slide. Each slide opens its target by type.
 */
export function BannerCarousel({ banners }: { banners: BannerVO[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const count = banners.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  return (
    <section
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.bannersLabel')}
      data-testid="home-banners"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(index + 1);
        if (e.key === 'ArrowLeft') go(index - 1);
      }}
      className="relative overflow-hidden rounded-2xl border border-white/10 bg-ink-900"
    >
      <div className="relative aspect-[21/9] sm:aspect-[3/1]">
        {banners.map((b, i) => {
          const target = bannerTarget(b);
          const body = (
            <>
              <CoverImage src={b.imageUrl} width={1500} height={500} first={i === 0} />
              {/* The scrim starts above the text so that a light picture never washes it out;
                  the side padding keeps the text clear of the arrows (left/right 12 + 40 px). */}
              <span
                data-testid="home-banner-caption"
                className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/60 to-transparent px-16 pt-12 pb-8 text-base leading-snug font-bold text-white [text-shadow:0_1px_3px_rgb(0_0_0/0.8)] sm:px-20 sm:pb-10 sm:text-2xl"
              >
                <span className="line-clamp-2">{b.title}</span>
              </span>
            </>
          );
          return (
            <div
              key={b.id}
              role="group"
              aria-roledescription={t('home.slide')}
              aria-label={t('home.slideOf', { index: i + 1, count })}
              aria-hidden={i !== index}
              data-testid="home-banner"
              data-banner-type={b.type}
              className={cx(
                'absolute inset-0 transition-opacity duration-500',
                i === index ? 'opacity-100' : 'pointer-events-none opacity-0',
              )}
            >
              {target ? (
                <Link
                  to={target.to}
                  state={target.state}
                  tabIndex={i === index ? 0 : -1}
                  className="absolute inset-0"
                >
                  {body}
                </Link>
              ) : (
                body
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(index - 1)}
            aria-label={t('home.previous')}
            data-testid="home-banner-prev"
            className="absolute top-1/2 left-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70"
          >
            <span aria-hidden>‹</span>
          </button>
          <button
            type="button"
            onClick={() => go(index + 1)}
            aria-label={t('home.next')}
            data-testid="home-banner-next"
            className="absolute top-1/2 right-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70"
          >
            <span aria-hidden>›</span>
          </button>
          <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                aria-label={t('home.goToSlide', { index: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                className={cx(
                  'h-2 rounded-full transition-all',
                  i === index ? 'w-6 bg-white' : 'w-2 bg-white/50',
                )}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
