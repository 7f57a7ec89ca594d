import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, chainFor, ERRORS } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { appConfig } from '../../db/schema.js';
import { envelopeOf, ok } from '../../http/envelope.js';

const chainData = z.object({
  chainId: z.number(),
  name: z.string(),
  rpcUrl: z.string(),
  explorerUrl: z.string().nullable(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  contracts: z.record(z.string(), z.string()),
});

export function configRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/config/getValue',
      {
        schema: {
          tags: ['config'],
          summary: 'A public setting by name (e.g. transaction_fee, in percent)',
          querystring: z.object({ name: z.string().min(1).max(64) }),
          response: { 200: envelopeOf(z.object({ name: z.string(), value: z.string() })) },
        },
      },
      async (request) => {
        const rows = await ctx.database.db
          .select({ name: appConfig.name, value: appConfig.value })
          .from(appConfig)
          .where(eq(appConfig.name, request.query.name));
        const row = rows[0];
        if (!row) throw new ApiError(ERRORS.notFound, `No setting named ${request.query.name}`);
        return ok(row);
      },
    );

    app.get(
      '/config/chain',
      {
        schema: {
          tags: ['config'],
          summary: 'The product chain and the deployed contract addresses the web app uses',
          response: { 200: envelopeOf(chainData) },
        },
      },
      async () => {
        const chain = chainFor(ctx.config.chainId, ctx.config.publicRpcUrl);
        const contracts = Object.fromEntries(
          Object.entries(ctx.deployment?.contracts ?? {}).map(([name, c]) => [name, c.address]),
        );
        return ok({
          chainId: chain.id,
          name: chain.name,
          rpcUrl: ctx.config.publicRpcUrl,
          explorerUrl: chain.blockExplorers?.default.url ?? null,
          nativeCurrency: { ...chain.nativeCurrency },
          contracts,
        });
      },
    );
  };
}
