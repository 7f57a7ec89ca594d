import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../src/app.js';
import { createTestContext, type TestContext } from './support/context.js';
import { signIn } from './support/sign-in.js';

/**
 * Every route of the OpenAPI document, fed its own field names with text that is not text: NUL,
 * other control characters, lone surrogates, mixed with plausible values, in the path, the query
 * string, a JSON body and a urlencoded body, with and without a session. No answer may be a 5xx,
 * and every API answer is an envelope (a NUL in a query once answered 500 on eight routes).
 */
let t: TestContext;
let app: FastifyInstance;
let token: string;

interface Operation {
  method: 'GET' | 'POST';
  path: string;
  pathParams: string[];
  fields: string[];
}
let operations: Operation[] = [];

beforeAll(async () => {
  t = await createTestContext({
    rateLimit: { authPerMinute: 1_000_000, uploadPerMinute: 1_000_000 },
  });
  app = await buildApp(t.ctx);
  await app.ready();
  token = await signIn(app, privateKeyToAccount(generatePrivateKey()));
  const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const)
      .filter((m) => item[m])
      .map((m) => {
        const op = item[m]!;
        const params = op.parameters ?? [];
        const bodyProps = Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
        return {
          method: m.toUpperCase() as 'GET' | 'POST',
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          fields: [
            ...params.filter((p) => p.in === 'query').map((p) => p.name),
            ...Object.keys(bodyProps),
          ],
        };
      }),
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

/** Requests sent, for the figure the run prints. */
let sent = 0;

async function expectNo5xx(opts: InjectOptions) {
  sent += 1;
  const res = await app.inject(opts);
  expect(
    res.statusCode,
    `${opts.method} ${opts.url} ${JSON.stringify(opts.payload ?? '').slice(0, 200)} → ${res.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (String(res.headers['content-type'] ?? '').includes('application/json')) {
    const body = res.json();
    expect(typeof body.code).toBe('number');
    if (res.statusCode >= 400) expect(body.code).not.toBe(0);
  }
}

/** Text that is not text, and text around it. */
const nasty = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    '\u001b[31m',
    '\u0007',
    '\u007f',
    '\u0085',
    '\r\n',
    '\t',
    '\u2028',
    '\ufeff',
    '\uffff',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('\u0000', '\ud800', '\u0001'),
      fc.string({ maxLength: 8 }),
    )
    .map(([a, b, c]) => a + b + c),
);
/** A plausible value with a control character, NUL or a lone surrogate inside. */
const poison = fc
  .tuple(
    fc.constantFrom('', 'abc', 'transaction_fee', '1'),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0001', '\u001b', '\u007f', '\u009f'),
    fc.constantFrom('', 'xyz', '1'),
  )
  .map(([a, b, c]) => a + b + c);
const plausible = fc.oneof(
  fc.constantFrom('1', '0', '', 'transaction_fee', 'en', '0x' + '1'.repeat(40), 'abc', '2'),
  fc.integer({ min: -5, max: 50 }).map(String),
);
const text = fc.oneof({ weight: 3, arbitrary: nasty }, { weight: 1, arbitrary: plausible });
const jsonValue = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.integer({ min: -2, max: 100 }) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 2 }) },
);

/** Encodes arbitrary text for a URL (lone surrogates included, as their UTF-8-ish escapes). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be URI-encoded: send it as the bytes a careless client would.
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        return code >= 0xd800 && code <= 0xdfff
          ? '%ED%' + (0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase() + '%80'
          : encodeURIComponent(ch);
      })
      .join('');
  }
}

describe('every route under control characters, NUL and lone surrogates', () => {
  it('never answers 5xx', async () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(text, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
          fc.dictionary(fc.constantFrom(...op.fields, 'data', 'x'), jsonValue, { maxKeys: 4 }),
          // One of the route's own fields always carries a control character or a surrogate.
          fc.option(fc.tuple(fc.constantFrom(...op.fields, 'x'), poison), { freq: 5 }),
          fc.boolean(),
          async (segments, random, forced, withToken) => {
            const input = forced ? { ...random, [forced[0]]: forced[1] } : random;
            let url = op.path;
            op.pathParams.forEach((name, i) => {
              url = url.replace(`{${name}}`, encode(segments[i] ?? ''));
            });
            const headers = withToken ? { token } : {};
            const query = Object.entries(input)
              .map(
                ([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`,
              )
              .join('&');
            await expectNo5xx({ method: op.method, url: `${url}?${query}`, headers });
            if (op.method === 'POST') {
              await expectNo5xx({ method: 'POST', url, headers, payload: input });
              await expectNo5xx({
                method: 'POST',
                url,
                headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                payload: query,
              });
            }
          },
        ),
        { numRuns: 40 },
      );
    }
    console.log(`${sent} requests over ${operations.length} operations, none answered 5xx`);
  }, 600_000);
});
