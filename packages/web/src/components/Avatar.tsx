import { cx } from '../lib/cx';

/** A hue from an address, so that every account without a picture still looks different. */
function hueOf(seed: string): number {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/**
 * A round profile picture; a gradient made from `seed` when there is none. The picture loads
 * lazily unless `priority` (above the fold at first paint); `size` is its largest displayed size
 * in CSS pixels, given as width and height so that its box is known before it loads.
 */
export function Avatar({
  src,
  seed,
  className,
  alt = '',
  size = 40,
  priority = false,
  testId,
}: {
  src?: string | null;
  seed: string;
  className?: string;
  alt?: string;
  size?: number;
  priority?: boolean;
  testId?: string;
}) {
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        data-testid={testId}
        className={cx('rounded-full object-cover', className)}
      />
    );
  }
  const hue = hueOf(seed);
  return (
    <span
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      data-testid={testId}
      className={cx('inline-block rounded-full', className)}
      style={{
        background: `linear-gradient(135deg, hsl(${hue} 80% 60%), hsl(${(hue + 120) % 360} 70% 45%))`,
      }}
    />
  );
}
