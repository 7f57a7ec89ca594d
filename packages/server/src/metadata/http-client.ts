// The safe HTTP client for metadata (the worker and on-demand refresh): a time-out, a size cap,
// retries with back-off, and refusal of private-network addresses on every redirect hop.
import http from 'node:http';
import https from 'node:https';
import {
  isPrivateAddress,
  privateLiteralOf,
  privateRefusingLookup,
  refusePrivatePeer,
} from '../http/private-address.js';
import { MetadataError, type MetadataOptions } from './options.js';

// The rule lives in http/ (webhooks use it too); re-exported for the metadata callers.
export { isPrivateAddress };

const refused = (address: string) => new MetadataError(`refused private address ${address}`, false);

/**
 * One GET. Unless the origin is trusted, a private address is refused for an IP literal here,
 * for a name in the lookup (so DNS cannot swap one in later), and for the connected peer.
 */
function getOnce(url: URL, opts: MetadataOptions, trusted: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const literal = trusted ? null : privateLiteralOf(url);
    if (literal) {
      reject(refused(literal));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        ...(trusted ? {} : { lookup: privateRefusingLookup(refused) }),
        headers: { accept: 'application/json, */*' },
        timeout: opts.timeoutMs,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          reject(Object.assign(new Error('redirect'), { location: res.headers.location }));
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new MetadataError(`HTTP ${status}`, status >= 500 || status === 429));
          return;
        }
        const length = Number(res.headers['content-length'] ?? 0);
        if (length > opts.maxBytes) {
          res.destroy();
          reject(new MetadataError(`body larger than ${opts.maxBytes} bytes`, false));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(new MetadataError(`body larger than ${opts.maxBytes} bytes`, false));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', (err) => reject(new MetadataError(err.message, true)));
      },
    );
    if (!trusted) refusePrivatePeer(req, refused);
    const onAbort = () => req.destroy(new MetadataError('aborted', false));
    opts.signal?.addEventListener('abort', onAbort);
    const deadline = setTimeout(() => {
      req.destroy(new MetadataError(`timed out after ${opts.timeoutMs} ms`, true));
    }, opts.timeoutMs);
    req.on('timeout', () =>
      req.destroy(new MetadataError(`timed out after ${opts.timeoutMs} ms`, true)),
    );
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err instanceof MetadataError ? err : new MetadataError(err.message, true));
    });
    req.on('close', () => {
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
    });
  });
}

/** GET with up to 3 redirects (each re-checked) and retries with back-off. */
export async function fetchText(rawUrl: string, opts: MetadataOptions): Promise<string> {
  const trustedOrigins = new Set(
    [opts.ipfsGateway, ...(opts.trustedOrigins ?? [])].map((o) => new URL(o).origin),
  );
  let lastError: MetadataError = new MetadataError('no attempt', false);
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    let url = new URL(rawUrl);
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new MetadataError(`unsupported scheme ${url.protocol}`, false);
        }
        try {
          return await getOnce(url, opts, trustedOrigins.has(url.origin));
        } catch (err) {
          const location = (err as { location?: string }).location;
          if (!location) throw err;
          if (hop >= 3) throw new MetadataError('too many redirects', false);
          url = new URL(location, url);
        }
      }
    } catch (err) {
      lastError =
        err instanceof MetadataError ? err : new MetadataError((err as Error).message, true);
      if (!lastError.retryable || attempt === opts.attempts || opts.signal?.aborted) break;
      await new Promise((r) => setTimeout(r, opts.backoffMs * 2 ** (attempt - 1)));
    }
  }
  throw lastError;
}
