import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { injectNo5xx } from '../../../test/support/api.js';
import { useWorld, type World } from '../../../test/support/market-world.js';

/**
 * Schema-breaking input to every route of the market, item, search and favourite modules, on
 * the fixture world (so valid-looking input reaches the queries and the chain reads): no answer
 * may be a 5xx, and every answer is an envelope.
 */
let w: World;
let token: string;
useWorld(async (world) => {
  w = world;
  token = await w.token('bob');
});

const RUNS = { numRuns: 60 };

async function expectNo5xx(opts: InjectOptions) {
  await injectNo5xx(w.app, opts, { message: true });
}

/** Values near the edge of each field's rule, and arbitrary JSON. */
const near = () =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1',
      '2',
      '0.5',
      '1e3',
      '9'.repeat(100),
      '0.123456789',
      '1.',
      '.',
      '%',
      '_',
      '\\',
      "' or 1=1 --",
      w.hero,
      w.items,
      w.hero.toUpperCase(),
      `0x${'g'.repeat(40)}`,
      2_147_483_648,
      -5,
      1.5,
      Number.MAX_SAFE_INTEGER,
      [],
      [1, 'a'],
      [{ asc: true, column: 'price' }],
      [{ asc: 'yes', column: 'price' }],
      { asc: true },
    ),
    fc.string({ maxLength: 200 }),
  );
const fields = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((n) => [n, near()])), { requiredKeys: [] });

const POST_ROUTES: [string, string[]][] = [
  [
    '/nftOrder/page',
    [
      'status',
      'orders',
      'page',
      'size',
      'keyWord',
      'collectionNames',
      'minPrice',
      'maxPrice',
      'data',
    ],
  ],
  ['/nftOrder/getOrderList', ['tokenId', 'contractAddr', 'page', 'size']],
  ['/nftOrder/changePrice', ['id', 'tokenId', 'price']],
  ['/nftOrder/getCollectionList', ['page', 'size', 'nameAndAddress']],
  ['/nftAttrCategory/getParentPage', ['contract', 'page', 'size']],
  ['/nftAttrCategory/getValPage', ['id', 'name', 'page', 'size']],
  ['/nftMeta/getDetail', ['tokenId', 'contractAddr']],
  ['/asset/userInfo', ['contractAddr', 'tokenId', 'ownerAddr']],
  ['/asset/ownership', ['contractAddr', 'tokenId', 'page', 'size']],
  [
    '/nft/findPageByCollectionId',
    [
      'collectionId',
      'showType',
      'keyWord',
      'sort',
      'minPrice',
      'maxPrice',
      'gorySet',
      'parentId',
      'page',
      'size',
    ],
  ],
  ['/nftOrder/selecAssetNftPage', ['userAddr', 'type', 'page', 'size']],
  ['/asset/userInfoList', ['contractAddr', 'ownerAddr', 'page', 'size']],
  ['/nft/homeSearchPage', ['keyWord']],
  ['/collect/detail', ['tokenId', 'contractAddr', 'ownerAddr']],
];
const GET_QUERY_ROUTES = [
  '/nftAttrCategory/getParentPage',
  '/nftAttrCategory/getValPage',
  '/nftMeta/getDetail',
  '/asset/ownership',
  '/collect/detail',
];
const segment = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom('1', '2', '-1', '9'.repeat(90), 'x', '%zz', '..', '', 'ａ'),
);
/** Contract segments: garbage, or the world's contracts (filled in when the property runs). */
const address = fc.oneof(segment, fc.constantFrom('{hero}', '{items}', `0x${'0'.repeat(40)}`));
const fill = (s: string) => s.replace('{hero}', w.hero).replace('{items}', w.items);

describe('no 5xx on schema-breaking input', () => {
  for (const [url, names] of POST_ROUTES) {
    it(`POST ${url}`, async () => {
      await fc.assert(
        fc.asyncProperty(fields(names), fc.boolean(), async (payload, signedIn) => {
          await expectNo5xx({
            method: 'POST',
            url: `/v1/api${url}`,
            payload,
            headers: signedIn ? { token } : {},
          });
        }),
        RUNS,
      );
    });
  }

  it('GET routes with query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GET_QUERY_ROUTES),
        fc.dictionary(
          fc.constantFrom(
            'tokenId',
            'contractAddr',
            'contract',
            'id',
            'name',
            'page',
            'size',
            'ownerAddr',
            'data',
          ),
          fc.string({ maxLength: 50 }),
        ),
        async (url, query) => {
          const qs = new URLSearchParams(query).toString();
          await expectNo5xx({ method: 'GET', url: `/v1/api${url}?${qs}` });
        },
      ),
      RUNS,
    );
  });

  it('favourite and cancel paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('collect', 'cancel'),
        segment,
        address,
        fc.boolean(),
        async (action, tokenId, contract, signedIn) => {
          await expectNo5xx({
            method: 'GET',
            url: `/v1/api/collect/${action}/${tokenId}/${fill(contract)}`,
            headers: signedIn ? { token } : {},
          });
        },
      ),
      RUNS,
    );
  });

  it('bodies that are not JSON objects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POST_ROUTES.map(([u]) => u)),
        fc.oneof(fc.string({ maxLength: 100 }), fc.constantFrom('{', '[]', 'null', '1', '"x"')),
        async (url, raw) => {
          await expectNo5xx({
            method: 'POST',
            url: `/v1/api${url}`,
            payload: raw,
            headers: { 'content-type': 'application/json', token },
          });
        },
      ),
      RUNS,
    );
  });
});
