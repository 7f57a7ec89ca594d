import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@aiamarket/shared';
import type { Config } from '../config.js';
import { appCsp, inlineScriptHashes } from './security-headers.js';
import { landingHead, readLandingRequests, withHead } from './landing-data.js';

const API_PREFIXES = ['/v1/', '/docs'];

/**
 * Serves the built web app on the same origin. Unknown API paths answer a 404 envelope; any
 * other GET of a route (no file extension) or from a browser navigation gets index.html, so
 * client-side routes survive a reload.
 */
export async function registerSpa(
  app: FastifyInstance,
  config: Pick<Config, 'webDistDir' | 'publicRpcUrl' | 'publicUrl'>,
) {
  const { webDistDir } = config;
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const landing = hasWeb ? readLandingRequests(webDistDir) : null;
  // The shell's inline loader is allowed by its hash, read from the very file that is served
  // (the landing data added to it is a JSON block, which script-src does not govern).
  const csp = hasWeb
    ? appCsp({
        inlineScripts: inlineScriptHashes(indexHtml),
        publicRpcUrl: config.publicRpcUrl,
        https: new URL(config.publicUrl).protocol === 'https:',
      })
    : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text asset (web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed file names change with their content: cache them for good. Everything else
        // (the shell, the favicon) is revalidated, so a new deployment shows at once.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (/^index\.html(\.br|\.gz)?$/.test(path.basename(filePath))) {
          res.setHeader('content-security-policy', csp);
        }
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built; only the API is served');
  }

  // A landing page without a query gets its first data with the HTML (landing-data.ts). Routes
  // of their own, so that the answer is compressed as the API's are; pages, not API operations,
  // so hidden from the OpenAPI document.
  for (const pathname of Object.keys(landing?.paths ?? {})) {
    app.get(pathname, { schema: { hide: true } }, async (request, reply) => {
      reply.header('content-security-policy', csp);
      const head =
        landing && !request.url.includes('?') ? await landingHead(app, landing, pathname) : '';
      if (!head) return reply.sendFile('index.html');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withHead(indexHtml, head));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // A client-side route has no file extension; a browser navigation asks for HTML.
    const pathname = request.url.split('?')[0] ?? '';
    const isRoute = !path.extname(pathname) || (request.headers.accept ?? '').includes('text/html');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD') && isRoute) {
      // sendFile picks the precompressed shell when the client accepts it.
      reply.header('content-security-policy', csp);
      return reply.sendFile('index.html');
    }
    const def = ERRORS.notFound;
    return reply.status(def.status).send({
      code: def.code,
      message: `${def.message}: ${request.method} ${request.url.split('?')[0]}`,
      messageKey: def.key,
      data: null,
    });
  });
}
