import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ERRORS,
  PAGE_SIZE,
  type ArticleCategoryVO,
  type ArticleSummaryVO,
  type ArticleVO,
  type Locale,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { langQuery, localeOf, pickText } from '../../http/locale.js';
import { liftDataHook, pageFields, pageOf, paged } from '../../http/paging.js';
import { articlePage, categoryPage, readArticle, type ArticleSummaryRow } from './queries.js';

const articleSummary = z.object({
  id: z.number(),
  categoryId: z.number(),
  title: z.string().describe('in the requested language (English when not translated)'),
  readCount: z.number(),
  modifyDate: z.string().describe('ISO 8601'),
}) satisfies z.ZodType<ArticleSummaryVO>;

const categoryRecord = z.object({
  id: z.number(),
  inName: z.string(),
  articleList: z.array(articleSummary),
}) satisfies z.ZodType<ArticleCategoryVO>;

const articleData = z.object({
  id: z.number(),
  categoryId: z.number(),
  categoryName: z.string(),
  title: z.string(),
  inName: z.string().describe('the title'),
  inContent: z.string().describe('sanitised HTML'),
  readCount: z.number().describe('including this read'),
  modifyDate: z.string().describe('ISO 8601'),
  createDate: z.string().describe('ISO 8601'),
}) satisfies z.ZodType<ArticleVO>;

const summaryOf = (row: ArticleSummaryRow, locale: Locale): ArticleSummaryVO => ({
  id: row.id,
  categoryId: row.categoryId,
  title: pickText(row.titles, locale),
  readCount: row.readCount,
  modifyDate: row.updatedAt.toISOString(),
});

const idParam = z.coerce.number().int().min(1).max(2_147_483_647);

/** The help centre: categories and articles, answered in the requested language. */
export function articleRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    app.get(
      '/articles/category/page',
      {
        schema: {
          tags: ['help centre'],
          summary: 'Categories (page size 10) with their articles',
          querystring: z.object({ ...pageFields(PAGE_SIZE.articleCategories), ...langQuery }),
          response: { 200: envelopeOf(pageOf(categoryRecord)) },
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const locale = localeOf(request);
        const { total, categories } = await categoryPage(db, page, size);
        const records = categories.map(({ category, articles }) => ({
          id: category.id,
          inName: pickText(category.names, locale),
          articleList: articles.map((a) => summaryOf(a, locale)),
        }));
        return ok(paged(records, total, page, size));
      },
    );

    app.get(
      '/articles/page',
      {
        preValidation: liftDataHook,
        schema: {
          tags: ['help centre'],
          summary: 'Articles of a category (categoryId or data[categoryId]), paged',
          querystring: z.object({
            categoryId: idParam.optional().describe('also accepted as data[categoryId]'),
            ...pageFields(PAGE_SIZE.articleCategories),
            ...langQuery,
          }),
          response: { 200: envelopeOf(pageOf(articleSummary)) },
        },
      },
      async (request) => {
        const { categoryId, page, size } = request.query;
        const locale = localeOf(request);
        const { total, rows } = await articlePage(db, categoryId, page, size);
        return ok(
          paged(
            rows.map((r) => summaryOf(r, locale)),
            total,
            page,
            size,
          ),
        );
      },
    );

    app.get(
      '/articles/:id',
      {
        schema: {
          tags: ['help centre'],
          summary: 'An article (counts one read)',
          params: z.object({ id: idParam }),
          querystring: z.object({ ...langQuery }),
          response: { 200: envelopeOf(articleData) },
        },
      },
      async (request) => {
        const found = await readArticle(db, request.params.id);
        if (!found) throw new ApiError(ERRORS.notFound, `No article ${request.params.id}`);
        const { article, categoryNames } = found;
        const locale = localeOf(request);
        const title = pickText(article.titles, locale);
        return ok({
          id: article.id,
          categoryId: article.categoryId,
          categoryName: pickText(categoryNames, locale),
          title,
          inName: title,
          inContent: pickText(article.contents, locale),
          readCount: article.readCount,
          modifyDate: article.updatedAt.toISOString(),
          createDate: article.createdAt.toISOString(),
        });
      },
    );
  };
}
