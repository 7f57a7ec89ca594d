import { useState } from 'react';
import { displayImageUrl } from '@aiamarket/shared';
import { cx } from '../../lib/cx';

/**
 * An NFT picture in a fixed square box (no layout shift while it loads), lazy-loaded; without
 * an image, or when it fails to load, a neutral placeholder keeps the box. `priority` pictures
 * (the first row of a grid, seen on arrival) load at once and first.
 */
export function NftImage({
  src,
  alt,
  className,
  eager = false,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cx('relative aspect-square overflow-hidden bg-ink-800', className)}>
      {src && !failed ? (
        <img
          src={displayImageUrl(src)}
          alt={alt}
          width={400}
          height={400}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={alt}
          className="absolute inset-0 bg-[radial-gradient(circle_at_30%_30%,rgba(34,211,238,0.18),transparent_60%)]"
        />
      )}
    </div>
  );
}
