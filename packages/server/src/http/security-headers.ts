import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * WalletConnect's relay, verify frame, wallet explorer and fonts (loaded only when a build turns
 * WalletConnect on, but always allowed so that one CSP fits every build).
 */
const WALLETCONNECT = {
  connect: [
    'https://*.walletconnect.com',
    'wss://*.walletconnect.com',
    'https://*.walletconnect.org',
    'wss://*.walletconnect.org',
    'https://*.reown.com',
    'wss://*.reown.com',
  ],
  frame: [
    'https://verify.walletconnect.com',
    'https://verify.walletconnect.org',
    'https://secure.walletconnect.com',
    'https://secure.walletconnect.org',
  ],
  font: ['https://fonts.reown.com'],
};

/** `'sha256-…'` of each inline script (a <script> without src) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    const digest = createHash('sha256')
      .update(m[2] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/** The origin of an RPC URL and, for http(s), its WebSocket twin (wallet libraries use both). */
function rpcOrigins(rpcUrl: string): string[] {
  const u = new URL(rpcUrl);
  const origins = [u.origin];
  if (u.protocol === 'https:' || u.protocol === 'http:') {
    origins.push(`${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`);
  }
  return origins;
}

/**
 * The web app's Content-Security-Policy. Scripts: the app's own files and the inline loader by
 * its hash (no 'unsafe-inline'). Styles may be inline (React style props, the wallet dialog).
 * Images and media come from anywhere (NFT artwork lives on many hosts). Requests go to this
 * origin, the chain's public RPC and WalletConnect. No framing by other sites.
 */
export function appCsp(opts: { inlineScripts: string[]; publicRpcUrl: string; https: boolean }) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...opts.inlineScripts],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ['*', 'data:', 'blob:'],
    'media-src': ['*', 'data:', 'blob:'],
    'font-src': ["'self'", 'data:', ...WALLETCONNECT.font],
    'connect-src': ["'self'", ...rpcOrigins(opts.publicRpcUrl), ...WALLETCONNECT.connect],
    'frame-src': WALLETCONNECT.frame,
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const text = Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`);
  if (opts.https) text.push('upgrade-insecure-requests');
  return text.join('; ');
}

/**
 * Headers on every answer: no framing by other sites, the referrer reduced to the origin across
 * sites, no content sniffing, and HSTS when the public origin is https (only then is the server
 * reached over TLS, at the proxy).
 */
export function installSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const https = new URL(publicUrl).protocol === 'https:';
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('x-content-type-options'))
      reply.header('x-content-type-options', 'nosniff');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
