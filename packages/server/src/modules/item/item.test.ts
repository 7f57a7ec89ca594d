import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  ORDER_STATUS,
  PAGE_SIZE,
  type NftCardVO,
  type NftDetail,
  type Ownership,
  type Page,
} from '@aiamarket/shared';
import {
  attrCategories,
  attrValues,
  collections,
  favourites,
  holdings,
  orders,
} from '../../db/schema.js';
import { and, eq } from 'drizzle-orm';
import { callApi } from '../../../test/support/api.js';
import { ACTORS, lower, useWorld, type World } from '../../../test/support/market-world.js';

let w: World;
useWorld((world) => {
  w = world;
});

const call = <T>(method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) =>
  callApi<T>(w.app, method, url, payload, token);
const cards = (payload: unknown) =>
  call<Page<NftCardVO>>('POST', '/nft/findPageByCollectionId', payload);
const account = (payload: unknown) =>
  call<Page<NftCardVO>>('POST', '/nftOrder/selecAssetNftPage', payload);
const tokenIds = (p: Page<NftCardVO>) => p.records.map((r) => r.tokenId);
const addr = (who: keyof typeof ACTORS) => lower(ACTORS[who].address);

describe('nftMeta/getDetail', () => {
  it('answers metadata, collection and lowest order of an ERC721 item', async () => {
    const { status, body } = await call<NftDetail>(
      'GET',
      `/nftMeta/getDetail?tokenId=2&contractAddr=${w.hero}`,
    );
    expect(status).toBe(200);
    expect(body.data.metadataVO).toEqual({
      tokenId: '2',
      contractAddr: w.hero,
      contractType: 'ERC721',
      name: 'Hero Blaze',
      imageUrl: expect.stringMatching(/^\/ipfs\//),
      description: 'Hero Blaze, a test item',
      belongToList: [addr('alice')],
      collectionName: 'AIA Heroes',
      linkCollection: 'aia-heroes',
      propertyList: [
        { name: 'Class', value: 'Warrior' },
        { name: 'Rarity', value: 'Common' },
      ],
      amountTotal: '1',
      metadataStatus: 'ok',
    });
    expect(body.data.collectionsVO).toMatchObject({
      id: w.profileId[w.hero],
      name: 'AIA Heroes',
      linkCollection: 'aia-heroes',
      contractAddr: w.hero,
      contractType: 'ERC721',
      royalty: 3,
    });
    expect(body.data.orderVO).toMatchObject({ orderId: '5', price: '5', coin: 'AIA', status: 0 });
  });

  it('answers owners by amount and the cheapest listing of an ERC1155 item', async () => {
    const { body } = await call<NftDetail>('POST', '/nftMeta/getDetail', {
      tokenId: '1',
      contractAddr: w.items,
    });
    const [first, ...rest] = body.data.metadataVO.belongToList;
    expect(first).toBe(addr('bob'));
    expect(rest.sort()).toEqual([addr('carol'), addr('dave')].sort());
    expect(body.data.metadataVO.amountTotal).toBe('10');
    // Order 7 (1 AIA) is force-cancelled: the listed one is order 2.
    expect(body.data.orderVO).toMatchObject({ orderId: '2', leftAmount: '4', coinDecimals: 6 });
  });

  it('counts the total supply over every holder, not only the listed ones', async () => {
    // 150 holders of 2 each: more than the 100 owners the detail lists.
    const tokenId = '424242';
    const rows = Array.from({ length: 150 }, (_, i) => ({
      chainId: w.ctx.config.chainId,
      contractAddr: w.items,
      tokenId,
      ownerAddr: `0x${(i + 1).toString(16).padStart(40, '0')}`,
      amount: '2',
    }));
    const db = w.ctx.database.db;
    await db.insert(holdings).values(rows);
    try {
      const { body } = await call<NftDetail>(
        'GET',
        `/nftMeta/getDetail?tokenId=${tokenId}&contractAddr=${w.items}`,
      );
      expect(body.data.metadataVO.belongToList).toHaveLength(100);
      expect(body.data.metadataVO.amountTotal).toBe('300');
    } finally {
      await db
        .delete(holdings)
        .where(and(eq(holdings.contractAddr, w.items), eq(holdings.tokenId, tokenId)));
    }
  });

  it('refuses unknown items and bad input', async () => {
    const unknown = await call('GET', `/nftMeta/getDetail?tokenId=99&contractAddr=${w.hero}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: ERRORS.notFound.code, data: null });
    const other = await call(
      'GET',
      `/nftMeta/getDetail?tokenId=1&contractAddr=0x${'1'.repeat(40)}`,
    );
    expect(other.status).toBe(404);
    expect((await call('GET', `/nftMeta/getDetail?tokenId=x&contractAddr=${w.hero}`)).status).toBe(
      400,
    );
  });
});

describe('ownership', () => {
  it('asset/userInfo answers what an owner or the signed-in user holds', async () => {
    const carol = await call<Ownership>('POST', '/asset/userInfo', {
      contractAddr: w.items,
      tokenId: '1',
      ownerAddr: ACTORS.carol.address,
    });
    expect(carol.body.data).toEqual({ amount: '3', amountTotal: '10', userAddr: addr('carol') });
    const bob = await call<Ownership>(
      'POST',
      '/asset/userInfo',
      { contractAddr: w.items, tokenId: '1' },
      await w.token('bob'),
    );
    expect(bob.body.data).toEqual({ amount: '4', amountTotal: '10', userAddr: addr('bob') });
    const none = await call<Ownership>('POST', '/asset/userInfo', {
      contractAddr: w.hero,
      tokenId: '1',
      ownerAddr: ACTORS.bob.address,
    });
    expect(none.body.data.amount).toBe('0');
    const anon = await call('POST', '/asset/userInfo', { contractAddr: w.items, tokenId: '1' });
    expect(anon.body.code).toBe(ERRORS.notLoggedIn.code);
  });

  it('asset/ownership pages the owners, largest first', async () => {
    const res = await call<Page<Ownership>>(
      'GET',
      `/asset/ownership?contractAddr=${w.items}&tokenId=1&size=2`,
    );
    expect(res.body.data).toMatchObject({ total: 3, current: 1, size: 2, pages: 2 });
    expect(res.body.data.records[0]).toEqual({
      amount: '4',
      amountTotal: '10',
      userAddr: addr('bob'),
    });
    const next = await call<Page<Ownership>>('POST', '/asset/ownership', {
      contractAddr: w.items,
      tokenId: '1',
      page: 2,
      size: 2,
    });
    expect(next.body.data.records).toHaveLength(1);
  });
});

describe('nft/findPageByCollectionId', () => {
  it('lists the items of a collection in each sort', async () => {
    const id = w.profileId[w.hero];
    const recent = await cards({ collectionId: id });
    expect(tokenIds(recent.body.data)).toEqual(['1', '2', '3', '4', '5']);
    expect(recent.body.data).toMatchObject({ total: 5, size: PAGE_SIZE.collectionItems });
    const one = recent.body.data.records[0]!;
    expect(one).toMatchObject({
      contractAddr: w.hero,
      contractType: 'ERC721',
      name: 'Hero Aurora',
      collectionName: 'AIA Heroes',
      linkCollection: 'aia-heroes',
      amount: '1',
      order: { orderId: '6', price: '0.5' },
    });
    expect(recent.body.data.records[2]!.order).toBeNull();
    expect(tokenIds((await cards({ collectionId: id, sort: 1 })).body.data)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(tokenIds((await cards({ collectionId: id, sort: 2 })).body.data)).toEqual([
      '2',
      '1',
      '3',
      '4',
      '5',
    ]);
    expect(
      tokenIds((await cards({ collectionId: id, sort: 3, page: 2, size: 2 })).body.data),
    ).toEqual(['3', '4']);
  });

  it('filters by listed, keyword, price range and attributes', async () => {
    const id = w.profileId[w.hero];
    expect(tokenIds((await cards({ collectionId: id, showType: 1 })).body.data)).toEqual([
      '1',
      '2',
    ]);
    expect(tokenIds((await cards({ collectionId: id, keyWord: 'CINDER' })).body.data)).toEqual([
      '3',
    ]);
    expect(tokenIds((await cards({ collectionId: id, keyWord: '4' })).body.data)).toEqual(['4']);
    expect(
      tokenIds((await cards({ collectionId: id, minPrice: '1', maxPrice: '10' })).body.data),
    ).toEqual(['2']);
    const [klass] = await w.ctx.database.db
      .select({ id: attrCategories.id })
      .from(attrCategories)
      .where(and(eq(attrCategories.contractAddr, w.hero), eq(attrCategories.name, 'Class')));
    const [mage] = await w.ctx.database.db
      .select({ id: attrValues.id })
      .from(attrValues)
      .where(and(eq(attrValues.categoryId, klass!.id), eq(attrValues.value, 'Mage')));
    const mages = await cards({
      collectionId: id,
      gorySet: [mage!.id],
      parentId: klass!.id,
      sort: 3,
    });
    expect(tokenIds(mages.body.data)).toEqual(['1', '3']);
    expect(mages.body.data.total).toBe(2);
  });

  it('refuses unknown collections and bad input', async () => {
    expect((await cards({ collectionId: 999_999 })).status).toBe(404);
    for (const bad of [
      {},
      { collectionId: 'x' },
      { collectionId: 1, sort: 9 },
      { collectionId: 1, showType: 5 },
      { collectionId: 1, gorySet: 'a' },
      { collectionId: 1, minPrice: '5', maxPrice: '1' },
    ]) {
      expect((await cards(bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('nftOrder/selecAssetNftPage and asset/userInfoList', () => {
  it('lists what an account holds, favourites, sells and has force-cancelled', async () => {
    const held = await account({ userAddr: ACTORS.alice.address });
    expect(held.body.data.size).toBe(PAGE_SIZE.accountItems);
    expect(held.body.data.records.map((r) => `${r.contractAddr}#${r.tokenId}`)).toContain(
      `${w.hero}#2`,
    );
    expect(held.body.data.total).toBe(held.body.data.records.length);
    expect(held.body.data.records.find((r) => r.contractAddr === w.hero)!.order?.orderId).toBe('5');

    const selling = await account({ userAddr: ACTORS.alice.address, type: 2 });
    expect(selling.body.data.records).toEqual([
      expect.objectContaining({
        tokenId: '2',
        amount: '1',
        order: expect.objectContaining({ orderId: '5' }),
      }),
    ]);
    const forced = await account({ userAddr: ACTORS.dave.address, type: 3 });
    expect(forced.body.data.records).toEqual([
      expect.objectContaining({
        tokenId: '1',
        contractAddr: w.items,
        amount: '4',
        order: expect.objectContaining({ orderId: '7', status: 3 }),
      }),
    ]);
    // A stale listing its seller already cancelled on chain (chain status 3) needs no action:
    // it leaves the force-cancel tab.
    const [seven] = await w.ctx.database.db.select().from(orders).where(eq(orders.orderId, '7'));
    await w.ctx.database.db.insert(orders).values({
      ...seven!,
      orderId: '9999',
      chainStatus: ORDER_STATUS.forceCancel,
      leftAmount: '0',
    });
    const afterCancel = await account({ userAddr: ACTORS.dave.address, type: 3 });
    expect(afterCancel.body.data.records.map((r) => r.order?.orderId)).toEqual(['7']);
    expect(afterCancel.body.data.total).toBe(1);
    await w.ctx.database.db.delete(orders).where(eq(orders.orderId, '9999'));

    await w.ctx.database.db.insert(favourites).values({
      userAddr: addr('carol'),
      chainId: w.ctx.config.chainId,
      contractAddr: w.items,
      tokenId: '1',
    });
    const liked = await account({ userAddr: ACTORS.carol.address, type: 1 });
    expect(liked.body.data.records).toEqual([
      expect.objectContaining({
        tokenId: '1',
        contractAddr: w.items,
        amount: '10',
        name: 'Potion of Dawn',
      }),
    ]);
    expect(liked.body.data.total).toBe(1);
  });

  it('userInfoList lists a user’s NFTs of one collection', async () => {
    const res = await call<Page<NftCardVO>>('POST', '/asset/userInfoList', {
      contractAddr: w.hero,
      ownerAddr: ACTORS.dave.address,
    });
    expect(res.body.data).toMatchObject({ total: 1, size: PAGE_SIZE.userAssets });
    expect(res.body.data.records).toEqual([
      expect.objectContaining({ tokenId: '3', name: 'Hero Cinder', amount: '1', order: null }),
    ]);
  });

  it('userInfoList answers 404 for a collection the indexer does not follow (completely)', async () => {
    // The web app then reads the user's NFTs from the chain: an empty page would hide them.
    const unknown = await call('POST', '/asset/userInfoList', {
      contractAddr: `0x${'5'.repeat(40)}`,
      ownerAddr: ACTORS.dave.address,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: ERRORS.notFound.code, data: null });
    const db = w.ctx.database.db;
    await db.update(collections).set({ syncedBlock: 1 }).where(eq(collections.address, w.hero));
    try {
      const backfilling = await call('POST', '/asset/userInfoList', {
        contractAddr: w.hero,
        ownerAddr: ACTORS.dave.address,
      });
      expect(backfilling.body.code).toBe(ERRORS.notFound.code);
    } finally {
      await db
        .update(collections)
        .set({ syncedBlock: null })
        .where(eq(collections.address, w.hero));
    }
  });

  it('refuses bad input', async () => {
    expect((await account({ userAddr: 'bob' })).status).toBe(400);
    expect((await account({ userAddr: ACTORS.bob.address, type: 7 })).status).toBe(400);
    expect((await call('POST', '/asset/userInfoList', { contractAddr: w.hero })).status).toBe(400);
  });
});
