import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE, type RoyaltyRowVO } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { requireUser, TOKEN_SECURITY } from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { pageFields, pageOf, queryOrBodyHook } from '../../http/paging.js';
import { CoinCatalog } from '../../chain/coins.js';
import { collectionService } from './service.js';

export const royaltyRowSchema = z.object({
  tokenName: z.string().nullable(),
  tokenImageUrl: z.string().nullable(),
  tokenId: z.string(),
  contractAddr: z.string(),
  price: z.string().describe('unit price in coin units'),
  coin: z.string().describe('coin symbol (AIA for the native coin)'),
  amount: z.string().describe('items bought'),
  totalTrans: z.string().describe('price x amount, coin units'),
  royalty: z.string().describe('royalty received, coin units'),
  createDate: z.string().describe('ISO 8601 block time'),
}) satisfies z.ZodType<RoyaltyRowVO>;

export const royaltySummarySchema = z.object({
  totalTrans: z
    .string()
    .describe(
      'royalties received all time, in the reference unit (AIA): each at the rate of its sale',
    ),
  totalTransToday: z.string().describe('since 00:00 UTC today'),
});

/** The creator dashboard's royalty table and totals (the signed-in receiver's). */
export function royaltyRoutes(
  ctx: ServerContext,
  coins = new CoinCatalog(ctx.chain),
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const collections = collectionService(ctx, coins);
  return async (app) => {
    app.route({
      method: ['POST', 'GET'],
      url: '/nftRoyalty/pageByCurrentUser',
      preValidation: queryOrBodyHook,
      schema: {
        tags: ['royalty'],
        summary: 'Royalties paid to the signed-in user, newest first (page size 10)',
        security: TOKEN_SECURITY,
        querystring: z.object({ ...pageFields(PAGE_SIZE.royalty) }),
        response: { 200: envelopeOf(pageOf(royaltyRowSchema)) },
      },
      handler: async (request) => {
        const user = await requireUser(db, request);
        const { page, size } = request.query;
        return ok(await collections.royaltyPage(user, page, size));
      },
    });

    app.get(
      '/nftRoyalty/summaryByCurrentUser',
      {
        schema: {
          tags: ['royalty'],
          summary: 'Royalty totals of the signed-in user: all time and today (UTC)',
          security: TOKEN_SECURITY,
          response: { 200: envelopeOf(royaltySummarySchema) },
        },
      },
      async (request) => {
        const user = await requireUser(db, request);
        return ok(await collections.royaltyTotals(user));
      },
    );
  };
}
