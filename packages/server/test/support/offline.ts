import type { FastifyInstance } from 'fastify';
import { createPublicClient, http, type PublicClient } from 'viem';
import { chainFor } from '@aiamarket/shared';
import { buildApp } from '../../src/app.js';
import type { ServerContext } from '../../src/context.js';

/** Nothing listens on the discard port: every read fails as a node that is down. */
const DOWN_URL = 'http://127.0.0.1:9';

/** The same server on the same database and deployment, with its chain node down. */
export async function offlineApp(ctx: ServerContext): Promise<FastifyInstance> {
  const chain = createPublicClient({
    chain: chainFor(ctx.config.chainId, DOWN_URL),
    transport: http(DOWN_URL, { retryCount: 0 }),
  }) as PublicClient;
  const app = await buildApp({ ...ctx, chain });
  await app.ready();
  return app;
}
