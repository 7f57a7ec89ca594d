import {
  PAGE_SIZE,
  type ArticleCategoryVO,
  type ArticleSummaryVO,
  type ArticleVO,
  type Page,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

// The help-centre calls (spec doc 1, section 7), answered in the interface language.

export type ArticleSummary = ArticleSummaryVO;
export type ArticleCategory = ArticleCategoryVO;
export type Article = ArticleVO;

export function fetchCategories(page: number, lang: string, signal?: AbortSignal) {
  return apiRequest<Page<ArticleCategory>>('/articles/category/page', {
    query: { page, size: PAGE_SIZE.articleCategories, lang },
    signal,
  });
}

export function fetchArticles(
  categoryId: number,
  page: number,
  lang: string,
  signal?: AbortSignal,
) {
  return apiRequest<Page<ArticleSummary>>('/articles/page', {
    query: { categoryId, page, size: PAGE_SIZE.articleCategories, lang },
    signal,
  });
}

export function fetchArticle(id: number, lang: string, signal?: AbortSignal) {
  return apiRequest<Article>(`/articles/${id}`, { query: { lang }, signal });
}

/** A route id segment as a positive integer, or null. */
export function idOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The URL of an article, with its category name when known. */
export function articlePath(id: number, categoryName?: string): string {
  return categoryName
    ? `/article-details/${encodeURIComponent(categoryName)}/${id}`
    : `/article-details/${id}`;
}

export function categoryPath(category: { id: number; inName: string }): string {
  return `/article-type/${encodeURIComponent(category.inName)}/${category.id}`;
}
