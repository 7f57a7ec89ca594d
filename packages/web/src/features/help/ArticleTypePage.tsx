import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { ErrorState } from '../../components/nft/ErrorState';
import { LoadMore } from '../../components/LoadMore';
import { nextPageOf } from '../../lib/paging';
import { fetchArticles, idOf } from './api';
import { ArticleList, Breadcrumbs, ListSkeleton } from './parts';

/** /article-type/{name}/{id}: every article of one category, 10 a page. */
export function ArticleTypePage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = idOf(params.id);
  const name = params.name ?? '';
  const lang = i18n.language;
  const query = useInfiniteQuery({
    queryKey: ['help', 'category', id, lang],
    queryFn: ({ pageParam, signal }) => fetchArticles(id ?? 0, pageParam, lang, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: id !== null,
  });
  if (id === null) return <Navigate to="/404" replace />;
  const articles = query.data?.pages.flatMap((p) => p.records) ?? [];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-testid="article-type">
      <Breadcrumbs items={[{ label: t('help.title'), to: '/helpcenter' }, { label: name }]} />
      <h1 className="mt-4 mb-6 text-3xl font-extrabold text-white">{name}</h1>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : articles.length === 0 ? (
        <EmptyIllustration label={t('help.noArticles')} testId="help-empty" />
      ) : (
        <>
          <ArticleList articles={articles} categoryName={name} />
          <LoadMore query={query} />
        </>
      )}
    </div>
  );
}

export default ArticleTypePage;
