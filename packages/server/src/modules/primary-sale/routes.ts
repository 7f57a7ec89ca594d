import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTIVITY_STATUS,
  ApiError,
  ERRORS,
  PAGE_SIZE,
  type Locale,
  type PrimaryActivityItemVO,
  type PrimaryActivityVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { langQuery, localeOf, pickText } from '../../http/locale.js';
import { pageFields, pageOf, paged, queryOrBodyHook } from '../../http/paging.js';
import {
  activityPage,
  findActivity,
  itemPage,
  type ActivityItemRow,
  type ActivityRow,
} from './queries.js';
import { activityCountdown, activityStatus } from './status.js';

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

function activityOf(
  row: ActivityRow,
  soldOut: boolean,
  locale: Locale,
  now: Date,
): PrimaryActivityVO {
  const status = activityStatus(row, soldOut, now);
  return {
    id: row.id,
    type: row.type,
    status,
    countdown: activityCountdown(row, status, now),
    inName: pickText(row.names, locale),
    inRemark: pickText(row.remarks, locale),
    coverUrl: row.coverUrl,
    backgroundUrl: row.backgroundUrl,
    price: row.price,
    coin: row.coin,
    totalNum: row.totalNum,
    buyUrl: row.buyUrl,
    startTime: row.startAt.getTime(),
    endTime: row.endAt.getTime(),
  };
}

function itemOf(
  item: ActivityItemRow,
  activityStatusNow: number,
  locale: Locale,
): PrimaryActivityItemVO {
  const status =
    activityStatusNow === ACTIVITY_STATUS.inProgress && item.residueNum === 0
      ? ACTIVITY_STATUS.soldOut
      : activityStatusNow;
  return {
    nftId: item.id,
    blindBoxId: item.blindBoxId,
    name: pickText(item.names, locale),
    tokenId: item.tokenId,
    contractAddr: item.contractAddr,
    imageUrl: item.imageUrl,
    num: item.num,
    residueNum: item.residueNum,
    price: item.price,
    coin: item.coin,
    status,
  };
}

/** Primary-sale activities (sales events) and their items; statuses by the server clock. */
export function primarySaleRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/activity/page',
      preValidation: queryOrBodyHook,
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
        const locale = localeOf(request);
        const now = new Date();
        const types = type === undefined ? undefined : String(type).split(',').map(Number);
        const { total, rows } = await activityPage(db, types, page, size);
        const records = rows.map((r) => activityOf(r.row, r.soldOut, locale, now));
        return ok(paged(records, total, page, size));
      },
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/activity/detail/page',
      preValidation: queryOrBodyHook,
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
        const found = await findActivity(db, id);
        if (!found) throw new ApiError(ERRORS.notFound, `No activity ${id}`);
        const status = activityStatus(found.row, found.soldOut, new Date());
        const locale = localeOf(request);
        const { total, rows } = await itemPage(db, id, page, size);
        return ok(
          paged(
            rows.map((item) => itemOf(item, status, locale)),
            total,
            page,
            size,
          ),
        );
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
        const found = await findActivity(db, request.params.id);
        if (!found) throw new ApiError(ERRORS.notFound, `No activity ${request.params.id}`);
        return ok(activityOf(found.row, found.soldOut, localeOf(request), new Date()));
      },
    );
  };
}
