import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ApiError, ERRORS } from '@aiamarket/shared';
import { ErrorState } from '../../components/nft/ErrorState';
import { sanitizeHtml } from '../../lib/sanitize';
import { categoryPath, fetchArticle, idOf } from './api';
import { ArticleMeta, Breadcrumbs, ListSkeleton } from './parts';

/** /article-details/{id} and /article-details/{name}/{id}: one article, its body as safe HTML. */
export function ArticleDetailsPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = idOf(params.id);
  const lang = i18n.language;
  const query = useQuery({
    queryKey: ['help', 'article', id, lang],
    queryFn: ({ signal }) => fetchArticle(id ?? 0, lang, signal),
    enabled: id !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const body = useMemo(() => sanitizeHtml(query.data?.inContent ?? ''), [query.data?.inContent]);

  if (id === null) return <Navigate to="/404" replace />;
  if (query.error instanceof ApiError && query.error.code === ERRORS.notFound.code) {
    return <Navigate to="/404" replace />;
  }
  const article = query.data;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {query.isPending ? (
        <ListSkeleton rows={5} />
      ) : query.isError || !article ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <article data-testid="article-details" aria-labelledby="article-title">
          <Breadcrumbs
            items={[
              { label: t('help.title'), to: '/helpcenter' },
              {
                label: article.categoryName,
                to: categoryPath({ id: article.categoryId, inName: article.categoryName }),
              },
              { label: article.title },
            ]}
          />
          <h1 id="article-title" className="mt-4 text-3xl font-extrabold text-white">
            {article.title}
          </h1>
          <div className="mt-3">
            <ArticleMeta readCount={article.readCount} modifyDate={article.modifyDate} />
          </div>
          <div
            data-testid="article-body"
            className="mt-8 leading-relaxed text-slate-200 [&_a]:text-brand-300 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-white [&_img]:h-auto [&_img]:max-w-full [&_li]:ml-5 [&_li]:list-disc [&_ol>li]:list-decimal [&_p]:mt-4 [&_pre]:overflow-x-auto [&_table]:block [&_table]:overflow-x-auto"
            dangerouslySetInnerHTML={{ __html: body }}
          />
        </article>
      )}
    </div>
  );
}

export default ArticleDetailsPage;
