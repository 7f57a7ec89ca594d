// One webhook POST: a time-out over the whole exchange, no redirects, and (unless the operator
// allows private URLs) the private-address refusal at connect time.
import http from 'node:http';
import https from 'node:https';
import {
  privateLiteralOf,
  privateRefusingLookup,
  refusePrivatePeer,
} from '../../http/private-address.js';

export interface PostResult {
  /** The HTTP status, or null when no answer came (refused, time-out, reset). */
  status: number | null;
  /** Why it failed (null on a 2xx). */
  error: string | null;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
}

/** Answers past this size are not read (only the status counts). */
const MAX_ANSWER_BYTES = 64 * 1024;

export function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: PostOptions,
): Promise<PostResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ status: null, error: 'invalid URL' });
  }
  // An IP literal is connected to without a lookup: checked here (the peer is checked too).
  const literal = opts.allowPrivate ? null : privateLiteralOf(url);
  if (literal)
    return Promise.resolve({ status: null, error: `refused private address ${literal}` });
  const refused = (address: string) => new Error(`refused private address ${address}`);
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'aiamarket-webhooks/1',
        ...headers,
      },
      ...(opts.allowPrivate ? {} : { lookup: privateRefusingLookup(refused) }),
    });
    if (!opts.allowPrivate) refusePrivatePeer(req, refused);
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve(result);
    };
    const fail = (error: string) => finish({ status: null, error });
    const deadline = setTimeout(() => fail(`timed out after ${opts.timeoutMs} ms`), opts.timeoutMs);
    const onAbort = () => fail('aborted');
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) res.destroy();
      });
      const done = () => {
        if (status >= 200 && status < 300) finish({ status, error: null });
        else if (status >= 300 && status < 400) finish({ status, error: 'redirect not followed' });
        else finish({ status, error: `HTTP ${status}` });
      };
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.on('error', (err) => fail(err.message));
    req.end(body);
  });
}
