import type { Page } from '@aiamarket/shared';

/** For useInfiniteQuery: the next page number while fewer records than `total` are loaded. */
export function nextPageOf<T>(last: Page<T>, pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.records.length, 0);
  return loaded < last.total && last.records.length > 0 ? pages.length + 1 : undefined;
}
