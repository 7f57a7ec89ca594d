import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/support/context.js';
import { useTestApp } from '../../../test/support/app.js';
import { saveArticle, saveCategory } from './queries.js';

let t: TestContext;
let app: FastifyInstance;
const ids: { cats: number[]; articles: number[] } = { cats: [], articles: [] };

useTestApp({}, async (ready) => {
  ({ t, app } = ready);
  const db = t.ctx.database.db;
  for (let c = 0; c < 12; c++) {
    const cat = await saveCategory(db, {
      names: { en: `Category ${c}`, ja: `カテゴリ ${c}` },
      sort: c,
    });
    ids.cats.push(cat.id);
  }
  for (let a = 0; a < 13; a++) {
    const art = await saveArticle(db, {
      categoryId: ids.cats[0]!,
      titles: { en: `How to ${a}`, 'zh-CN': `如何 ${a}` },
      contents: {
        en: `<p>English ${a}</p><script>alert(1)</script><img src=x onerror="alert(1)">`,
        'zh-CN': `<p>中文 ${a}</p>`,
      },
      sort: a,
    });
    ids.articles.push(art.id);
  }
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('GET /v1/api/articles/{id}', () => {
  it('answers the article in the requested language and counts each read', async () => {
    const id = ids.articles[0]!;
    const first = (await get(`/v1/api/articles/${id}?lang=zh-CN`)).json();
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      id,
      title: '如何 0',
      inName: '如何 0',
      inContent: '<p>中文 0</p>',
      readCount: 1,
      categoryName: 'Category 0',
    });
    const second = (
      await get(`/v1/api/articles/${id}`, { 'accept-language': 'ja,en;q=0.5' })
    ).json();
    // Japanese is not translated: English, sanitised when it was written.
    expect(second.data.title).toBe('How to 0');
    expect(second.data.inContent).toBe('<p>English 0</p><img src="x">');
    expect(second.data.readCount).toBe(2);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await get('/v1/api/articles/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 10004, data: null });
    const bad = await get('/v1/api/articles/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(10001);
  });
});

describe('GET /v1/api/articles/category/page', () => {
  it('pages categories by 10 with their article lists', async () => {
    const p1 = (await get('/v1/api/articles/category/page?page=1&lang=ja')).json().data;
    expect(p1).toMatchObject({ total: 12, current: 1, size: 10, pages: 2 });
    expect(p1.records).toHaveLength(10);
    expect(p1.records[0].inName).toBe('カテゴリ 0');
    expect(p1.records[0].articleList).toHaveLength(13);
    expect(p1.records[0].articleList[0]).toMatchObject({
      id: ids.articles[0],
      title: 'How to 0',
    });
    expect(typeof p1.records[0].articleList[0].readCount).toBe('number');
    expect(p1.records[0].articleList[0].modifyDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(p1.records[1].articleList).toEqual([]);
    const p2 = (await get('/v1/api/articles/category/page?page=2')).json().data;
    expect(p2.records.map((r: { inName: string }) => r.inName)).toEqual([
      'Category 10',
      'Category 11',
    ]);
  });

  it('refuses size 0 with a 400 envelope', async () => {
    const res = await get('/v1/api/articles/category/page?size=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 10001, data: null });
  });
});

describe('GET /v1/api/articles/page', () => {
  it('filters by categoryId given as data[categoryId] or categoryId', async () => {
    const cat = ids.cats[0]!;
    const a = (await get(`/v1/api/articles/page?data%5BcategoryId%5D=${cat}&page=2&size=5`)).json();
    expect(a.data).toMatchObject({ total: 13, current: 2, size: 5 });
    expect(a.data.records.map((r: { title: string }) => r.title)).toEqual([
      'How to 5',
      'How to 6',
      'How to 7',
      'How to 8',
      'How to 9',
    ]);
    const b = (await get(`/v1/api/articles/page?categoryId=${ids.cats[3]}`)).json();
    expect(b.data).toMatchObject({ total: 0, records: [] });
  });

  it('refuses a malformed categoryId', async () => {
    const res = await get('/v1/api/articles/page?categoryId=x');
    expect(res.statusCode).toBe(400);
  });
});
