import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SkeletonBlock } from '../../components/nft/Skeletons';
import { useLocaleFormat } from '../../lib/localeFormat';
import { articlePath, type ArticleSummary } from './api';

/** Read count and modification date of an article. */
export function ArticleMeta({ readCount, modifyDate }: { readCount: number; modifyDate: string }) {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
      <span data-testid="article-reads">
        {t('help.reads', { count: readCount, value: fmt.integer(readCount) })}
      </span>
      <span>
        {t('help.updated')} <time dateTime={modifyDate}>{fmt.date(modifyDate)}</time>
      </span>
    </span>
  );
}

/** A list of article links with their meta. */
export function ArticleList({
  articles,
  categoryName,
}: {
  articles: ArticleSummary[];
  categoryName?: string;
}) {
  return (
    <ul className="divide-y divide-white/5">
      {articles.map((a) => (
        <li key={a.id} data-testid="article-link">
          <Link
            to={articlePath(a.id, categoryName)}
            className="flex flex-col gap-1 rounded-lg px-2 py-3 hover:bg-white/5"
          >
            <span className="font-medium text-white">{a.title}</span>
            <ArticleMeta readCount={a.readCount} modifyDate={a.modifyDate} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Help centre > category > article. */
export function Breadcrumbs({ items }: { items: { label: string; to?: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('help.breadcrumbs')} className="text-sm text-slate-400">
      <ol className="flex flex-wrap items-center gap-2">
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden>/</span>}
            {item.to ? (
              <Link to={item.to} className="hover:text-white">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-slate-200">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonBlock key={i} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}
