import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { issueMessage, signIn } from './support/sign-in.js';
import { scratchDir, useTestApp } from './support/app.js';
import { GIF } from './support/images.js';
import { injectNo5xx } from './support/api.js';

/**
 * Schema-breaking input to every route of the sign-in, user, upload and config features: no
 * answer may be a 5xx, and every API answer is an envelope.
 */
let app: FastifyInstance;
let token: string;
let address: string;
let message: string;
const dataDir = scratchDir('fuzz-');

useTestApp(
  { dataDir, rateLimit: { authPerMinute: 1_000_000, uploadPerMinute: 1_000_000 } },
  async (ready) => {
    app = ready.app;
    const account = privateKeyToAccount(generatePrivateKey());
    address = account.address;
    token = await signIn(app, account);
    message = (await issueMessage(app, address)).message;
  },
);

const RUNS = { numRuns: 150 };

const expectNo5xx = (opts: InjectOptions) =>
  injectNo5xx(app, opts, { message: true, onlyJson: true });

const printable = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);
/** A path segment: encoded arbitrary text, or raw printable characters (bad escapes included). */
const segment = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }).map((s) => encodeURIComponent(s)),
  fc.stringMatching(/^[A-Za-z0-9%._~!$&'()*+,;=:@-]{0,80}$/),
  fc.constantFrom('0x' + 'g'.repeat(40), '0x' + 'A'.repeat(40), '%', '%zz', '..', '%2e%2e', ''),
);
const tokenHeader = fc.oneof(printable, fc.constant(''), fc.constant('x'.repeat(43)));
const hex = fc.stringMatching(/^[0-9a-fA-F]{0,200}$/);
/** Arbitrary JSON and near-miss bodies (built lazily: they use the signed-in address). */
const jsonBody = () =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record(
      {
        userAddr: fc.oneof(fc.jsonValue(), fc.constant(address), hex),
        signature: fc.oneof(
          fc.jsonValue(),
          hex.map((h) => '0x' + h),
        ),
        msg: fc.oneof(
          fc.jsonValue(),
          fc.constant(message),
          fc.string().map((s) => message.slice(0, 60) + s),
        ),
        username: fc.oneof(fc.jsonValue(), fc.string()),
        email: fc.oneof(fc.jsonValue(), fc.emailAddress(), fc.string()),
        bio: fc.oneof(fc.jsonValue(), fc.string({ maxLength: 600 })),
        avatar: fc.oneof(fc.jsonValue(), fc.webUrl(), fc.string()),
        banner: fc.oneof(fc.jsonValue(), fc.webUrl(), fc.string()),
      },
      { requiredKeys: [] },
    ),
  );
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
);

describe('no 5xx on schema-breaking input', () => {
  it('GET /v1/api/user/nonce/{address} and signMessage', async () => {
    await fc.assert(
      fc.asyncProperty(segment, printable, async (a, n) => {
        await expectNo5xx({ method: 'GET', url: `/v1/api/user/nonce/${a}` });
        await expectNo5xx({
          method: 'GET',
          url: `/v1/api/user/signMessage/${a}?nonce=${encodeURIComponent(n)}`,
        });
        await expectNo5xx({
          method: 'GET',
          url: `/v1/api/user/signMessage/${address}?nonce=${encodeURIComponent(n)}`,
        });
      }),
      RUNS,
    );
  });

  it('POST /v1/api/user/authNew', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody(), contentType, fc.boolean(), async (body, type, asText) => {
        await expectNo5xx({ method: 'POST', url: '/v1/api/user/authNew', payload: body as object });
        await expectNo5xx({
          method: 'POST',
          url: '/v1/api/user/authNew',
          headers: { 'content-type': type },
          payload: asText ? JSON.stringify(body).slice(0, -1) : JSON.stringify(body),
        });
      }),
      RUNS,
    );
  });

  it('GET /v1/api/user/loginOut, current and address/{address} with any token', async () => {
    await fc.assert(
      fc.asyncProperty(tokenHeader, segment, async (tk, a) => {
        await expectNo5xx({ method: 'GET', url: '/v1/api/user/current', headers: { token: tk } });
        await expectNo5xx({
          method: 'GET',
          url: `/v1/api/user/address/${a}`,
          headers: { token: tk },
        });
        await expectNo5xx({ method: 'GET', url: '/v1/api/user/loginOut', headers: { token: tk } });
      }),
      RUNS,
    );
  });

  it('POST /v1/api/user/update', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody(), fc.boolean(), contentType, async (body, withToken, type) => {
        const headers = withToken ? { token } : {};
        await expectNo5xx({
          method: 'POST',
          url: '/v1/api/user/update',
          headers,
          payload: body as object,
        });
        await expectNo5xx({
          method: 'POST',
          url: '/v1/api/user/update',
          headers: { ...headers, 'content-type': type },
          payload: JSON.stringify(body),
        });
      }),
      RUNS,
    );
    // The session survived all of it.
    const me = await app.inject({ method: 'GET', url: '/v1/api/user/current', headers: { token } });
    expect(me.json().code).toBe(0);
  });

  it('POST /v1/api/ipfs/upload', async () => {
    const part = fc.record({
      name: fc.oneof(fc.constantFrom('file', 'purpose', 'other'), printable),
      filename: fc.option(fc.oneof(printable, fc.constantFrom('a.png', '../x.png', ''))),
      type: fc.option(printable),
      data: fc.oneof(
        fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
        fc.constantFrom(GIF, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        fc.constantFrom('avatar', 'banner', 'collectionProfile', 'x').map((s) => Buffer.from(s)),
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 4 }),
        fc.constantFrom(
          '',
          '?purpose=avatar',
          '?purpose=nope',
          '?purpose=',
          '?purpose=a&purpose=b',
        ),
        fc.boolean(),
        fc.uint8Array({ maxLength: 200 }),
        contentType,
        async (parts, query, wellFormed, rawBody, type) => {
          const boundary = 'fuzzboundary';
          const payload = wellFormed
            ? Buffer.concat([
                ...parts.flatMap((p) => [
                  Buffer.from(
                    `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
                      (p.filename !== null ? `; filename="${p.filename}"` : '') +
                      '\r\n' +
                      (p.type !== null ? `Content-Type: ${p.type}\r\n` : '') +
                      '\r\n',
                  ),
                  p.data,
                  Buffer.from('\r\n'),
                ]),
                Buffer.from(`--${boundary}--\r\n`),
              ])
            : Buffer.from(rawBody);
          await expectNo5xx({
            method: 'POST',
            url: `/v1/api/ipfs/upload${query}`,
            headers: {
              token,
              'content-type': wellFormed ? `multipart/form-data; boundary=${boundary}` : type,
            },
            payload,
          });
        },
      ),
      RUNS,
    );
  });

  it('GET /ipfs/{cid} and the config routes', async () => {
    await fc.assert(
      fc.asyncProperty(segment, printable, async (cid, name) => {
        await expectNo5xx({ method: 'GET', url: `/ipfs/${cid}` });
        await expectNo5xx({
          method: 'GET',
          url: `/v1/api/config/getValue?name=${encodeURIComponent(name)}`,
        });
        await expectNo5xx({ method: 'GET', url: `/v1/api/config/getValue?${cid}` });
      }),
      RUNS,
    );
    for (const url of ['/v1/api/config/app', '/v1/api/config/chain']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });
});
