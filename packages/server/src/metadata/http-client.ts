// The safe HTTP client for metadata: a time-out, a size cap, retries with back-off, and refusal
// of private-network addresses (checked again at connect time and after each redirect).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPrivateAddress } from '../http/private-address.js';
import { MetadataError, type MetadataOptions } from './options.js';

// The rule lives in http/ (webhooks use it too); re-exported for the metadata callers.
export { isPrivateAddress };

/** One GET with the address check at connect time (so DNS cannot swap in a private address). */
function getOnce(url: URL, opts: MetadataOptions, trusted: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 0);
        const list = addresses as dns.LookupAddress[];
        const bad = list.find((a) => isPrivateAddress(a.address));
        if (bad && !trusted) {
          return callback(
            new MetadataError(`refused private address ${bad.address} for ${hostname}`, false),
            '',
            0,
          );
        }
        if ((options as { all?: boolean }).all) return callback(null, list as never, 0);
        callback(null, list[0]!.address, list[0]!.family);
      });
    };
    if (!trusted && net.isIP(url.hostname.replace(/^\[|\]$/g, ''))) {
      if (isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
        reject(new MetadataError(`refused private address ${url.hostname}`, false));
        return;
      }
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      { lookup, headers: { accept: 'application/json, */*' }, timeout: opts.timeoutMs },
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
