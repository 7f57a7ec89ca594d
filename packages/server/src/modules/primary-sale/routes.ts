import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE, type PrimaryActivityItemVO, type PrimaryActivityVO } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { langQuery, localeOf } from '../../http/locale.js';
import { pageFields, pageOf, queryOrBody } from '../../http/paging.js';
import { primarySaleService } from './service.js';

const countdown = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .describe('[days, hours, minutes, seconds] to the start (status 0) or the end (status 1)');

const activityRecord = z.object({
  id: z.number(),
  type: z.number().describe('1 is shown on /primary'),
  status: z.number().describe('0 waiting, 1 in progress, 2 ended, 3 sold out'),
  countdown,
  inName: z.string(),
  inRemark: z.string(),
  coverUrl: z.string(),
  backgroundUrl: z.string().nullable(),
  price: z.string().nullable().describe('decimal string'),
  coin: z.string().nullable(),
  totalNum: z.number().nullable(),
  buyUrl: z.string().nullable(),
  startTime: z.number().describe('unix milliseconds'),
  endTime: z.number().describe('unix milliseconds'),
}) satisfies z.ZodType<PrimaryActivityVO>;

const itemRecord = z.object({
  nftId: z.number().describe('the item id (route /primary-details/{nftId}/...)'),
  blindBoxId: z.number().nullable(),
  name: z.string(),
  tokenId: z.string().nullable(),
  contractAddr: z.string().nullable(),
  imageUrl: z.string(),
  num: z.number(),
  residueNum: z.number(),
  price: z.string(),
  coin: z.string().nullable(),
  status: z
    .number()
    .describe("the activity's status; 3 when the activity is in progress and residueNum is 0"),
}) satisfies z.ZodType<PrimaryActivityItemVO>;

const idField = z.coerce.number().int().min(1).max(2_147_483_647);

/** Primary-sale activities (sales events) and their items; statuses by the server clock. */
export function primarySaleRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const sales = primarySaleService(ctx);
  return async (app) => {
    app.route({
      ...queryOrBody,
      url: '/activity/page',
      schema: {
        tags: ['primary sale'],
        summary: 'Activities, paged (size 20); GET with a query or POST with a JSON body',
        description:
          'type filters by activity type, one (1) or several separated by commas (/primary asks 1,2: 1 opens the activity detail, 2 its item list); without it all.',
        querystring: z.object({
          ...pageFields(PAGE_SIZE.primary),
          type: z
            .union([
              z.coerce.number().int().min(0).max(9),
              z.string().regex(/^\d(,\d){0,9}$/, 'one type 0-9 or several separated by commas'),
            ])
            .optional(),
          ...langQuery,
        }),
        response: { 200: envelopeOf(pageOf(activityRecord)) },
      },
      handler: async (request) => {
        const { page, size, type } = request.query;
        const types = type === undefined ? undefined : String(type).split(',').map(Number);
        return ok(await sales.activities(types, page, size, localeOf(request)));
      },
    });

    app.route({
      ...queryOrBody,
      url: '/activity/detail/page',
      schema: {
        tags: ['primary sale'],
        summary: "An activity's items, paged (size 20): id (or data.id), page, size",
        querystring: z.object({
          id: idField.describe('the activity id (also accepted as data.id)'),
          ...pageFields(PAGE_SIZE.primaryItems),
          ...langQuery,
        }),
        response: { 200: envelopeOf(pageOf(itemRecord)) },
      },
      handler: async (request) => {
        const { id, page, size } = request.query;
        return ok(await sales.items(id, page, size, localeOf(request)));
      },
    });

    app.get(
      '/activity/detail/:id',
      {
        schema: {
          tags: ['primary sale'],
          summary: 'One activity with its status and countdown',
          params: z.object({ id: idField }),
          querystring: z.object({ ...langQuery }),
          response: { 200: envelopeOf(activityRecord) },
        },
      },
      async (request) => {
        return ok(await sales.activity(request.params.id, localeOf(request)));
      },
    );
  };
}
