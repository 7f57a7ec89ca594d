import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ErrorName, FavouriteInfo } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import {
  OPTIONAL_TOKEN_SECURITY,
  optionalUser,
  requireUser,
  TOKEN_SECURITY,
} from '../../http/auth.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { queryOrBody } from '../../http/paging.js';
import { addressSchema } from '../../http/schemas.js';
import { uintInput } from '../../http/filter-inputs.js';
import { favourite, favouriteInfo, unfavourite } from './service.js';

const itemParams = z.object({ tokenId: uintInput, contractAddr: addressSchema });

const favouriteInfoSchema = z.object({
  collect: z.boolean().describe('favourited by the signed-in user (false when signed out)'),
  collectNum: z.number().int(),
}) satisfies z.ZodType<FavouriteInfo>;

/** Favourites: toggle (signed in, idempotent) and the count of an item. */
export function favouriteRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const chainId = ctx.config.chainId;
  const keyOf = (p: z.infer<typeof itemParams>) => ({
    chainId,
    contractAddr: p.contractAddr.toLowerCase(),
    tokenId: p.tokenId,
  });

  return async (app) => {
    /** A change of the signed-in user's favourites, answering the item's favourite info. */
    const change = (url: string, summary: string, errors: ErrorName[], apply: typeof favourite) =>
      app.get(
        url,
        {
          config: { errors },
          schema: {
            tags: ['favourite'],
            summary,
            security: TOKEN_SECURITY,
            params: itemParams,
            response: { 200: envelopeOf(favouriteInfoSchema) },
          },
        },
        async (request) =>
          ok(await apply(db, await requireUser(db, request), keyOf(request.params))),
      );

    change(
      '/collect/collect/:tokenId/:contractAddr',
      'Favourite an item (signed in; again is harmless; an unknown item is a 404)',
      ['notFound'],
      favourite,
    );
    change(
      '/collect/cancel/:tokenId/:contractAddr',
      'Remove an item from the favourites (signed in; again is harmless)',
      [],
      unfavourite,
    );

    app.route({
      ...queryOrBody,
      url: '/collect/detail',
      schema: {
        tags: ['favourite'],
        summary: "An item's favourite count, and whether the signed-in user favourited it",
        description:
          'Without a token collect is false; a token that is sent must be valid (10003 / 1008).',
        security: OPTIONAL_TOKEN_SECURITY,
        querystring: itemParams.extend({
          ownerAddr: z.preprocess(
            (v) => (v === '' || v === null ? undefined : v),
            addressSchema.optional(),
          ),
        }),
        response: { 200: envelopeOf(favouriteInfoSchema) },
      },
      handler: async (request) => {
        const user = await optionalUser(db, request);
        return ok(await favouriteInfo(db, user, keyOf(request.query)));
      },
    });
  };
}
