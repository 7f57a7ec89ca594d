import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { findBy } from '../../db/find-by.js';
import { replaceById } from '../../db/replace-by-id.js';
import { countWhere, pageWithTotal } from '../../db/page-with-total.js';
import { articleCategories, articles, type LocalizedText } from '../../db/schema.js';
import { sanitizeHtml } from '../../http/html.js';
import type { ArticleInput, CategoryInput } from './input.js';

export type CategoryRow = typeof articleCategories.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type ArticleSummaryRow = Pick<
  ArticleRow,
  'id' | 'categoryId' | 'titles' | 'readCount' | 'updatedAt'
>;

const summaryColumns = {
  id: articles.id,
  categoryId: articles.categoryId,
  titles: articles.titles,
  readCount: articles.readCount,
  updatedAt: articles.updatedAt,
};

/** One page of categories (sort, then id), each with all its articles (sort, then id). */
export async function categoryPage(db: AppDb, page: number, size: number) {
  const { rows: categories, total } = await pageWithTotal(
    db
      .select()
      .from(articleCategories)
      .orderBy(asc(articleCategories.sort), asc(articleCategories.id))
      .$dynamic(),
    countWhere(db, articleCategories, undefined),
    page,
    size,
  );
  const ids = categories.map((c) => c.id);
  const list = ids.length
    ? await db
        .select(summaryColumns)
        .from(articles)
        .where(inArray(articles.categoryId, ids))
        .orderBy(asc(articles.sort), asc(articles.id))
    : [];
  return {
    total,
    categories: categories.map((c) => ({
      category: c,
      articles: list.filter((a) => a.categoryId === c.id),
    })),
  };
}

/** One page of articles, of one category or of all. */
export async function articlePage(
  db: AppDb,
  categoryId: number | undefined,
  page: number,
  size: number,
) {
  const where = categoryId === undefined ? undefined : eq(articles.categoryId, categoryId);
  return pageWithTotal(
    db
      .select(summaryColumns)
      .from(articles)
      .where(where)
      .orderBy(asc(articles.sort), asc(articles.id))
      .$dynamic(),
    countWhere(db, articles, where),
    page,
    size,
  );
}

export const findCategory = (db: AppDb, id: number): Promise<CategoryRow | undefined> =>
  findBy(db, articleCategories, articleCategories.id, id);

/** An article without counting a read (admin edits). */
export const findArticle = (db: AppDb, id: number): Promise<ArticleRow | undefined> =>
  findBy(db, articles, articles.id, id);

/** Reads an article and counts the read (one atomic update); undefined when unknown. */
export async function readArticle(
  db: AppDb,
  id: number,
): Promise<{ article: ArticleRow; categoryNames: LocalizedText } | undefined> {
  const rows = await db
    .update(articles)
    .set({ readCount: sql`${articles.readCount} + 1` })
    .where(eq(articles.id, id))
    .returning();
  const article = rows[0];
  if (!article) return undefined;
  const category = await findCategory(db, article.categoryId);
  return { article, categoryNames: category?.names ?? { en: '' } };
}

function cleanTexts(texts: Record<string, string | undefined>): LocalizedText {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(texts)) if (v !== undefined && v !== '') out[k] = v;
  return out as LocalizedText;
}

/** Creates a category, or replaces the one with `id` (404 when unknown). */
export async function saveCategory(db: AppDb, input: CategoryInput): Promise<CategoryRow> {
  const values = { names: cleanTexts(input.names), sort: input.sort ?? 0 };
  if (input.id === undefined) {
    const rows = await db.insert(articleCategories).values(values).returning();
    return rows[0]!;
  }
  return replaceById(db, articleCategories, input.id, values, `No article category ${input.id}`);
}

/** Creates an article, or replaces the one with `id`; the HTML contents are sanitised. */
export async function saveArticle(db: AppDb, input: ArticleInput): Promise<ArticleRow> {
  if (!(await findCategory(db, input.categoryId))) {
    throw new ApiError(ERRORS.notFound, `No article category ${input.categoryId}`);
  }
  const contents = cleanTexts(input.contents);
  for (const key of Object.keys(contents)) contents[key] = sanitizeHtml(contents[key]!);
  const values = {
    categoryId: input.categoryId,
    titles: cleanTexts(input.titles),
    contents,
    sort: input.sort ?? 0,
  };
  if (input.id === undefined) {
    const rows = await db.insert(articles).values(values).returning();
    return rows[0]!;
  }
  return replaceById(db, articles, input.id, values, `No article ${input.id}`);
}
