import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import {
  ERRORS,
  ORDER_KIND,
  PAGE_SIZE,
  VALIDATION_MESSAGES,
  validationKeyOf,
  type OrderVO,
  type Page,
} from '@aiamarket/shared';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { orders } from '../../db/schema.js';
import { marketPage } from './queries.js';
import { send } from '../../../test/indexer/support.js';
import { callApi } from '../../../test/support/api.js';
import { ACTORS, lower, useWorld, type World } from '../../../test/support/market-world.js';

let w: World;
useWorld((world) => {
  w = world;
});

const post = <T>(url: string, payload: unknown, token?: string) =>
  callApi<T>(w.app, 'POST', url, payload, token);
const page = (payload: unknown) => post<Page<OrderVO>>('/nftOrder/page', payload);
const ids = (p: Page<OrderVO>) => p.records.map((r) => r.orderId);
class Rollback extends Error {
  constructor(readonly ids: string[]) {
    super('rollback');
  }
}

describe('nftOrder/page', () => {
  it('lists the listed orders with an image, newest first, with the spec fields', async () => {
    const { status, body } = await page({});
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    // Order 3 (item 3) has no image; 1 sold, 4 cancelled, 7 force cancel.
    expect(ids(body.data)).toEqual(['6', '5', '2']);
    expect(body.data).toMatchObject({ total: 3, current: 1, size: PAGE_SIZE.market, pages: 1 });
    const two = body.data.records.find((r) => r.orderId === '2')!;
    const [row] = await w.ctx.database.db
      .select({ royalty: orders.royalty })
      .from(orders)
      .where(eq(orders.orderId, '2'));
    expect(two).toEqual({
      orderId: '2',
      kind: ORDER_KIND.market,
      expiresAt: null,
      signed: null,
      status: 0,
      price: '3',
      priceWei: parseUnits('3', 6).toString(),
      // At the world's USDT rate of 1 AIA.
      priceRef: '3',
      coin: 'USDT',
      coinDecimals: 6,
      moneyAddr: w.stable,
      contractAddr: w.items,
      tokenId: '1',
      contractType: 'ERC1155',
      amount: '6',
      leftAmount: '4',
      ownerAddr: lower(ACTORS.bob.address),
      marketAddr: w.market,
      royalty: row!.royalty === null ? null : row!.royalty / 100,
      collectionName: 'AIA Game Items',
      linkCollection: 'aia-game-items',
      name: 'Potion of Dawn',
      imageUrl: two.imageUrl,
      nftMetadata: { imageUrl: two.imageUrl, name: 'Potion of Dawn' },
      createDate: two.createDate,
    });
    expect(two.imageUrl).toMatch(/^\/ipfs\//);
    const five = body.data.records.find((r) => r.orderId === '5')!;
    expect(five).toMatchObject({ price: '5', coin: 'AIA', coinDecimals: 18, royalty: 3 });
  });

  it('lists create_date newest first whatever its asc, as the route documents', async () => {
    const recent = ids((await page({})).body.data);
    expect(ids((await page({ orders: [{ asc: true, column: 'create_date' }] })).body.data)).toEqual(
      recent,
    );
    const docs = (await w.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, { post: { description: string } }>;
    };
    expect(docs.paths['/v1/api/nftOrder/page']!.post.description).toContain(
      'always newest first: its `asc` is ignored',
    );
  });

  it('sorts by price both ways and pages', async () => {
    const asc = await page({ orders: [{ asc: true, column: 'price' }] });
    expect(ids(asc.body.data)).toEqual(['6', '2', '5']);
    const desc = await page({ orders: [{ asc: false, column: 'price' }] });
    expect(ids(desc.body.data)).toEqual(['5', '2', '6']);
    const second = await page({ orders: [{ asc: true, column: 'price' }], page: 2, size: 2 });
    expect(ids(second.body.data)).toEqual(['5']);
    expect(second.body.data).toMatchObject({ total: 3, current: 2, size: 2, pages: 2 });
    const past = await page({ orders: [{ asc: true, column: 'price' }], page: 5, size: 2 });
    expect(past.body.data).toMatchObject({ records: [], total: 3, current: 5 });
  });

  it('breaks ties of the listing time by order id as a number (100 after 99, not before)', async () => {
    // Inside a transaction that is rolled back, so the other tests keep their world.
    const seen = await w.ctx.database.db
      .transaction(async (tx) => {
        const [six] = await tx.select().from(orders).where(eq(orders.orderId, '6'));
        const at = new Date(Date.now() + 86_400_000); // newest of all
        for (const orderId of ['99', '100']) {
          await tx.insert(orders).values({ ...six!, orderId, createdAt: at });
        }
        const { rows } = await marketPage(tx, w.ctx.config.chainId, {
          status: 0,
          sort: 'recent',
          priceRange: null,
          page: 1,
          size: 2,
        });
        throw new Rollback(rows.map((r) => r.orderId));
      })
      .catch((e: unknown) => (e instanceof Rollback ? e.ids : Promise.reject(e)));
    expect(seen).toEqual(['100', '99']);
  });

  it('filters by keyword (item or collection name), collection names and price range', async () => {
    expect(ids((await page({ keyWord: 'blaze' })).body.data)).toEqual(['5']);
    expect(ids((await page({ keyWord: 'bLAZE' })).body.data)).toEqual(['5']);
    expect(ids((await page({ keyWord: 'game items' })).body.data)).toEqual(['2']);
    expect(ids((await page({ keyWord: '100%_' })).body.data)).toEqual([]);
    expect(ids((await page({ collectionNames: ['aia heroes'] })).body.data)).toEqual(['6', '5']);
    expect((await page({ collectionNames: ['no such collection'] })).body.data).toMatchObject({
      records: [],
      total: 0,
    });
    const range = await page({
      minPrice: '0.5',
      maxPrice: '3',
      orders: [{ asc: true, column: 'price' }],
    });
    expect(ids(range.body.data)).toEqual(['6', '2']);
    // One bound alone is no filter.
    expect((await page({ minPrice: '4' })).body.data.total).toBe(3);
    expect(ids((await page({ status: 3 })).body.data)).toEqual(['7']);
  });

  it('refuses bad filters with the shared messages', async () => {
    const swapped = await page({ minPrice: '3', maxPrice: '1' });
    expect(swapped.status).toBe(400);
    expect(swapped.body.code).toBe(ERRORS.badRequest.code);
    // The spec's message alone: the web app translates it by its text (validationKeyOf).
    expect(swapped.body.message).toBe(VALIDATION_MESSAGES.priceRange.message);
    expect(validationKeyOf(swapped.body.message)).toBe(VALIDATION_MESSAGES.priceRange.key);
    const decimals = await page({ minPrice: '0.123456789', maxPrice: '1' });
    expect(decimals.status).toBe(400);
    expect(decimals.body.message).toBe(VALIDATION_MESSAGES.filterDecimals.message);
    // A comma is not read as a decimal point by the API (its numbers are plain "1.5").
    const comma = await page({ minPrice: '1,5', maxPrice: '2' });
    expect(comma.status).toBe(400);
    expect(comma.body.message).toBe(VALIDATION_MESSAGES.decimalAmbiguous.message);
    for (const bad of [
      { status: 9 },
      { orders: [{ asc: true, column: 'name' }] },
      { page: 0 },
      { size: 1000 },
      { collectionNames: 'x' },
    ]) {
      const res = await page(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.data).toBeNull();
      // Not a rule of the spec: the generic message names the field.
      expect(res.body.message).toMatch(/^Invalid request parameters: body\./);
    }
  });
});

describe('nftOrder/getOrderList', () => {
  it('lists the listings of one item, lowest price first', async () => {
    const res = await post<Page<OrderVO>>('/nftOrder/getOrderList', {
      tokenId: '1',
      contractAddr: w.items.toUpperCase().replace('0X', '0x'),
    });
    expect(res.body.data).toMatchObject({ total: 1, current: 1, size: PAGE_SIZE.listings });
    expect(ids(res.body.data)).toEqual(['2']);
    const none = await post<Page<OrderVO>>('/nftOrder/getOrderList', {
      tokenId: '3',
      contractAddr: w.hero,
    });
    expect(none.body.data.records).toEqual([]);
    expect(
      (await post('/nftOrder/getOrderList', { tokenId: '-1', contractAddr: w.hero })).status,
    ).toBe(400);
  });

  it("narrows to one seller's listing with ownerAddr (what a new ERC1155 listing replaces)", async () => {
    const all = await post<Page<OrderVO>>('/nftOrder/getOrderList', {
      tokenId: '1',
      contractAddr: w.items,
    });
    const seller = all.body.data.records[0]!.ownerAddr;
    const mine = await post<Page<OrderVO>>('/nftOrder/getOrderList', {
      tokenId: '1',
      contractAddr: w.items,
      ownerAddr: seller.toUpperCase().replace('0X', '0x'),
    });
    expect(ids(mine.body.data)).toEqual(['2']);
    const someoneElse = [ACTORS.alice, ACTORS.bob, ACTORS.carol, ACTORS.dave]
      .map((a) => lower(a.address))
      .find((a) => a !== seller)!;
    const none = await post<Page<OrderVO>>('/nftOrder/getOrderList', {
      tokenId: '1',
      contractAddr: w.items,
      ownerAddr: someoneElse,
    });
    expect(none.body.data).toMatchObject({ records: [], total: 0 });
    const bad = await post('/nftOrder/getOrderList', {
      tokenId: '1',
      contractAddr: w.items,
      ownerAddr: 'nobody',
    });
    expect(bad.status).toBe(400);
  });
});

describe('nftOrder/changePrice', () => {
  const priceOf = async (orderId: string) =>
    (
      await w.ctx.database.db
        .select({ p: sql<string>`${orders.price}::text` })
        .from(orders)
        .where(eq(orders.orderId, orderId))
    )[0]!.p;

  it('answers success only when the chain shows the sent price, and never writes it', async () => {
    const bob = await w.token('bob');
    await send(w.c, 'bob', {
      address: w.c.addr('Marketplace'),
      abi: marketplaceAbi,
      functionName: 'modifyPrice',
      args: [2n, parseUnits('4', 6)],
    });
    const wrong = await post('/nftOrder/changePrice', { id: '2', tokenId: '1', price: '9' }, bob);
    expect(wrong.status).toBe(400);
    expect(await priceOf('2')).toBe(parseUnits('3', 6).toString());
    const right = await post('/nftOrder/changePrice', { id: '2', tokenId: '1', price: '4.0' }, bob);
    expect(right).toMatchObject({ status: 200, body: { code: 0, message: 'success', data: null } });
    // The order row is the indexer's: unchanged until it indexes the PriceChanged event.
    expect(await priceOf('2')).toBe(parseUnits('3', 6).toString());
    await w.catchUp();
    expect(await priceOf('2')).toBe(parseUnits('4', 6).toString());
  });

  it("refuses someone else's order, no session, unknown orders and bad input", async () => {
    const alice = await w.token('alice');
    const other = await post('/nftOrder/changePrice', { id: '2', tokenId: '1', price: '4' }, alice);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(ERRORS.forbidden.code);
    const anon = await post('/nftOrder/changePrice', { id: '2', tokenId: '1', price: '4' });
    expect(anon.body.code).toBe(ERRORS.notLoggedIn.code);
    const unknown = await post(
      '/nftOrder/changePrice',
      { id: '99', tokenId: '1', price: '4' },
      alice,
    );
    expect(unknown.status).toBe(404);
    const sold = await post('/nftOrder/changePrice', { id: '4', tokenId: '2', price: '4' }, alice);
    expect(sold.status).toBe(400);
    const bad = await post('/nftOrder/changePrice', { id: '2', tokenId: '1', price: '-4' }, alice);
    expect(bad.status).toBe(400);
    const bob = await w.token('bob');
    const tooFine = await post(
      '/nftOrder/changePrice',
      { id: '2', tokenId: '1', price: '4.0000001' },
      bob,
    );
    expect(tooFine.status).toBe(400);
  });
});

describe('collection filter and attributes', () => {
  it('getCollectionList filters by name or address part, with the floor', async () => {
    const all = await post<Page<{ name: string; priceFloor: string | null; contractAddr: string }>>(
      '/nftOrder/getCollectionList',
      {},
    );
    expect(all.body.data.size).toBe(PAGE_SIZE.collectionFilter);
    expect(all.body.data.records.map((r) => r.name)).toEqual(
      expect.arrayContaining(['AIA Heroes', 'AIA Game Items']),
    );
    const byName = await post<Page<{ name: string; id: number }>>('/nftOrder/getCollectionList', {
      nameAndAddress: 'HEROES',
    });
    expect(byName.body.data.records).toEqual([
      expect.objectContaining({
        name: 'AIA Heroes',
        id: w.profileId[w.hero],
        linkCollection: 'aia-heroes',
      }),
    ]);
    const byAddr = await post<Page<{ name: string }>>('/nftOrder/getCollectionList', {
      nameAndAddress: w.items.slice(2, 12).toUpperCase(),
    });
    expect(byAddr.body.data.records.map((r) => r.name)).toEqual(['AIA Game Items']);
  });

  it('getParentPage and getValPage count tokens per category and value (GET and POST)', async () => {
    const parents = await w.app.inject({
      method: 'GET',
      url: `/v1/api/nftAttrCategory/getParentPage?contract=${w.hero}`,
    });
    const cats = parents.json().data.records as { id: number; name: string; num: number }[];
    expect(cats.map((c) => [c.name, c.num])).toEqual([
      ['Class', 3],
      ['Rarity', 3],
    ]);
    const klass = cats.find((c) => c.name === 'Class')!;
    const vals = await post<Page<{ id: number; name: string; num: number }>>(
      '/nftAttrCategory/getValPage',
      { id: klass.id },
    );
    expect(vals.body.data.records.map((v) => [v.name, v.num])).toEqual([
      ['Mage', 2],
      ['Warrior', 1],
    ]);
    expect(vals.body.data.size).toBe(PAGE_SIZE.attributeValues);
    const some = await post<Page<{ name: string }>>('/nftAttrCategory/getValPage', {
      id: klass.id,
      name: 'war',
    });
    expect(some.body.data.records.map((v) => v.name)).toEqual(['Warrior']);
    expect((await post('/nftAttrCategory/getValPage', { id: 'x' })).status).toBe(400);
    expect((await post('/nftAttrCategory/getParentPage', { contract: 'nope' })).status).toBe(400);
  });

  it('nftOrder/page filters by attribute values (gorySet within parentId)', async () => {
    const cats = (
      await w.app.inject({
        method: 'GET',
        url: `/v1/api/nftAttrCategory/getParentPage?contract=${w.hero}`,
      })
    ).json().data.records as { id: number; name: string }[];
    const klass = cats.find((c) => c.name === 'Class')!;
    const vals = (
      await post<Page<{ id: number; name: string }>>('/nftAttrCategory/getValPage', {
        id: klass.id,
      })
    ).body.data.records;
    const valueId = (name: string) => vals.find((v) => v.name === name)!.id;
    const heroOrders = (await page({ collectionNames: ['aia heroes'] })).body.data.records;
    const byValue = async (name: string) =>
      (await page({ gorySet: [valueId(name)], parentId: klass.id })).body.data.records;
    const mages = await byValue('Mage');
    const warriors = await byValue('Warrior');
    // Mage tokens are 1 and 3, the warrior is 2 (market-world.ts).
    expect(mages.every((r) => ['1', '3'].includes(r.tokenId))).toBe(true);
    expect(warriors.every((r) => r.tokenId === '2')).toBe(true);
    expect([...mages, ...warriors].map((r) => r.orderId).sort()).toEqual(
      heroOrders.map((r) => r.orderId).sort(),
    );
    expect(mages.length).toBeGreaterThan(0);
    // A value of another category is no match when parentId says otherwise.
    expect(
      (await page({ gorySet: [valueId('Mage')], parentId: klass.id + 1000 })).body.data.total,
    ).toBe(0);
    expect((await post('/nftOrder/page', { gorySet: ['x'] })).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the routes of the market, item, search and favourite modules with their answers', async () => {
    const res = await w.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ['/v1/api/nftOrder/page', 'post'],
      ['/v1/api/nftOrder/getOrderList', 'post'],
      ['/v1/api/nftOrder/changePrice', 'post'],
      ['/v1/api/nftOrder/getCollectionList', 'post'],
      ['/v1/api/nftAttrCategory/getValPage', 'get'],
      ['/v1/api/nftMeta/getDetail', 'get'],
      ['/v1/api/nft/findPageByCollectionId', 'post'],
      ['/v1/api/nftOrder/selecAssetNftPage', 'post'],
      ['/v1/api/nft/homeSearchPage', 'post'],
      ['/v1/api/collect/detail', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses['200'], `${method} ${path}`).toBeDefined();
    }
    const answer = JSON.stringify(doc.paths['/v1/api/nftOrder/page']!.post!.responses['200']);
    expect(answer).toContain('priceWei');
    expect(answer).toContain('nftMetadata');
  });
});
