import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNTS, deployContracts } from '@aiamarket/contracts';
import { buildApp } from '../../app.js';
import { collectionProfiles } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../../test/support/context.js';
import { signIn } from '../../../test/support/sign-in.js';
import { injectNo5xx } from '../../../test/support/api.js';

/**
 * Schema-breaking input to every route of the collection, ranking, royalty and activity
 * features, signed in or not (the signed-in user owns a collection, so the update goes past the
 * owner check): no answer may be a 5xx, and every answer is an envelope.
 */
let t: TestContext;
let app: FastifyInstance;
let token: string;
let profileId: number;

beforeAll(async () => {
  t = await createTestContext({
    rateLimit: { authPerMinute: 1_000_000, uploadPerMinute: 1_000_000 },
  });
  t.ctx.deployment = await deployContracts({
    rpcUrl: t.anvil.rpcUrl,
    privateKey: ANVIL_ACCOUNTS[0]!.privateKey,
    chainId: t.ctx.config.chainId,
  });
  app = await buildApp(t.ctx);
  await app.ready();
  const account = privateKeyToAccount(generatePrivateKey());
  token = await signIn(app, account);
  const rows = await t.ctx.database.db
    .insert(collectionProfiles)
    .values({
      chainId: t.ctx.config.chainId,
      contractAddr: t.ctx.deployment.contracts['GameItems721']!.address.toLowerCase(),
      linkCollection: 'fuzz-heroes',
      name: 'Fuzz Heroes',
      ownerAddr: account.address.toLowerCase(),
    })
    .returning();
  profileId = rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.cleanup();
});

const RUNS = { numRuns: 120 };

const expectNo5xx = (opts: InjectOptions) => injectNo5xx(app, opts, { message: true });

const text = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.stringMatching(/^[\x20-\x7e]{0,80}$/),
  fc.constantFrom('', ' ', '0x' + 'g'.repeat(40), '0x' + 'A'.repeat(40), '-1', '1e309', 'NaN'),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }));

/** Near-miss bodies with the fields of the routes, plus arbitrary JSON. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      contractAddr: value,
      tokenId: value,
      userAddr: value,
      types: value,
      page: value,
      size: value,
      window: value,
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      id: fc.oneof(fc.constant(1), fc.integer(), value),
      name: value,
      linkCollection: value,
      description: value,
      headUrl: value,
      coverUrl: value,
      backgroundUrl: value,
      royalty: value,
      royaltyAddr: value,
      linkTwitter: value,
      linkDiscord: value,
      linkSkypegmwcn: value,
      linkInstagram: value,
      linkMedium: value,
    },
    { requiredKeys: [] },
  ),
);
const query = fc
  .dictionary(
    fc.constantFrom(
      'linkCollection',
      'page',
      'size',
      'window',
      'contractAddr',
      'tokenId',
      'userAddr',
      'types',
      'types[]',
      'data',
      'data[page]',
    ),
    fc.oneof(text, fc.integer().map(String)),
    { maxKeys: 5 },
  )
  .map((d) => new URLSearchParams(d).toString());

const ROUTES: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'GET', url: '/v1/api/collections/link' },
  { method: 'GET', url: '/v1/api/collections/recommend' },
  { method: 'GET', url: '/v1/api/collections/collectionCount' },
  { method: 'GET', url: '/v1/api/collections/ranking' },
  { method: 'GET', url: '/v1/api/collections/listAndSummary' },
  { method: 'POST', url: '/v1/api/collections/update' },
  { method: 'POST', url: '/v1/api/transaction/page' },
  { method: 'GET', url: '/v1/api/transaction/page' },
  { method: 'POST', url: '/v1/api/transaction/userPage' },
  { method: 'GET', url: '/v1/api/transaction/userPage' },
  { method: 'POST', url: '/v1/api/nftRoyalty/pageByCurrentUser' },
  { method: 'GET', url: '/v1/api/nftRoyalty/pageByCurrentUser' },
  { method: 'GET', url: '/v1/api/nftRoyalty/summaryByCurrentUser' },
];

describe('collection, ranking, royalty and activity routes: schema-breaking input', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          query,
          body,
          fc.constantFrom('none', 'valid', 'garbage'),
          async (q, b, who) => {
            const headers: Record<string, string> = {};
            if (who === 'valid') headers.token = token;
            if (who === 'garbage') headers.token = 'x'.repeat(43);
            const payload =
              route.method === 'POST' &&
              b &&
              typeof b === 'object' &&
              !Array.isArray(b) &&
              'royalty' in b
                ? { ...b, id: profileId }
                : b;
            await expectNo5xx({
              method: route.method,
              url: `${route.url}${q ? `?${q}` : ''}`,
              headers,
              ...(route.method === 'POST' ? { payload: JSON.stringify(payload) } : {}),
              ...(route.method === 'POST'
                ? { headers: { ...headers, 'content-type': 'application/json' } }
                : {}),
            });
          },
        ),
        RUNS,
      );
    });
  }

  it('a valid update with the wrong royalty is a 400, not a 5xx', async () => {
    const res = await expectNo5xx({
      method: 'POST',
      url: '/v1/api/collections/update',
      headers: { token },
      payload: {
        id: profileId,
        name: 'Fuzz Heroes',
        linkCollection: 'fuzz-heroes',
        description: 'd',
        headUrl: 'https://example.com/a.png',
        coverUrl: 'https://example.com/b.png',
        // The contract pays 5 % to account 0 through ERC-2981: 4 % is not what the chain pays.
        royalty: '4',
        royaltyAddr: ANVIL_ACCOUNTS[0]!.address,
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('documents every route in the OpenAPI document, the ranking windows included', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const route of ROUTES) {
      const path = doc.paths[route.url];
      expect(path, route.url).toBeDefined();
      expect(path[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const ranking = doc.paths['/v1/api/collections/ranking'].get;
    const window = ranking.parameters.find((p: { name: string }) => p.name === 'window');
    expect(window.schema.enum).toEqual(['1d', '7d', '30d', 'all']);
    expect(ranking.description).toMatch(/previous window/);
  });
});
