import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_TYPE, PRIMARY_LIST_TYPES } from '@aiamarket/shared';
import type { TestContext } from '../../../test/support/context.js';
import { useTestApp } from '../../../test/support/app.js';
import { activityInput } from './input.js';
import { saveActivity } from './queries.js';
import { activityCountdown, activityStatus } from './status.js';

let t: TestContext;
let app: FastifyInstance;
const NOW = new Date('2026-03-01T00:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const DAY = 86_400_000;
const ids: Record<string, number> = {};
const image = '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';

useTestApp({}, async (ready) => {
  ({ t, app } = ready);
  const db = t.ctx.database.db;
  const make = async (key: string, start: number, end: number, extra: object = {}) => {
    const { activity } = await saveActivity(
      db,
      activityInput.parse({
        names: { en: `Sale ${key}`, 'zh-TW': `銷售 ${key}` },
        remarks: { en: `About ${key}` },
        coverUrl: image,
        startTime: at(start),
        endTime: at(end),
        ...extra,
      }),
    );
    ids[key] = activity.id;
  };
  // 2 d 3 h 4 min 5 s before the start.
  await make('waiting', 2 * DAY + 3 * 3_600_000 + 4 * 60_000 + 5_000, 10 * DAY, {
    price: '12.5',
    coin: 'USDT',
    totalNum: 100,
    buyUrl: 'https://shop.example/buy',
    backgroundUrl: image,
  });
  await make('live', -DAY, 3_600_000 + 1_000, {
    items: Array.from({ length: 25 }, (_, i) => ({
      names: { en: `Item ${i}` },
      imageUrl: image,
      num: 10,
      residueNum: i === 0 ? 0 : 10,
      price: '1.5',
      blindBoxId: i === 1 ? 42 : undefined,
      tokenId: String(i),
    })),
  });
  await make('ended', -10 * DAY, -DAY);
  await make('soldout', -DAY, DAY, {
    items: [{ names: { en: 'Gone' }, imageUrl: image, num: 3, residueNum: 0, price: '1' }],
  });
  await make('other', -DAY, DAY, { type: 2 });
});

afterEach(() => {
  vi.useRealTimers();
});

const frozen = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
};

describe('status and countdown', () => {
  it('computes status 0/1/2/3 and the countdown at fixed times', () => {
    const period = { startAt: new Date(at(1_000)), endAt: new Date(at(DAY)) };
    expect(activityStatus(period, false, NOW)).toBe(0);
    expect(activityCountdown(period, 0, NOW)).toEqual([0, 0, 0, 1]);
    const later = new Date(at(1_000));
    expect(activityStatus(period, false, later)).toBe(1);
    expect(activityCountdown(period, 1, later)).toEqual([0, 23, 59, 59]);
    expect(activityStatus(period, true, later)).toBe(3);
    expect(activityStatus(period, false, new Date(at(DAY)))).toBe(2);
    expect(activityCountdown(period, 2, NOW)).toEqual([0, 0, 0, 0]);
  });
});

describe('GET /v1/api/activity/detail/{id}', () => {
  it('answers a waiting activity with its countdown to the start', async () => {
    frozen();
    const res = await app.inject({
      method: 'GET',
      url: `/v1/api/activity/detail/${ids.waiting}?lang=zh-TW`,
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        id: ids.waiting,
        inName: '銷售 waiting',
        inRemark: 'About waiting',
        status: 0,
        countdown: [2, 3, 4, 5],
        price: '12.5',
        coin: 'USDT',
        totalNum: 100,
        buyUrl: 'https://shop.example/buy',
        backgroundUrl: image,
        coverUrl: image,
      },
    });
  });

  it('counts down to the end while in progress; ended and sold out show zeros', async () => {
    frozen();
    const detail = async (id: number) =>
      (await app.inject({ method: 'GET', url: `/v1/api/activity/detail/${id}` })).json().data;
    expect(await detail(ids.live!)).toMatchObject({ status: 1, countdown: [0, 1, 0, 1] });
    expect(await detail(ids.ended!)).toMatchObject({ status: 2, countdown: [0, 0, 0, 0] });
    expect(await detail(ids.soldout!)).toMatchObject({ status: 3, countdown: [0, 0, 0, 0] });
  });

  it('answers 404 for an unknown activity and 400 for a bad id', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/api/activity/detail/987654' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 10004, data: null });
    expect(
      (await app.inject({ method: 'GET', url: '/v1/api/activity/detail/-1' })).statusCode,
    ).toBe(400);
  });
});

describe('/v1/api/activity/page', () => {
  it('pages all activities, or one type, by GET or POST', async () => {
    const all = (await app.inject({ method: 'GET', url: '/v1/api/activity/page' })).json().data;
    expect(all).toMatchObject({ total: 5, current: 1, size: 20 });
    const typed = (
      await app.inject({
        method: 'POST',
        url: '/v1/api/activity/page',
        payload: { page: 1, size: 2, type: 1 },
      })
    ).json().data;
    expect(typed).toMatchObject({ total: 4, size: 2, pages: 2 });
    expect(typed.records).toHaveLength(2);
    expect(typed.records.every((r: { type: number }) => r.type === 1)).toBe(true);
    const bad = await app.inject({
      method: 'POST',
      url: '/v1/api/activity/page',
      payload: { page: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(10001);
  });
});

describe('/v1/api/activity/page with several types (what /primary asks)', () => {
  it('lists the activities of each type named, and refuses a malformed list', async () => {
    const listed = (
      await app.inject({ method: 'GET', url: `/v1/api/activity/page?type=${PRIMARY_LIST_TYPES}` })
    ).json().data;
    expect(listed.total).toBe(5);
    expect(new Set(listed.records.map((r: { type: number }) => r.type))).toEqual(
      new Set([ACTIVITY_TYPE.sale, ACTIVITY_TYPE.items]),
    );
    const items = (
      await app.inject({
        method: 'POST',
        url: '/v1/api/activity/page',
        payload: { type: String(ACTIVITY_TYPE.items) },
      })
    ).json().data;
    expect(items.total).toBe(1);
    expect(items.records[0].type).toBe(ACTIVITY_TYPE.items);
    const none = (await app.inject({ method: 'GET', url: '/v1/api/activity/page?type=0,3' })).json()
      .data;
    expect(none.total).toBe(0);
    for (const type of ['1,', '1;2', '12', 'a']) {
      const bad = await app.inject({ method: 'GET', url: `/v1/api/activity/page?type=${type}` });
      expect(bad.statusCode, type).toBe(400);
      expect(bad.json().code).toBe(10001);
    }
  });
});

describe('/v1/api/activity/detail/page', () => {
  it("pages an activity's items (data.id) with sold-out items as status 3", async () => {
    frozen();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/api/activity/detail/page',
      payload: { data: { id: ids.live }, page: 1, size: 20 },
    });
    const data = res.json().data;
    expect(data).toMatchObject({ total: 25, current: 1, size: 20 });
    expect(data.records).toHaveLength(20);
    expect(data.records[0]).toMatchObject({ name: 'Item 0', residueNum: 0, num: 10, status: 3 });
    expect(data.records[1]).toMatchObject({ blindBoxId: 42, status: 1, price: '1.5' });
    expect(typeof data.records[1].nftId).toBe('number');
    const page2 = await app.inject({
      method: 'GET',
      url: `/v1/api/activity/detail/page?data%5Bid%5D=${ids.live}&page=2`,
    });
    expect(page2.json().data.records).toHaveLength(5);
  });

  it('answers 404 for an unknown activity and 400 without an id', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/v1/api/activity/detail/page?id=99999',
    });
    expect(missing.statusCode).toBe(404);
    const none = await app.inject({
      method: 'POST',
      url: '/v1/api/activity/detail/page',
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('refuses an activity ending before it starts, and residueNum above num', () => {
    const base = { names: { en: 'x' }, remarks: { en: 'y' }, coverUrl: image };
    expect(activityInput.safeParse({ ...base, startTime: at(DAY), endTime: at(0) }).success).toBe(
      false,
    );
    expect(
      activityInput.safeParse({
        ...base,
        startTime: at(0),
        endTime: at(DAY),
        items: [{ names: { en: 'i' }, imageUrl: image, num: 1, residueNum: 2, price: '1' }],
      }).success,
    ).toBe(false);
  });
});
