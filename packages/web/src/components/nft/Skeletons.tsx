import { cx } from '../../lib/cx';

/** A grey pulsing block of the given size classes. */
export function SkeletonBlock({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded-md bg-white/10', className)} />;
}

/** The shape of an NftCard while it loads. */
export function NftCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-white/10 bg-ink-900">
      <div className="aspect-square animate-pulse bg-white/5" />
      {/* Same line heights as NftCard's text, so the grid does not move when cards arrive. */}
      <div className="flex flex-col gap-1 p-3">
        <SkeletonBlock className="h-4 w-1/2" />
        <SkeletonBlock className="h-5 w-3/4" />
        <SkeletonBlock className="mt-1 h-5 w-1/3" />
      </div>
    </div>
  );
}

/** Rows of a table while it loads. */
export function TableRowsSkeleton({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden>
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-3 py-3">
              <SkeletonBlock className="h-4 w-full" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/**
 * The banner, avatar, name and subtitle of a page header (collection, account) while it loads,
 * with the row of stat cards where the page shows them.
 */
export function PageHeaderSkeleton({
  label,
  bannerClass,
  nameClass,
  subtitleClass,
  stats = 0,
}: {
  label: string;
  bannerClass: string;
  nameClass: string;
  subtitleClass: string;
  stats?: number;
}) {
  return (
    <div role="status" aria-label={label}>
      <SkeletonBlock
        className={cx('aspect-[1900/350] min-h-28 w-full rounded-none', bannerClass)}
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SkeletonBlock className="-mt-12 size-24 rounded-full sm:-mt-16 sm:size-32" />
        <SkeletonBlock className={cx('mt-4 h-8', nameClass)} />
        <SkeletonBlock className={cx('mt-3 h-4', subtitleClass)} />
        {stats > 0 && (
          <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {Array.from({ length: stats }, (_, i) => (
              <SkeletonBlock key={i} className="h-16 rounded-xl" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
