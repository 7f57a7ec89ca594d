import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TIMING } from '@aiamarket/shared';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import { frameworkErrorHandler, installErrorHandler } from './http/error-handler.js';
import { registerSpa } from './http/spa.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { sharedAnswerSerializer } from './http/serializer.js';
import { guardedValidatorCompiler } from './http/validator.js';
import { openapiTransforms } from './http/openapi.js';
import { installFormBodyParser } from './http/form-body.js';
import { healthRoutes } from './modules/health/routes.js';
import { configRoutes } from './modules/config/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { uploadRoutes } from './modules/upload/routes.js';
import { ipfsGatewayRoutes } from './modules/upload/gateway.js';
import { installRateLimit } from './http/rate-limit.js';
import { articleRoutes } from './modules/article/routes.js';
import { bannerRoutes } from './modules/banner/routes.js';
import { primarySaleRoutes } from './modules/primary-sale/routes.js';
import { launchpadRoutes } from './modules/launchpad/routes.js';
import { collectionRoutes } from './modules/collection/routes.js';
import { activityRoutes } from './modules/activity/routes.js';
import { royaltyRoutes } from './modules/collection/royalty-routes.js';
import { marketRoutes } from './modules/market/routes.js';
import { itemRoutes } from './modules/item/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { favouriteRoutes } from './modules/favourite/routes.js';
import { metadataRefreshRoutes } from './modules/metadata-refresh/routes.js';
import { offerRoutes } from './modules/offer/routes.js';
import { listingRoutes } from './modules/listing/routes.js';
import { liveRoutes } from './modules/live/routes.js';

export const API_PREFIX = '/v1/api';

/** Every feature module, mounted under /v1/api. A new module is one line here. */
const MODULES = [
  healthRoutes,
  configRoutes,
  authRoutes,
  userRoutes,
  uploadRoutes,
  articleRoutes,
  bannerRoutes,
  primarySaleRoutes,
  launchpadRoutes,
  collectionRoutes,
  activityRoutes,
  royaltyRoutes,
  marketRoutes,
  itemRoutes,
  searchRoutes,
  favouriteRoutes,
  metadataRefreshRoutes,
  offerRoutes,
  listingRoutes,
  liveRoutes,
];

/** Routes outside /v1/api: the uploaded files at /ipfs/{cid}. */
const ROOT_MODULES = [ipfsGatewayRoutes];

/** A hop count as the function Fastify's types take (the hop-th peer back is trusted). */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel },
    requestTimeout: TIMING.requestTimeoutMs,
    bodyLimit: 1024 * 1024,
    // Forwarded client addresses are believed only from the proxies TRUST_PROXY names.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(sharedAnswerSerializer);
  installErrorHandler(app);
  installSecurityHeaders(app, ctx.config.publicUrl);
  installFormBodyParser(app);
  await installRateLimit(app, ctx.config.rateLimit);
  // JSON answers and gateway files are compressed on the way out (a market page is ~23 KB of
  // JSON, ~4 KB gzip); the web build's own files are already compressed (preCompressed).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 compresses close to gzip's ratio at a fraction of brotli's default cost.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'AIA NFT marketplace API',
        version: '1',
        description: 'Every answer is the envelope {code, message, data}; code 0 is success.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    // Error answers and POST bodies are added centrally (http/openapi.ts).
    ...openapiTransforms,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await app.register(
    async (api) => {
      for (const mod of MODULES) await api.register(mod(ctx));
    },
    { prefix: API_PREFIX },
  );
  for (const mod of ROOT_MODULES) await app.register(mod(ctx));

  await registerSpa(app, ctx.config);
  return app;
}
