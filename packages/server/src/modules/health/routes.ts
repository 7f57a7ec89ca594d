import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { indexedBlock } from '../../db/database.js';
import { envelopeOf, ok } from '../../http/envelope.js';

const healthData = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  chain: z.object({ ok: z.boolean(), chainId: z.number(), head: z.number().nullable() }),
  indexer: z.object({ block: z.number().nullable(), lag: z.number().nullable() }),
});

type HealthData = z.infer<typeof healthData>;

/** Runs a probe with a deadline so that a hung dependency cannot hang the health check. */
async function within<T>(ms: number, probe: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Database, chain head and indexed block',
          response: { 200: envelopeOf(healthData), 503: envelopeOf(healthData) },
        },
      },
      async (_request, reply) => {
        const [dbOk, head, block] = await Promise.all([
          within(3_000, () => ctx.database.ping()).then(
            () => true,
            () => false,
          ),
          within(3_000, () => ctx.chain.getBlockNumber()).then(
            (n) => Number(n),
            () => null,
          ),
          within(3_000, () => indexedBlock(ctx.database.db, ctx.config.chainId)).catch(() => null),
        ]);
        const data: HealthData = {
          status: !dbOk ? 'down' : head === null ? 'degraded' : 'ok',
          database: { ok: dbOk, kind: ctx.database.kind },
          chain: { ok: head !== null, chainId: ctx.config.chainId, head },
          indexer: {
            block,
            lag: head !== null && block !== null ? Math.max(0, head - block) : null,
          },
        };
        if (!dbOk) {
          const def = ERRORS.serviceUnavailable;
          return reply
            .status(def.status)
            .send({ code: def.code, message: `${def.message}: database`, data });
        }
        return ok(data);
      },
    );
  };
}
