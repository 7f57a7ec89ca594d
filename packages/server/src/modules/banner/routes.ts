import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BannerVO } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { langQuery, localeOf, pickText } from '../../http/locale.js';
import { listBanners } from './queries.js';

const bannerRecord = z.object({
  id: z.number(),
  type: z.number().describe('0 article, 1 activity (/activityDetail), 2 collection, 3 item'),
  imageUrl: z.string(),
  title: z.string().describe('in the requested language'),
  articleId: z.number().nullable().describe('type 0'),
  activityId: z.number().nullable().describe('type 1'),
  linkCollection: z.string().nullable().describe('type 2'),
  tokenId: z.string().nullable().describe('type 3'),
  contractAddr: z.string().nullable().describe('type 3'),
  sort: z.number(),
}) satisfies z.ZodType<BannerVO>;

/** GET /v1/api/collections/banner: the home carousel. */
export function bannerRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    app.get(
      '/collections/banner',
      {
        schema: {
          tags: ['home'],
          summary: 'The home banners in carousel order (data.records)',
          querystring: z.object({ ...langQuery }),
          response: {
            200: envelopeOf(z.object({ records: z.array(bannerRecord), total: z.number() })),
          },
        },
      },
      async (request) => {
        const locale = localeOf(request);
        const rows = await listBanners(db);
        const records = rows.map((b): BannerVO => ({
          id: b.id,
          type: b.type,
          imageUrl: b.imageUrl,
          title: pickText(b.titles, locale),
          articleId: b.articleId,
          activityId: b.activityId,
          linkCollection: b.linkCollection,
          tokenId: b.tokenId,
          contractAddr: b.contractAddr,
          sort: b.sort,
        }));
        return ok({ records, total: records.length });
      },
    );
  };
}
