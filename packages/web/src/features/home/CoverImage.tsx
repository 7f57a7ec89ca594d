/**
 * A carousel slide's picture, filling its frame: the first slide's is seen on arrival (on a phone,
 * the largest paint of home), so it loads at once and first; the others load lazily.
 */
export function CoverImage({
  src,
  width,
  height,
  first,
}: {
  src: string;
  width: number;
  height: number;
  first: boolean;
}) {
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      className="absolute inset-0 size-full object-cover"
    />
  );
}
