import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { ApiError, ERRORS } from '@aiamarket/shared';

/**
 * Rate limiting, off by default; a route opts in with `config: { rateLimit: perMinute(n) }`.
 * Counts per client address (behind a proxy: the forwarded address, as trustProxy is on) and per
 * route; each replica counts on its own. Over the limit: HTTP 429, code 10007.
 */
export async function installRateLimit(app: FastifyInstance) {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        ERRORS.tooManyRequests,
        `${ERRORS.tooManyRequests.message} (retry in ${Math.ceil(context.ttl / 1000)} s)`,
      ),
  });
}

export function perMinute(max: number) {
  return { max, timeWindow: 60_000 };
}
