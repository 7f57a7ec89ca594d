import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  createPublicClient,
  formatUnits,
  http,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDecimals,
  COLLECTION_EDIT_MESSAGES as E,
  ERRORS,
  VALIDATION_MESSAGES as M,
  chainFor,
  type CollectionVO,
} from '@aiamarket/shared';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { buildApp } from '../../app.js';
import type { ServerContext } from '../../context.js';
import {
  collectionProfiles,
  collectionStats,
  collectionVolumeHours,
  royaltyPayments,
} from '../../db/schema.js';
import { setCoinRate } from '../../indexer/sources/coins/rates.js';
import type { freshDatabase } from '../../../test/support/database.js';
import { signIn } from '../../../test/support/sign-in.js';
import { useScenarioApp } from '../../../test/support/scenario-app.js';
import { ACTORS, CHAIN_ID, send, type Chain } from '../../../test/indexer/support.js';

let c: Chain;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
let ctx: ServerContext;
let ownerToken: string;
let aliceToken: string;
const HOUR = 3_600_000;
const owner = ACTORS.owner.address.toLowerCase();

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url: `/v1/api${url}`, headers: token ? { token } : {} });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/api${url}`,
    payload: payload as object,
    headers: token ? { token } : {},
  });

const profileOf = async (link: string) =>
  (
    await fresh.database.db
      .select()
      .from(collectionProfiles)
      .where(sql`lower(${collectionProfiles.linkCollection}) = ${link.toLowerCase()}`)
  )[0]!;

useScenarioApp(async (s) => {
  ({ c, fresh, ctx, app } = s);
  ownerToken = await signIn(app, privateKeyToAccount(ACTORS.owner.privateKey));
  aliceToken = await signIn(app, privateKeyToAccount(ACTORS.alice.privateKey));
});

describe('collection pages created automatically', () => {
  it('gives every registered collection a unique link from its name, owned by owner()', async () => {
    const rows = await fresh.database.db.select().from(collectionProfiles);
    expect(rows.map((r) => [r.linkCollection, r.name, r.ownerAddr]).sort()).toEqual(
      [
        ['aia-game-items', 'AIA Game Items', owner],
        ['aia-genesis', 'AIA Genesis', owner],
        ['aia-heroes', 'AIA Heroes', owner],
        ['aia-relics', 'AIA Relics', owner],
      ].sort(),
    );
  });
});

describe('GET collections/link', () => {
  it('answers the CollectionVO from the profile, the registry and the stats', async () => {
    const res = await get('/collections/link?linkCollection=AIA-Heroes');
    expect(res.statusCode).toBe(200);
    const vo = res.json().data as CollectionVO;
    const g721 = c.addr('GameItems721').toLowerCase();
    const stats = (
      await fresh.database.db
        .select()
        .from(collectionStats)
        .where(eq(collectionStats.contractAddr, g721))
    )[0];
    expect(Object.keys(vo).sort()).toEqual(
      [
        'id',
        'name',
        'linkCollection',
        'headUrl',
        'coverUrl',
        'backgroundUrl',
        'description',
        'contractAddr',
        'contractType',
        'createAddr',
        'ownerAddr',
        'royalty',
        'royaltyAddr',
        'royaltySource',
        'linkSkypegmwcn',
        'linkTwitter',
        'linkDiscord',
        'linkInstagram',
        'linkMedium',
        'lowestPrice',
        'totalTransaction',
        'totalTokens',
        'totalHolder',
        'totalOrder',
        'day1totalTransaction',
        'day7totalTransaction',
        'day30totalTransaction',
        'priceUnit',
        'coinParts',
        'bestCollectionOffer',
      ].sort(),
    );
    expect(vo).toMatchObject({
      bestCollectionOffer: null,
      name: 'AIA Heroes',
      linkCollection: 'aia-heroes',
      contractAddr: g721,
      contractType: 'ERC721',
      ownerAddr: owner,
      totalTokens: stats?.totalTokens ?? 0,
      totalHolder: stats?.totalHolder ?? 0,
      totalOrder: stats?.totalOrder ?? 0,
    });
    expect(Number(vo.totalTransaction)).toBe(Number(stats?.totalTransaction ?? 0));
  });

  it('answers 404 for an unknown link and 400 without one', async () => {
    const res = await get('/collections/link?linkCollection=nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERRORS.notFound.code);
    expect((await get('/collections/link')).json().code).toBe(ERRORS.badRequest.code);
  });
});

describe('volumes, rankings, collectionCount and recommend', () => {
  const now = Date.now();
  const hourStart = (msAgo: number) => new Date(Math.floor((now - msAgo) / HOUR) * HOUR);
  beforeAll(async () => {
    const db = fresh.database.db;
    const heroes = c.addr('GameItems721').toLowerCase();
    const items = c.addr('GameItems1155').toLowerCase();
    await db.delete(collectionVolumeHours);
    const row = (contractAddr: string, msAgo: number, volume: string, trades: number) => ({
      chainId: CHAIN_ID,
      contractAddr,
      hour: hourStart(msAgo),
      volume,
      trades,
    });
    await db
      .insert(collectionVolumeHours)
      .values([
        row(heroes, 0, '2', 1),
        row(heroes, 3 * 24 * HOUR, '5', 2),
        row(heroes, 10 * 24 * HOUR, '4', 1),
        row(heroes, 20 * 24 * HOUR, '7', 3),
        row(heroes, 40 * 24 * HOUR, '11', 1),
        row(items, 2 * HOUR, '3.5', 4),
        row(items, 25 * 24 * HOUR, '100', 1),
      ]);
  });

  it('sums the hourly volumes over 24 h / 7 d / 30 d in the CollectionVO', async () => {
    const vo = (await get('/collections/link?linkCollection=aia-heroes')).json().data;
    expect(vo).toMatchObject({
      day1totalTransaction: '2',
      day7totalTransaction: '7',
      day30totalTransaction: '18',
    });
  });

  it('ranks by the window volume with trades and change against the previous window', async () => {
    const week = (await get('/collections/ranking?window=7d')).json().data;
    expect(week).toMatchObject({ total: 4, current: 1, size: 20 });
    expect(week.records.slice(0, 2)).toMatchObject([
      { rank: 1, linkCollection: 'aia-heroes', volume: '7', trades: 3, change: 75 },
      { rank: 2, linkCollection: 'aia-game-items', volume: '3.5', trades: 4, change: null },
    ]);
    const day = (await get('/collections/ranking?window=1d')).json().data;
    expect(day.records.slice(0, 2)).toMatchObject([
      { linkCollection: 'aia-game-items', volume: '3.5' },
      { linkCollection: 'aia-heroes', volume: '2' },
    ]);
    const month = (await get('/collections/ranking?window=30d&size=1&page=2')).json().data;
    expect(month).toMatchObject({ total: 4, current: 2, size: 1, pages: 4 });
    expect(month.records).toMatchObject([{ rank: 2, linkCollection: 'aia-heroes', volume: '18' }]);
    const all = (await get('/collections/ranking?window=all')).json().data;
    const stats = await fresh.database.db.select().from(collectionStats);
    for (const r of all.records) {
      expect(r.change).toBeNull();
      const profile = await profileOf(r.linkCollection);
      const s = stats.find((x) => x.contractAddr === profile.contractAddr);
      expect(Number(r.volume)).toBe(Number(s?.totalTransaction ?? 0));
      expect(r.totalHolder).toBe(s?.totalHolder ?? 0);
      expect(r.lowestPrice === null ? null : Number(r.lowestPrice)).toBe(
        s?.lowestPrice == null ? null : Number(s.lowestPrice),
      );
    }
    expect((await get('/collections/ranking?window=2d')).statusCode).toBe(400);
  });

  it('collectionCount pages the 7-day ranking (size 20 or 5)', async () => {
    const res = (await get('/collections/collectionCount?page=1&size=5')).json().data;
    expect(res).toMatchObject({ total: 4, current: 1, size: 5 });
    expect(
      res.records.map((r: { linkCollection: string }) => r.linkCollection).slice(0, 2),
    ).toEqual(['aia-heroes', 'aia-game-items']);
    expect(Object.keys(res.records[0]).sort()).toEqual(
      [
        'id',
        'name',
        'headUrl',
        'linkCollection',
        'volume',
        'lowestPrice',
        'totalHolder',
        'totalTokens',
        'change',
        'priceUnit',
        'volumeParts',
        'lowestPriceParts',
      ].sort(),
    );
    expect((await get('/collections/collectionCount')).json().data.size).toBe(20);
    expect((await get('/collections/collectionCount?size=0')).statusCode).toBe(400);
  });

  it('recommend puts featured collections first, then by 7-day volume', async () => {
    await fresh.database.db
      .update(collectionProfiles)
      .set({ featuredRank: 1 })
      .where(eq(collectionProfiles.linkCollection, 'aia-relics'));
    const res = (await get('/collections/recommend')).json().data;
    expect(res.map((r: CollectionVO) => r.linkCollection).slice(0, 3)).toEqual([
      'aia-relics',
      'aia-heroes',
      'aia-game-items',
    ]);
    expect(res.length).toBeLessThanOrEqual(6);
  });
});

describe('royalties of the signed-in user', () => {
  it('refuses the royalty calls and listAndSummary without a session', async () => {
    for (const res of [
      await post('/nftRoyalty/pageByCurrentUser', {}),
      await get('/nftRoyalty/summaryByCurrentUser'),
      await get('/collections/listAndSummary'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ERRORS.notLoggedIn.code);
    }
    const bad = await get('/nftRoyalty/summaryByCurrentUser', 'x'.repeat(43));
    expect(bad.json().code).toBe(ERRORS.tokenInvalid.code);
  });

  it('pages the royalty rows of the receiver, newest first, in coin units', async () => {
    const db = fresh.database.db;
    const rows = await db.select().from(royaltyPayments).where(eq(royaltyPayments.receiver, owner));
    expect(rows.length).toBeGreaterThan(0);
    const res = await post('/nftRoyalty/pageByCurrentUser', { page: 1 }, ownerToken);
    const data = res.json().data;
    expect(data).toMatchObject({ total: rows.length, current: 1, size: 10 });
    const hero = rows.find((r) => r.contractAddr === c.addr('GameItems721').toLowerCase())!;
    const record = data.records.find(
      (r: { txHash?: string; tokenId: string; contractAddr: string }) =>
        r.contractAddr === hero.contractAddr && r.tokenId === hero.tokenId,
    );
    expect(record).toMatchObject({
      price: formatUnits(BigInt(hero.price), 18),
      coin: 'AIA',
      amount: hero.amount,
      totalTrans: formatUnits(BigInt(hero.totalTrans), 18),
      royalty: formatUnits(BigInt(hero.royalty), 18),
      createDate: hero.blockTime.toISOString(),
    });
    expect(record.royalty).toBe('0.03');
    const aliceRes = await post('/nftRoyalty/pageByCurrentUser', {}, aliceToken);
    expect(aliceRes.json().data).toMatchObject({ records: [], total: 0 });
  });

  it('sums all time and since UTC midnight across coins in AIA; listAndSummary has the same totals', async () => {
    const db = fresh.database.db;
    // 1 USDT is worth 2 AIA over the whole history.
    await setCoinRate(db, CHAIN_ID, {
      coin: c.addr('StableCoin').toLowerCase(),
      rate: '2',
      symbol: 'USDT',
      decimals: 6,
      at: new Date(0),
    });
    const before = (await get('/nftRoyalty/summaryByCurrentUser', ownerToken)).json().data;
    expect(before.totalTrans).toBe(before.totalTransToday);
    // An older payment in the stable coin (6 decimals): counts all time, not today.
    const hero = (
      await db.select().from(royaltyPayments).where(eq(royaltyPayments.receiver, owner))
    )[0]!;
    await db.insert(royaltyPayments).values({
      ...hero,
      txHash: '0x' + 'ab'.repeat(32),
      coin: c.addr('StableCoin').toLowerCase(),
      price: parseUnits('10', 6).toString(),
      totalTrans: parseUnits('10', 6).toString(),
      royalty: parseUnits('0.5', 6).toString(),
      blockTime: new Date(Date.now() - 2 * 24 * HOUR),
    });
    const after = (await get('/nftRoyalty/summaryByCurrentUser', ownerToken)).json().data;
    // 0.5 USDT is 1 AIA (not 0.5 added as if it were AIA).
    expect(after.totalTrans).toBe(addDecimals([before.totalTrans, '1']));
    expect(after.totalTransToday).toBe(before.totalTransToday);
    const list = (await get('/collections/listAndSummary', ownerToken)).json().data;
    expect(list.totalTrans).toBe(after.totalTrans);
    expect(list.totalTransToday).toBe(after.totalTransToday);
    expect(list.collections.map((x: CollectionVO) => x.ownerAddr)).toEqual(Array(4).fill(owner));
    const none = (await get('/collections/listAndSummary', aliceToken)).json().data;
    expect(none).toEqual({ collections: [], totalTrans: '0', totalTransToday: '0' });
  });
});

describe('POST collections/update', () => {
  const valid = async (link = 'aia-heroes') => {
    const p = await profileOf(link);
    return {
      id: p.id,
      name: 'AIA Heroes',
      linkCollection: 'heroes',
      description: 'Heroes of the AIA game',
      headUrl: 'https://example.com/head.png',
      coverUrl: 'https://example.com/cover.png',
      backgroundUrl: '',
      royalty: '3',
      royaltyAddr: ACTORS.owner.address,
      linkTwitter: 'https://twitter.com/aia',
      linkDiscord: '',
    };
  };
  const unchanged = async (id: number, before: unknown) => {
    const now = (
      await fresh.database.db.select().from(collectionProfiles).where(eq(collectionProfiles.id, id))
    )[0];
    expect(now).toEqual(before);
  };

  it("refuses without a session and another owner's collection, changing nothing", async () => {
    const body = await valid();
    const before = await profileOf('aia-heroes');
    const anon = await post('/collections/update', body);
    expect(anon.json().code).toBe(ERRORS.notLoggedIn.code);
    const other = await post('/collections/update', body, aliceToken);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe(ERRORS.forbidden.code);
    await unchanged(before.id, before);
    const unknown = await post('/collections/update', { ...body, id: 999_999 }, ownerToken);
    expect(unknown.json().code).toBe(ERRORS.notFound.code);
  });

  it('answers every edit rule with its message and changes nothing', async () => {
    const body = await valid();
    const before = await profileOf('aia-heroes');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, M.fieldRequired.message],
      [{ name: 'Heroes <script>' }, M.charactersInvalid.message],
      [{ name: 'Heroes$$' }, M.charactersInvalid.message],
      [{ description: '  ' }, M.fieldRequired.message],
      [{ description: 'x'.repeat(501) }, E.descriptionTooLong.message],
      [{ linkCollection: '' }, M.fieldRequired.message],
      [{ linkCollection: 'my heroes' }, E.linkInvalid.message],
      [{ linkCollection: 'héroes' }, E.linkInvalid.message],
      [{ linkCollection: 'a_b' }, E.linkInvalid.message],
      [{ royalty: '' }, M.fieldRequired.message],
      [{ royalty: '2.55' }, E.royaltyFormat.message],
      [{ royalty: 'abc' }, E.royaltyFormat.message],
      [{ royalty: '-1' }, E.royaltyFormat.message],
      [{ royalty: '10.5' }, E.royaltyMax.message],
      [{ royalty: '11' }, E.royaltyMax.message],
      [{ royaltyAddr: '' }, M.fieldRequired.message],
      [{ royaltyAddr: '0x1234' }, M.addressInvalid.message],
      [{ linkTwitter: 'twitter.com/aia' }, E.socialLinkInvalid.message],
      [{ linkDiscord: 'javascript:alert(1)' }, E.socialLinkInvalid.message],
      [{ linkSkypegmwcn: 'http://' }, E.socialLinkInvalid.message],
      [{ linkMedium: 'ftp://medium.com/x' }, E.socialLinkInvalid.message],
      [{ headUrl: '' }, E.profileRequired.message],
      [{ headUrl: undefined }, E.profileRequired.message],
      [{ coverUrl: '' }, E.coverRequired.message],
    ];
    for (const [patch, message] of cases) {
      const res = await post('/collections/update', { ...body, ...patch }, ownerToken);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe(ERRORS.badRequest.code);
      expect(res.json().message, JSON.stringify(patch)).toBe(message);
    }
    await unchanged(before.id, before);
  });

  it('refuses a link another collection uses (any letter case)', async () => {
    const body = await valid();
    const before = await profileOf('aia-heroes');
    const res = await post(
      '/collections/update',
      { ...body, linkCollection: 'AIA-Relics' },
      ownerToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(E.linkTaken.message);
    await unchanged(before.id, before);
  });

  it('refuses a royalty or receiver that differs from the chain, accepts the chain values', async () => {
    const body = await valid();
    const before = await profileOf('aia-heroes');
    for (const patch of [
      { royalty: '2.5' },
      { royalty: '0' },
      { royaltyAddr: ACTORS.alice.address },
    ]) {
      const res = await post('/collections/update', { ...body, ...patch }, ownerToken);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toBe(E.royaltyNotOnChain.message);
    }
    await unchanged(before.id, before);

    const ok = await post('/collections/update', body, ownerToken);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      id: before.id,
      linkCollection: 'heroes',
      royalty: 3,
      royaltyAddr: owner,
      backgroundUrl: null,
      linkTwitter: 'https://twitter.com/aia',
      linkDiscord: null,
    });
    const stored = await profileOf('heroes');
    expect(stored).toMatchObject({ royaltyRate: 300, description: 'Heroes of the AIA game' });
    expect((await get('/collections/link?linkCollection=aia-heroes')).statusCode).toBe(404);
    expect((await get('/collections/link?linkCollection=Heroes')).json().data.id).toBe(before.id);
  });

  it('follows the chain: the ERC-2981 royalty until the owner sets one on the market, then that rate', async () => {
    const body = {
      ...(await valid('aia-game-items')),
      name: 'AIA Game Items',
      linkCollection: 'items',
    };
    // The token contract pays 5 % to its deployer through ERC-2981: that is what the page
    // shows, and the only royalty the form may send back (0 was accepted before, though every
    // sale paid 5 %).
    const shown = (await get('/collections/link?linkCollection=aia-game-items')).json()
      .data as CollectionVO;
    expect(shown).toMatchObject({ royalty: 5, royaltyAddr: owner, royaltySource: 'erc2981' });
    for (const royalty of ['2.5', '0']) {
      expect(
        (await post('/collections/update', { ...body, royalty }, ownerToken)).json().message,
        royalty,
      ).toBe(E.royaltyNotOnChain.message);
    }
    const kept = await post('/collections/update', { ...body, royalty: '5' }, ownerToken);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ royalty: 5, royaltySource: 'erc2981' });
    // Not the market's rate: nothing stored would override the token contract's.
    expect((await profileOf('items')).royaltyRate).toBeNull();
    await send(c, 'owner', {
      address: c.addr('Marketplace'),
      abi: marketplaceAbi,
      functionName: 'setRoyaltyRate',
      args: [c.addr('GameItems1155'), ACTORS.bob.address as Address, 250n],
    });
    // A royalty other than the stored one is checked against the chain again.
    expect(
      (await post('/collections/update', { ...body, royalty: '1' }, ownerToken)).json().message,
    ).toBe(E.royaltyNotOnChain.message);
    const res = await post(
      '/collections/update',
      { ...body, royalty: '2.5', royaltyAddr: ACTORS.bob.address },
      ownerToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      royalty: 2.5,
      royaltyAddr: ACTORS.bob.address.toLowerCase(),
    });
    const row = await profileOf('items');
    expect(row.royaltyRate).toBe(250);
  });

  it('takes the royalty as the number CollectionVO answers it, with the same rules', async () => {
    const vo = (await get('/collections/link?linkCollection=items')).json().data as CollectionVO;
    expect(vo.royalty).toBe(2.5);
    const body = {
      ...(await valid('items')),
      name: 'AIA Game Items',
      linkCollection: 'items',
      royaltyAddr: vo.royaltyAddr,
    };
    const res = await post('/collections/update', { ...body, royalty: vo.royalty }, ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ royalty: 2.5 });
    for (const [royalty, message] of [
      [2.55, E.royaltyFormat.message],
      [11, E.royaltyMax.message],
      [null, M.fieldRequired.message],
    ] as const) {
      const bad = await post('/collections/update', { ...body, royalty }, ownerToken);
      expect(bad.statusCode, String(royalty)).toBe(400);
      expect(bad.json()).toMatchObject({ code: ERRORS.badRequest.code, message });
    }
  });
});

describe('POST collections/update when the chain cannot help', () => {
  /** The same server on the same database, with another chain client or deployment. */
  const appWith = async (patch: Partial<ServerContext>) => {
    const other = await buildApp({ ...ctx, ...patch });
    await other.ready();
    return other;
  };
  const dead = () =>
    createPublicClient({
      chain: chainFor(CHAIN_ID, 'http://127.0.0.1:9'),
      transport: http('http://127.0.0.1:9', { retryCount: 0 }),
    }) as PublicClient;
  const body = async () => {
    const p = await profileOf('heroes');
    return {
      id: p.id,
      name: p.name,
      linkCollection: p.linkCollection,
      description: p.description,
      headUrl: p.headUrl,
      coverUrl: p.coverUrl,
      royalty: p.royaltyRate! / 100,
      royaltyAddr: p.royaltyAddr,
    };
  };
  const update = (server: FastifyInstance, payload: object) =>
    server.inject({
      method: 'POST',
      url: '/v1/api/collections/update',
      payload,
      headers: { token: ownerToken },
    });

  it('edits the text with the node down when the royalty stays as stored', async () => {
    const offline = await appWith({ chain: dead() });
    try {
      const before = await body();
      expect(before.royalty).toBe(3);
      const res = await update(offline, { ...before, description: 'Edited offline' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await profileOf('heroes')).description).toBe('Edited offline');

      const changed = await update(offline, { ...before, royalty: 4, description: 'No' });
      expect(changed.statusCode).toBe(503);
      expect(changed.json().code).toBe(ERRORS.chainUnavailable.code);
      const receiver = await update(offline, { ...before, royaltyAddr: ACTORS.alice.address });
      expect(receiver.json().code).toBe(ERRORS.chainUnavailable.code);
      expect((await profileOf('heroes')).description).toBe('Edited offline');
    } finally {
      await offline.close();
    }
  });

  it('answers 10020, not 500, when the market contract answers unexpectedly', async () => {
    const contracts = {
      ...c.deployment.contracts,
      Marketplace: c.deployment.contracts['StableCoin']!,
    };
    const wrong = await appWith({ deployment: { ...c.deployment, contracts } });
    try {
      const res = await update(wrong, { ...(await body()), royalty: 4 });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: ERRORS.chainUnavailable.code, data: null });
    } finally {
      await wrong.close();
    }
  });
});

describe('stats rows are optional', () => {
  it('answers zeros for a collection without stats', async () => {
    const p = await profileOf('aia-genesis');
    await fresh.database.db
      .delete(collectionStats)
      .where(
        and(
          eq(collectionStats.chainId, CHAIN_ID),
          eq(collectionStats.contractAddr, p.contractAddr),
        ),
      );
    const vo = (await get('/collections/link?linkCollection=aia-genesis')).json().data;
    expect(vo).toMatchObject({
      lowestPrice: null,
      totalTransaction: '0',
      totalTokens: 0,
      totalHolder: 0,
      totalOrder: 0,
      day1totalTransaction: '0',
    });
  });
});
