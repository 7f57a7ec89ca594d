import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/support/context.js';
import { useTestApp } from '../../../test/support/app.js';
import { bannerInput } from './input.js';
import { saveBanner } from './queries.js';

let t: TestContext;
let app: FastifyInstance;

useTestApp({}, (ready) => {
  ({ t, app } = ready);
});

describe('GET /v1/api/collections/banner', () => {
  it('answers the enabled banners in order, localised, with their targets', async () => {
    const db = t.ctx.database.db;
    const image = '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    await saveBanner(
      db,
      bannerInput.parse({
        type: 2,
        imageUrl: image,
        titles: { en: 'Heroes', tr: 'Kahramanlar' },
        linkCollection: 'aia-heroes',
        sort: 2,
      }),
    );
    await saveBanner(
      db,
      bannerInput.parse({
        type: 0,
        imageUrl: image,
        titles: { en: 'Guide' },
        articleId: 7,
        sort: 1,
      }),
    );
    await saveBanner(
      db,
      bannerInput.parse({
        type: 3,
        imageUrl: 'https://cdn.example/b.png',
        titles: { en: 'Sword' },
        tokenId: '5',
        contractAddr: '0xAbCdEf0000000000000000000000000000000001',
        sort: 3,
      }),
    );
    await saveBanner(
      db,
      bannerInput.parse({
        type: 1,
        imageUrl: image,
        titles: { en: 'Hidden' },
        activityId: 1,
        enabled: false,
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/v1/api/collections/banner?lang=tr' });
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().data;
    expect(total).toBe(3);
    expect(records.map((r: { type: number }) => r.type)).toEqual([0, 2, 3]);
    expect(records[0]).toMatchObject({ title: 'Guide', articleId: 7, linkCollection: null });
    expect(records[1]).toMatchObject({ title: 'Kahramanlar', linkCollection: 'aia-heroes' });
    expect(records[2]).toMatchObject({
      tokenId: '5',
      contractAddr: '0xabcdef0000000000000000000000000000000001',
      imageUrl: 'https://cdn.example/b.png',
    });
  });

  it('validates a banner target against its type', () => {
    const r = bannerInput.safeParse({ type: 1, imageUrl: '/ipfs/bafy1', titles: { en: 'x' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['activityId']);
    expect(
      bannerInput.safeParse({ type: 7, imageUrl: '/ipfs/bafy', titles: { en: 'x' } }).success,
    ).toBe(false);
    expect(
      bannerInput.safeParse({
        type: 0,
        imageUrl: 'javascript:x',
        titles: { en: 'x' },
        articleId: 1,
      }).success,
    ).toBe(false);
  });
});
