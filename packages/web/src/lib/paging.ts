import type { Page } from '@aiamarket/shared';

/** For useInfiniteQuery: the next page number while fewer records than `total` are loaded. */
type Loaded<T> = Pick<Page<T>, 'records' | 'total'>;

export function nextPageOf<T>(last: Loaded<T>, pages: Loaded<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.records.length, 0);
  return loaded < last.total && last.records.length > 0 ? pages.length + 1 : undefined;
}
