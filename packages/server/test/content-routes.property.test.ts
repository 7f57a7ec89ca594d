import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { saveArticle, saveCategory } from '../src/modules/article/queries.js';
import { injectNo5xx } from './support/api.js';
import { useTestApp } from './support/app.js';

/**
 * Schema-breaking input to every route of the help-centre, banner, primary-sale and launchpad
 * features: no answer may be a 5xx, and every API answer is an envelope.
 */
let app: FastifyInstance;

useTestApp({}, async (ready) => {
  app = ready.app;
  const t = ready.t;
  const cat = await saveCategory(t.ctx.database.db, { names: { en: 'c' } });
  await saveArticle(t.ctx.database.db, {
    categoryId: cat.id,
    titles: { en: 't' },
    contents: { en: 'x' },
  });
});

async function expectNo5xx(opts: InjectOptions) {
  await injectNo5xx(app, opts);
}

const ROUTES: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'GET', url: '/v1/api/articles/category/page' },
  { method: 'GET', url: '/v1/api/articles/page' },
  { method: 'GET', url: '/v1/api/articles/1' },
  { method: 'GET', url: '/v1/api/collections/banner' },
  { method: 'GET', url: '/v1/api/activity/page' },
  { method: 'POST', url: '/v1/api/activity/page' },
  { method: 'GET', url: '/v1/api/activity/detail/page' },
  { method: 'POST', url: '/v1/api/activity/detail/page' },
  { method: 'GET', url: '/v1/api/activity/detail/1' },
  { method: 'GET', url: '/v1/api/collections/getLaunPage' },
  { method: 'POST', url: '/v1/api/collections/getLaunPage' },
  { method: 'GET', url: '/v1/api/collections/contract' },
  { method: 'POST', url: '/v1/api/collections/contract' },
];

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
const keys = fc.constantFrom(
  'page',
  'size',
  'id',
  'type',
  'state',
  'name',
  'contractAddr',
  'contract',
  'categoryId',
  'data',
  'data[id]',
  'data[categoryId]',
  'lang',
);
const payload = fc.dictionary(keys, value, { maxKeys: 5 });

describe('content routes under schema-breaking input', () => {
  it('never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), payload, async (route, input) => {
        const query = new URLSearchParams(
          Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        ).toString();
        await expectNo5xx({ method: route.method, url: `${route.url}?${query}` });
        if (route.method === 'POST') {
          await expectNo5xx({ method: 'POST', url: route.url, payload: input });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never answer 5xx for odd path ids and bodies', async () => {
    for (const id of ['0', '-1', '1e3', '99999999999', '%00', 'abc', '1.5']) {
      await expectNo5xx({ method: 'GET', url: `/v1/api/articles/${id}` });
      await expectNo5xx({ method: 'GET', url: `/v1/api/activity/detail/${id}` });
    }
    for (const body of ['[]', '"x"', '1', 'null', '{"data":"{bad json"}']) {
      for (const url of ['/v1/api/activity/page', '/v1/api/collections/getLaunPage']) {
        await expectNo5xx({
          method: 'POST',
          url,
          payload: body,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
  });
});
