import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../lib/useInfiniteScroll';

/** What LoadMore reads of an infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a paged list: loads the next page when the page is scrolled to its bottom (the
 * spec's throttled infinite scroll), and offers a button for keyboard and screen-reader users.
 */
export function LoadMore({ query, testId = 'load-more' }: { query: PagedQuery; testId?: string }) {
  const { t } = useTranslation();
  const hasMore = !!query.hasNextPage;
  const loading = query.isFetchingNextPage;
  const onLoad = () => void query.fetchNextPage();
  useInfiniteScroll(onLoad, hasMore && !loading);

  return (
    <div className="flex justify-center py-6">
      {loading ? (
        <p role="status" className="text-sm text-slate-400">
          {t('common.loadingMore')}
        </p>
      ) : hasMore ? (
        <button
          type="button"
          onClick={onLoad}
          data-testid={testId}
          className="inline-flex h-10 items-center rounded-full border border-white/20 px-5 text-sm font-semibold text-white hover:border-brand-400"
        >
          {t('common.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
