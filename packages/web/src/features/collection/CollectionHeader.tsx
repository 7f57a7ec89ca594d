import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLAMP_LINES, REFERENCE_UNIT, type CollectionVO } from '@aiamarket/shared';
import { Avatar } from '../../components/Avatar';
import { coinPartsLine } from '../../components/nft/coinParts';
import { ClampedText } from '../../components/ClampedText';
import { useLocaleFormat } from '../../lib/localeFormat';
import { useSession } from '../../lib/session';
import { SocialLinks } from './SocialLinks';

/**
 * Banner, picture, cover, name, description, links and the five figures of a collection. The
 * three images keep the shapes of their upload hints (spec: profile 200x200, cover 600x400,
 * background 1900x350) in fixed boxes, so nothing moves as they load: the background is the
 * banner, the head the round picture, the cover a 3:2 card beside the name. Without a background
 * the cover stands in as the banner and is not shown twice.
 */
export function CollectionHeader({ collection }: { collection: CollectionVO }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const session = useSession();
  const banner = collection.backgroundUrl || collection.coverUrl;
  const cover = collection.backgroundUrl ? collection.coverUrl : null;
  const isOwner =
    !!session.address &&
    !!collection.ownerAddr &&
    session.address === collection.ownerAddr.toLowerCase();
  // Floor and volume are in the reference unit across coins; the per-coin parts go below them.
  const unit = collection.priceUnit ?? REFERENCE_UNIT.symbol;
  const parts = collection.coinParts;
  const stats = [
    {
      id: 'floor',
      value: collection.lowestPrice ? fmt.price(collection.lowestPrice) : '-',
      unit: collection.lowestPrice ? unit : '',
      parts: coinPartsLine(parts?.lowestPrice, fmt.price, ' · '),
    },
    {
      id: 'volume',
      value: fmt.volume(collection.totalTransaction),
      unit,
      parts: coinPartsLine(parts?.totalTransaction, fmt.price),
    },
    { id: 'items', value: fmt.compact(collection.totalTokens), unit: '', parts: undefined },
    { id: 'owners', value: fmt.compact(collection.totalHolder), unit: '', parts: undefined },
    { id: 'listed', value: fmt.compact(collection.totalOrder), unit: '', parts: undefined },
  ] as const;

  return (
    <header data-testid="collection-header">
      <div className="relative aspect-[1900/350] max-h-80 min-h-28 w-full overflow-hidden bg-gradient-to-r from-ink-800 to-ink-900">
        {banner && (
          <img
            src={banner}
            alt=""
            width={1900}
            height={350}
            className="absolute inset-0 size-full object-cover"
            data-testid="collection-banner"
          />
        )}
      </div>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="relative -mt-12 flex items-end justify-between gap-4 sm:-mt-16">
          <Avatar
            src={collection.headUrl}
            seed={collection.contractAddr}
            alt={t('collection.picture', { name: collection.name })}
            size={128}
            priority
            testId="collection-picture"
            className="size-24 shrink-0 border-4 border-ink-950 bg-ink-900 sm:size-32"
          />
          {isOwner && (
            <Link
              to={`/collection-edit/${encodeURIComponent(collection.linkCollection)}`}
              state={{ from: 'detail' }}
              data-testid="collection-edit"
              className="mb-2 inline-flex h-10 items-center rounded-full border border-white/20 px-4 text-sm font-semibold text-white hover:border-brand-400"
            >
              {t('collection.edit')}
            </Link>
          )}
        </div>
        <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="flex min-w-0 flex-1 items-start gap-4">
            {cover && (
              <img
                src={cover}
                alt={t('collection.cover', { name: collection.name })}
                width={600}
                height={400}
                loading="lazy"
                data-testid="collection-cover"
                className="aspect-[3/2] w-28 shrink-0 rounded-xl border border-white/10 bg-ink-900 object-cover sm:w-40"
              />
            )}
            <div className="min-w-0 flex-1">
              <h1
                className="text-2xl font-extrabold break-words text-white sm:text-3xl"
                data-testid="collection-name"
              >
                {collection.name}
              </h1>
              {collection.description && (
                <ClampedText
                  text={collection.description}
                  lines={CLAMP_LINES.collectionDescription as 1}
                  className="mt-2 max-w-3xl text-slate-300"
                  testId="collection-description"
                />
              )}
            </div>
          </div>
          <SocialLinks collection={collection} />
        </div>
        <dl
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          data-testid="collection-stats"
        >
          {stats.map((s) => (
            <div
              key={s.id}
              className="rounded-xl border border-white/10 bg-ink-900 px-4 py-3"
              data-testid={`collection-stat-${s.id}`}
            >
              <dt className="text-xs text-slate-400">{t(`collection.stats.${s.id}`)}</dt>
              <dd
                className="mt-1 truncate text-lg font-bold text-white tabular-nums"
                title={s.parts}
              >
                {s.value} {s.unit && <span className="text-xs text-slate-400">{s.unit}</span>}
              </dd>
              {s.parts && (
                <dd
                  className="truncate text-xs text-slate-400 tabular-nums"
                  title={s.parts}
                  data-testid={`collection-stat-${s.id}-parts`}
                >
                  {s.parts}
                </dd>
              )}
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}
