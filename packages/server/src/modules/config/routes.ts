import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  chainFor,
  CONFIG_KEYS,
  ERRORS,
  IMAGE_CONTENT_TYPES,
  REFERENCE_UNIT,
  SIGN_IN,
  signInDomain,
  singleLine,
  termsUrl,
  UPLOAD_PURPOSES,
  uploadRules,
} from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { appConfig } from '../../db/schema.js';
import { currentCoinRates } from '../../db/coin-rates.js';
import { envelopeOf, ok } from '../../http/envelope.js';

const chainData = z.object({
  chainId: z.number(),
  name: z.string(),
  rpcUrl: z.string(),
  explorerUrl: z.string().nullable(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  contracts: z.record(z.string(), z.string()),
  referenceUnit: z
    .object({ symbol: z.string(), decimals: z.number().int() })
    .describe('the unit volumes, floors, price sorts and price filters are expressed in'),
  rates: z
    .array(
      z.object({
        currency: z.string().describe('lowercase coin address, the zero address for AIA'),
        symbol: z.string(),
        decimals: z.number().int(),
        rate: z.string().describe('reference units per 1 whole coin, decimal text'),
      }),
    )
    .describe('every payment coin with its rate in force (the reference coin first, rate 1)'),
  retired: z
    .array(z.object({ name: z.string(), address: z.string() }))
    .describe(
      'order-book contracts (Offers, Listings) a newer version replaced; they may still hold ' +
        'payments owed to an account (owedTo / withdrawOwed)',
    ),
});

const appData = z.object({
  transactionFee: z.number().describe('platform fee in percent (config key transaction_fee)'),
  chain: chainData,
  upload: z.record(
    z.enum(UPLOAD_PURPOSES),
    z.object({ maxMb: z.number(), contentTypes: z.array(z.string()) }),
  ),
  signIn: z.object({
    domain: z.string(),
    uri: z.string(),
    termsUrl: z.string(),
    nonceTtlSeconds: z.number(),
  }),
});

export function configRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const chainInfo = async (): Promise<z.infer<typeof chainData>> => {
    const chain = chainFor(ctx.config.chainId, ctx.config.publicRpcUrl);
    const contracts = Object.fromEntries(
      Object.entries(ctx.deployment?.contracts ?? {}).map(([name, c]) => [name, c.address]),
    );
    return {
      chainId: chain.id,
      name: chain.name,
      rpcUrl: ctx.config.publicRpcUrl,
      explorerUrl: chain.blockExplorers?.default.url ?? null,
      nativeCurrency: { ...chain.nativeCurrency },
      contracts,
      referenceUnit: { symbol: REFERENCE_UNIT.symbol, decimals: REFERENCE_UNIT.decimals },
      rates: await currentCoinRates(ctx.database.db, ctx.config.chainId),
      retired: (ctx.deployment?.retired ?? []).map((r) => ({ name: r.name, address: r.address })),
    };
  };
  const rules = uploadRules(ctx.config.uploadMaxMb);
  const upload = Object.fromEntries(
    UPLOAD_PURPOSES.map((p) => [
      p,
      { maxMb: rules[p].maxMb, contentTypes: rules[p].kinds.map((k) => IMAGE_CONTENT_TYPES[k]) },
    ]),
  ) as z.infer<typeof appData>['upload'];

  return async (app) => {
    app.get(
      '/config/getValue',
      {
        config: { errors: ['notFound'] },
        schema: {
          tags: ['config'],
          summary: 'A public setting by name (e.g. transaction_fee, in percent)',
          querystring: z.object({ name: singleLine(z.string().min(1).max(64)) }),
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
      async () => ok(await chainInfo()),
    );

    app.get(
      '/config/app',
      {
        schema: {
          tags: ['config'],
          summary: 'Everything the web app needs at start: fee, chain, upload limits, sign-in',
          response: { 200: envelopeOf(appData) },
        },
      },
      async () => {
        const rows = await ctx.database.db
          .select({ value: appConfig.value })
          .from(appConfig)
          .where(eq(appConfig.name, CONFIG_KEYS.transactionFee));
        const fee = Number(rows[0]?.value ?? NaN);
        return ok({
          transactionFee: Number.isFinite(fee) ? fee : 0,
          chain: await chainInfo(),
          upload,
          signIn: {
            domain: signInDomain(ctx.config.publicUrl),
            uri: ctx.config.publicUrl,
            termsUrl: termsUrl(ctx.config.publicUrl),
            nonceTtlSeconds: SIGN_IN.nonceTtlSeconds,
          },
        });
      },
    );
  };
}
