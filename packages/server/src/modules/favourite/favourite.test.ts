import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERRORS, type FavouriteInfo } from '@aiamarket/shared';
import { favourites } from '../../db/schema.js';
import { callApi } from '../../../test/support/api.js';
import { useWorld, type World } from '../../../test/support/market-world.js';

let w: World;
useWorld((world) => {
  w = world;
});

const get = (url: string, token?: string) =>
  callApi<FavouriteInfo>(w.app, 'GET', url, undefined, token);
const rows = async () =>
  (await w.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(favourites))[0]!.n;

describe('favourites', () => {
  it('favourite and cancel are idempotent and counted per item', async () => {
    const alice = await w.token('alice');
    const bob = await w.token('bob');
    const item = `2/${w.hero}`;
    expect((await get(`/collect/collect/${item}`, alice)).body).toMatchObject({
      code: 0,
      data: { collect: true, collectNum: 1 },
    });
    expect((await get(`/collect/collect/${item}`, alice)).body.data).toEqual({
      collect: true,
      collectNum: 1,
    });
    expect((await get(`/collect/collect/${item}`, bob)).body.data).toEqual({
      collect: true,
      collectNum: 2,
    });
    const detail = `/collect/detail?tokenId=2&contractAddr=${w.hero.toUpperCase().replace('0X', '0x')}`;
    expect((await get(detail, alice)).body.data).toEqual({ collect: true, collectNum: 2 });
    expect((await get(detail)).body.data).toEqual({ collect: false, collectNum: 2 });
    expect((await get(`/collect/cancel/${item}`, alice)).body.data).toEqual({
      collect: false,
      collectNum: 1,
    });
    expect((await get(`/collect/cancel/${item}`, alice)).body.data).toEqual({
      collect: false,
      collectNum: 1,
    });
    expect((await get(detail, alice)).body.data).toEqual({ collect: false, collectNum: 1 });
    expect((await get(detail, bob)).body.data).toEqual({ collect: true, collectNum: 1 });
  });

  it('refuses without a session, with a bad token, for unknown items and bad input; nothing changes', async () => {
    const before = await rows();
    const anon = await get(`/collect/collect/1/${w.hero}`);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(ERRORS.notLoggedIn.code);
    const badToken = await get(`/collect/collect/1/${w.hero}`, 'x'.repeat(43));
    expect(badToken.body.code).toBe(ERRORS.tokenInvalid.code);
    expect((await get(`/collect/cancel/2/${w.hero}`)).body.code).toBe(ERRORS.notLoggedIn.code);
    const alice = await w.token('alice');
    const unknown = await get(`/collect/collect/77/${w.hero}`, alice);
    expect(unknown.status).toBe(404);
    const otherContract = await get(`/collect/collect/1/0x${'2'.repeat(40)}`, alice);
    expect(otherContract.status).toBe(404);
    expect((await get(`/collect/collect/abc/${w.hero}`, alice)).status).toBe(400);
    expect((await get(`/collect/collect/1/nothex`, alice)).status).toBe(400);
    expect((await get(`/collect/detail?tokenId=1`)).status).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('collect/detail reads as a visitor without a token, but a stale token answers 10003', async () => {
    const detail = `/collect/detail?tokenId=1&contractAddr=${w.hero}`;
    expect((await get(detail)).body.code).toBe(0);
    const stale = await get(detail, 'x'.repeat(43));
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe(ERRORS.tokenInvalid.code);
  });
});
