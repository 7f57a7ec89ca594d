import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyIllustration } from '../../components/EmptyIllustration';
import { ErrorState } from '../../components/nft/ErrorState';
import { LoadMore } from '../../components/LoadMore';
import { nextPageOf } from '../../lib/paging';
import { categoryPath, fetchCategories } from './api';
import { ArticleList, ListSkeleton } from './parts';

/** Articles shown per category card; the category page lists them all. */
const ARTICLES_PER_CARD = 5;

/** /helpcenter: the categories (10 a page) with their latest articles. */
export function HelpCenterPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const query = useInfiniteQuery({
    queryKey: ['help', 'categories', lang],
    queryFn: ({ pageParam, signal }) => fetchCategories(pageParam, lang, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
  const categories = query.data?.pages.flatMap((p) => p.records) ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6" data-testid="help-center">
      <header className="mb-10 text-center">
        <h1 className="text-3xl font-extrabold text-white sm:text-4xl">{t('help.title')}</h1>
        <p className="mt-3 text-slate-400">{t('help.subtitle')}</p>
      </header>
      {query.isPending ? (
        <ListSkeleton rows={6} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : categories.length === 0 ? (
        <EmptyIllustration label={t('help.empty')} testId="help-empty" />
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2">
            {categories.map((category) => (
              <section
                key={category.id}
                aria-labelledby={`help-category-${category.id}`}
                data-testid="help-category"
                className="flex flex-col rounded-2xl border border-white/10 bg-ink-900 p-5"
              >
                <h2
                  id={`help-category-${category.id}`}
                  className="mb-2 text-lg font-bold text-white"
                >
                  {category.inName}
                </h2>
                {category.articleList.length === 0 ? (
                  <p className="py-3 text-sm text-slate-400">{t('help.noArticles')}</p>
                ) : (
                  <ArticleList
                    articles={category.articleList.slice(0, ARTICLES_PER_CARD)}
                    categoryName={category.inName}
                  />
                )}
                <Link
                  to={categoryPath(category)}
                  data-testid="help-category-all"
                  className="mt-3 self-start text-sm font-semibold text-brand-300 hover:text-brand-400"
                >
                  {t('help.viewAll', { name: category.inName })}
                </Link>
              </section>
            ))}
          </div>
          <LoadMore query={query} />
        </>
      )}
    </div>
  );
}

export default HelpCenterPage;
