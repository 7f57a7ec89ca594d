import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { perMinute } from '../../http/rate-limit.js';
import { knownToken, refreshTokenMetadata, storedMetadata } from '../../metadata/index.js';
import { refreshInput, refreshResult } from './input.js';

/**
 * POST /nftMeta/refresh: fetches an item's metadata again now (the item page's refresh button).
 * Only tokens the indexer has seen; rate limited per client address since each call reaches
 * out to the token's metadata server.
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
          summary: "Fetch an item's metadata again; data is what is stored afterwards",
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
        await refreshTokenMetadata(
          db,
          ctx.chain,
          chainId,
          { contractAddr, contractType: token.contractType, tokenId },
          config.metadata,
        );
        const row = (await storedMetadata(db, chainId, contractAddr, tokenId))!;
        return ok({
          contractAddr,
          tokenId,
          metadataStatus: row.status === 'ok' ? ('ok' as const) : ('error' as const),
          name: row.name,
          imageUrl: row.imageUrl,
          description: row.description,
          propertyList: row.properties ?? [],
          error: row.error,
          fetchedAt: row.fetchedAt.toISOString(),
        });
      },
    );
  };
}
