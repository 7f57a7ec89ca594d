import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { perMinute } from '../../http/rate-limit.js';
import { knownToken } from '../../metadata/index.js';
import { refreshInput, refreshResult } from './input.js';
import { requestTokenRefresh } from './service.js';

/**
 * POST /nftMeta/refresh: asks for an item's metadata to be fetched again (the item page's
 * refresh button) and answers at once; the refresh worker fetches it, so a slow metadata server
 * holds no request open. Only tokens the indexer has seen; rate limited per client address since
 * each call makes the server reach out to the token's metadata server.
 */
export function metadataRefreshRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const config = ctx.indexer;
  return async (app) => {
    app.post(
      '/nftMeta/refresh',
      {
        config: { rateLimit: perMinute(config.metadataRefreshPerMinute) },
        schema: {
          tags: ['item'],
          summary: "Fetch an item's metadata again (queued; data is what is stored now)",
          description:
            "state `queued`: the fetch happens in the background and the item's live topic " +
            '(item:<contract>:<tokenId>) gets a `metadata` change when it is stored; `done`: it ' +
            'was fetched moments ago and data is current.',
          body: refreshInput,
          response: { 200: envelopeOf(refreshResult) },
        },
      },
      async (request) => {
        const contractAddr = request.body.contractAddr.toLowerCase();
        const tokenId = BigInt(request.body.tokenId).toString();
        const { chainId } = ctx.config;
        const db = ctx.database.db;
        const token = await knownToken(db, chainId, contractAddr, tokenId);
        if (!token) {
          throw new ApiError(ERRORS.notFound, `${ERRORS.notFound.message}: no such item`);
        }
        const { state, row } = await requestTokenRefresh(db, chainId, contractAddr, tokenId);
        return ok({
          state,
          contractAddr,
          tokenId,
          metadataStatus: !row ? ('pending' as const) : row.status === 'ok' ? 'ok' : 'error',
          name: row?.name ?? null,
          imageUrl: row?.imageUrl ?? null,
          description: row?.description ?? null,
          propertyList: row?.properties ?? [],
          error: row?.error ?? null,
          fetchedAt: row?.fetchedAt.toISOString() ?? null,
        });
      },
    );
  };
}
