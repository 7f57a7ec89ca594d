import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  collectionUpdateSchema,
  ERRORS,
  PAGE_SIZE,
  type CollectionCountRow,
  type CollectionDetailVO,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { requireUser, TOKEN_SECURITY } from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { validationMessage } from '../../http/error-handler.js';
import { pageFields, pageOf } from '../../http/paging.js';
import { CoinCatalog } from '../../chain/coins.js';
import { coinPartsSchema, collectionVOSchema } from '../../read-models/collection-view.js';
import { RANKING_WINDOWS } from '../../read-models/volume-windows.js';
import { bestOfferVoSchema } from '../../read-models/best-offer.js';
import { collectionService } from './service.js';

const countRowFields = {
  id: z.number().int(),
  name: z.string(),
  headUrl: z.string().nullable(),
  linkCollection: z.string(),
  volume: z
    .string()
    .describe('traded volume over the window in the reference unit, each sale at its own rate'),
  lowestPrice: z
    .string()
    .nullable()
    .describe('floor price in the reference unit, null when nothing is listed'),
  totalHolder: z.number().int().describe('owners'),
  totalTokens: z.number().int().describe('items'),
  change: z
    .number()
    .nullable()
    .describe('percent change against the previous window; null for all or without history'),
  priceUnit: z.string().describe('symbol of the reference unit of volume and lowestPrice (AIA)'),
  volumeParts: coinPartsSchema.describe("the window's volume per coin, in coin units"),
  lowestPriceParts: coinPartsSchema.describe('the lowest listed price in each coin'),
};
const collectionDetailSchema = collectionVOSchema.extend({
  bestCollectionOffer: bestOfferVoSchema
    .nullable()
    .describe('the best active collection offer (any token), null when none'),
}) satisfies z.ZodType<CollectionDetailVO>;
const countRowSchema = z.object(countRowFields) satisfies z.ZodType<CollectionCountRow>;
const rankingRowSchema = z.object({
  rank: z.number().int().describe('1-based position over all pages'),
  ...countRowFields,
  trades: z.number().int().describe('trades in the window'),
  totalOrder: z.number().int().describe('listed orders'),
});

/** How often the API gives newly registered collections a page (see syncCollectionProfiles). */
const PROFILE_SYNC_MS = 5_000;

/** Collection pages, the home carousel, rankings, the creator's collections and their edit. */
export function collectionRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const collections = collectionService(ctx, new CoinCatalog(ctx.chain));

  return async (app) => {
    let timer: NodeJS.Timeout | undefined;
    let syncing: Promise<unknown> = Promise.resolve();
    let running = false;
    const sync = () => {
      if (running) return syncing;
      running = true;
      syncing = collections
        .syncProfiles()
        .catch((err: unknown) => app.log.warn({ err }, 'collection profile sync failed'))
        .finally(() => {
          running = false;
        });
      return syncing;
    };
    // Not awaited: a slow or unreachable node must not hold up the start.
    app.addHook('onReady', async () => {
      void sync();
      timer = setInterval(() => void sync(), PROFILE_SYNC_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await syncing;
    });

    app.get(
      '/collections/link',
      {
        schema: {
          tags: ['collection'],
          summary:
            'A collection page by its linkCollection (any letter case), with its best collection offer',
          querystring: z.object({ linkCollection: z.string().trim().min(1).max(128) }),
          response: { 200: envelopeOf(collectionDetailSchema) },
        },
      },
      async (request) => ok(await collections.byLink(request.query.linkCollection)),
    );

    app.get(
      '/collections/recommend',
      {
        schema: {
          tags: ['collection'],
          summary: 'The home carousel: up to 6 collections (data is the array)',
          description: 'Featured ones first (admin featured rank), then by 7-day volume.',
          response: { 200: envelopeOf(z.array(collectionVOSchema)) },
        },
      },
      async () => ok(await collections.recommended(PAGE_SIZE.featuredCollections)),
    );

    app.get(
      '/collections/collectionCount',
      {
        schema: {
          tags: ['collection'],
          summary: 'The trading ranking preview: collections by 7-day volume (size 20, or 5)',
          querystring: z.object({ ...pageFields(PAGE_SIZE.rankings) }),
          response: { 200: envelopeOf(pageOf(countRowSchema)) },
        },
      },
      async (request) => {
        const { page, size } = request.query;
        return ok(await collections.countPage(page, size));
      },
    );

    app.get(
      '/collections/ranking',
      {
        schema: {
          tags: ['collection'],
          summary: 'Rankings: collections by traded volume over 1 day, 7 days, 30 days or all time',
          description:
            'Not in the spec; designed for /rankings. window: 1d | 7d | 30d | all (default 7d). ' +
            'Each row: rank, volume over the window (coin units summed across coins), trades in ' +
            'the window, floor (lowestPrice, listed orders only), owners (totalHolder), items ' +
            '(totalTokens), listed (totalOrder) and change = percent change of the volume against ' +
            'the previous window of the same length (null for all, or when that window had no ' +
            'volume). Windows are hourly buckets ending with the current hour. Ties keep the ' +
            'collection id order. Page size 20.',
          querystring: z.object({
            window: z.enum(RANKING_WINDOWS).default('7d'),
            ...pageFields(PAGE_SIZE.rankings),
          }),
          response: { 200: envelopeOf(pageOf(rankingRowSchema)) },
        },
      },
      async (request) => {
        const { window, page, size } = request.query;
        return ok(await collections.ranking(window, page, size));
      },
    );

    app.get(
      '/collections/listAndSummary',
      {
        schema: {
          tags: ['collection'],
          summary: "The signed-in user's collections (ownerAddr) and royalty totals",
          security: TOKEN_SECURITY,
          response: {
            200: envelopeOf(
              z.object({
                collections: z.array(collectionVOSchema),
                totalTrans: z.string().describe('royalties received all time, coin units'),
                totalTransToday: z.string().describe('royalties received since 00:00 UTC'),
              }),
            ),
          },
        },
      },
      async (request) => {
        const user = await requireUser(db, request);
        return ok(await collections.listAndSummary(user));
      },
    );

    app.post(
      '/collections/update',
      {
        schema: {
          tags: ['collection'],
          summary: "Edits a collection's page (its owner only)",
          description:
            'Rules of spec section 5 (messages as listed there). The royalty itself is set on ' +
            'chain by the owner (setRoyaltyRate); the royalty and receiving address sent here ' +
            'must equal what the chain pays for the collection: the market rate when set, else ' +
            "the token contract's ERC-2981 (royaltySource erc2981, sent back as answered), else " +
            '0; otherwise nothing is stored and the answer is 10001 with that message. The chain ' +
            'is read only when the royalty or its receiver differ from the stored ones (10020 ' +
            'when it cannot be read). A broken rule answers 10001 with the message of the ' +
            'rule alone (after the session check). 10004 unknown id, 10005 not the owner.',
          security: TOKEN_SECURITY,
          body: collectionUpdateSchema,
          response: { 200: envelopeOf(collectionVOSchema) },
        },
        // The session is checked first; a rule broken then answers its own message alone.
        attachValidation: true,
      },
      async (request) => {
        const user = await requireUser(db, request);
        if (request.validationError) {
          throw new ApiError(ERRORS.badRequest, validationMessage(request.validationError));
        }
        return ok(await collections.update(user, request.body));
      },
    );
  };
}
