import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { Config } from '../config.js';

/**
 * Rate limiting, off by default; a route opts in with `config: { rateLimit: perMinute(n) }`.
 * Counts per client address (request.ip: the peer, or the forwarded address when TRUST_PROXY
 * trusts the peer) and per route. Counters live in this process, or with REDIS_URL in Redis,
 * where every replica shares them. Over the limit: HTTP 429, code 10007.
 */
export async function installRateLimit(app: FastifyInstance, config: Config['rateLimit']) {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      // A Redis outage must not hold requests: a failed count lets the request through.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store: Redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? {
          redis,
          nameSpace: `${config.redisKeyPrefix ?? 'aiamarket:'}rate-limit:`,
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
}

const tooManyRequests = (ttlMs: number) =>
  new ApiError(
    ERRORS.tooManyRequests,
    `${ERRORS.tooManyRequests.message} (retry in ${Math.ceil(ttlMs / 1000)} s)`,
  );

export function perMinute(max: number) {
  return { max, timeWindow: 60_000 };
}

/**
 * A second limit of a route, per signing address instead of per client: `max()` requests a
 * minute for one address (read at each request), whichever clients send them, counted in the same store as the
 * per-client limits (Redis when configured). The route calls the returned check once the
 * signature is known to be the address's, so nobody can use up another address's allowance
 * with requests it did not sign. Over it: HTTP 429, code 10007.
 */
export function perSignerPerMinute(route: string, max: () => number) {
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  const signers = new WeakMap<FastifyRequest, string>();
  const keyOf = (request: FastifyRequest) => `signer:${route}:${signers.get(request) ?? ''}`;
  return async (request: FastifyRequest, signer: string) => {
    // Rate limiting not installed leaves the route unlimited, as route configs are.
    if (!request.server.hasDecorator('createRateLimit')) return;
    limiter ??= request.server.createRateLimit({
      max: () => max(),
      timeWindow: 60_000,
      keyGenerator: keyOf,
    });
    signers.set(request, signer.toLowerCase());
    const state = await limiter(request);
    if (!state.isAllowed && state.isExceeded) throw tooManyRequests(state.ttl);
  };
}

/**
 * The per-signer limit of a route that stores signed orders (listings, offers): the signer limit
 * when one is set, otherwise sign-in's.
 */
export const perSignerOrder = (route: string, limits: Config['rateLimit']) =>
  perSignerPerMinute(route, () => limits.signerPerMinute ?? limits.authPerMinute);
