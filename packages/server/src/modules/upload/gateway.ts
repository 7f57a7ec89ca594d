import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type { ServerContext } from '../../context.js';
import { uploads } from '../../db/schema.js';
import { uploadServices } from './routes.js';
import { resolveDirectoryPath } from './directory.js';
import { computeCid, parseCid } from './store.js';

/** Served with every SVG: no script, no external loads, a sandboxed document. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * GET /ipfs/{cid} (outside /v1/api): an uploaded file with its stored content type, never
 * sniffed, cached for good (the address is the content); /ipfs/{cid}/{name} resolves a name in a
 * stored directory. A file missing on this replica's disk is
 * fetched from the Kubo node when IPFS_API_URL is set, checked against its CID and kept.
 */
export function ipfsGatewayRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const services = uploadServices(ctx);
  const db = ctx.database.db;
  /** Sends a stored file (with its recorded content type), or a 404 envelope. */
  const sendFile = async (cid: string, request: FastifyRequest, reply: FastifyReply) => {
    const rows = await db
      .select({ contentType: uploads.contentType })
      .from(uploads)
      .where(eq(uploads.cid, cid));
    const row = rows[0];
    if (!row) throw new ApiError(ERRORS.notFound);

    let bytes = await services.store.get(cid);
    if (!bytes && services.kubo) {
      const fetched = await services.kubo.cat(cid, services.maxBytes).catch(() => null);
      if (fetched && (await computeCid(fetched)) === cid) {
        await services.store.put(cid, fetched);
        bytes = fetched;
      }
    }
    if (!bytes) throw new ApiError(ERRORS.notFound);

    reply
      .header('content-type', row.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${cid}"`)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (row.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
    if (request.headers['if-none-match'] === `"${cid}"`) return reply.status(304).send();
    return reply.send(bytes);
  };

  return async (app) => {
    app.get(
      '/ipfs/:cid',
      {
        schema: {
          tags: ['upload'],
          summary: 'An uploaded file by CID (the URL returned by /v1/api/ipfs/upload)',
          params: z.object({ cid: z.string().max(256) }),
        },
      },
      async (request, reply) => {
        const cid = parseCid(request.params.cid);
        if (!cid || cid !== request.params.cid) throw new ApiError(ERRORS.notFound);
        return sendFile(cid, request, reply);
      },
    );
    app.get(
      '/ipfs/:cid/*',
      {
        schema: {
          tags: ['upload'],
          summary: 'A file inside a stored IPFS directory (e.g. ipfs://{cid}/1, a token URI)',
          params: z.object({ cid: z.string().max(256), '*': z.string().max(1024) }),
        },
      },
      async (request, reply) => {
        const cid = parseCid(request.params.cid);
        if (!cid || cid !== request.params.cid) throw new ApiError(ERRORS.notFound);
        const names = request.params['*'].split('/').filter(Boolean);
        const target = await resolveDirectoryPath(services.store, cid, names);
        if (!target) throw new ApiError(ERRORS.notFound);
        return sendFile(target, request, reply);
      },
    );
  };
}
