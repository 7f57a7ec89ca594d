// Mixed coins in one collection: AIA Game Items traded 2 at 2 USDT and 1 at 0.1 AIA
// and lists 3 USDT (order 2) and 0.1 AIA (order 3). Added as if they were one unit, its volume
// would read 4.1 and its floor 0.1; with the operator's rate of 0.02 AIA per USDT (set after the
// history, through the admin CLI) it is 0.18 AIA and 0.06 AIA. Sorts, the price filter, the
// rankings and the item chart compare the same reference values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ActivityVO,
  CoinRate,
  CollectionVO,
  NftCardVO,
  OrderVO,
  Page,
  RankingRow,
} from '@aiamarket/shared';
import { buildWorld, type World } from '../../../test/support/market-world.js';
import { runAdminCommand, AdminError } from '../../admin/commands.js';
import { marketEvents, orders } from '../../db/schema-chain.js';
import { coinRates } from '../../db/schema-coins.js';

let w: World;
beforeAll(async () => {
  w = await buildWorld({ usdtRate: null });
}, 240_000);
afterAll(async () => {
  await w?.close();
});

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await w.app.inject({
    method,
    url: `/v1/api${url}`,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: T }).data;
}
const admin = (...argv: string[]) =>
  runAdminCommand(
    { db: w.ctx.database.db, dataDir: '/nonexistent', chainId: w.ctx.config.chainId },
    argv,
  );
const wrappedAia = () => w.c.addr('WrappedAIA').toLowerCase();
const gameItems = () =>
  call<CollectionVO>('GET', '/collections/link?linkCollection=aia-game-items');
const marketIds = async (payload: unknown) =>
  (await call<Page<OrderVO>>('POST', '/nftOrder/page', payload)).records.map((r) => r.orderId);
const parts = (list: { symbol: string; amount: string }[]) =>
  list.map((p) => `${p.amount} ${p.symbol}`);

describe('money in one reference unit', () => {
  it('leaves a coin without a rate out of the reference sums, and says so in the parts', async () => {
    const rates = (await call<{ rates: CoinRate[] }>('GET', '/config/chain')).rates;
    // USDT has no rate yet; the wrapped AIA is AIA one to one from the start (its peg).
    expect(rates.map((r) => [r.symbol, r.rate])).toEqual([
      ['AIA', '1'],
      ['WAIA', '1'],
    ]);
    const c = await gameItems();
    expect(c.totalTransaction).toBe('0.1');
    expect(parts(c.coinParts.totalTransaction)).toEqual(['0.1 AIA', `4 ${w.stable}`]);
    // A listing in a coin without a rate has no reference price.
    const listed = await call<Page<OrderVO>>('POST', '/nftOrder/getOrderList', {
      contractAddr: w.items,
      tokenId: '1',
    });
    expect(listed.records.map((r) => [r.orderId, r.priceRef])).toEqual([['2', null]]);
  });

  it('refuses a bad rate and changes nothing', async () => {
    for (const bad of ['0', '-1', 'abc', '1.0000000000000000001', '']) {
      await expect(admin('config', 'rate', w.stable, bad, '--symbol', 'USDT')).rejects.toThrow(
        AdminError,
      );
    }
    await expect(
      admin('config', 'rate', '0x0000000000000000000000000000000000000000', '2'),
    ).rejects.toThrow('AIA is the reference unit');
    await expect(admin('config', 'rate', '0x12', '2')).rejects.toThrow('invalid coin');
    await expect(
      admin('config', 'rate', w.stable, '2', '--symbol', 'USDT', '--decimals', '99'),
    ).rejects.toThrow('--decimals');
    expect(
      await w.ctx.database.db.select().from(coinRates).where(eq(coinRates.coin, w.stable)),
    ).toEqual([]);
  });

  it("prices the history at the operator's first rate: volume, floor and parts", async () => {
    expect(
      await admin(
        'config',
        'rate',
        w.stable.toUpperCase().replace('0X', '0x'),
        '0.02',
        '--symbol',
        'USDT',
        '--decimals',
        '6',
      ),
    ).toMatch(/^1 USDT = 0\.02 AIA from .* \(1 collection\(s\) recomputed\)$/);
    const rates = await call<{ rates: CoinRate[]; referenceUnit: unknown }>('GET', '/config/chain');
    expect(rates.referenceUnit).toEqual({ symbol: 'AIA', decimals: 18 });
    expect(rates.rates).toEqual([
      {
        currency: '0x0000000000000000000000000000000000000000',
        symbol: 'AIA',
        decimals: 18,
        rate: '1',
      },
      { currency: w.stable, symbol: 'USDT', decimals: 6, rate: '0.02' },
      { currency: wrappedAia(), symbol: 'WAIA', decimals: 18, rate: '1' },
    ]);
    expect(
      (await call<{ chain: { rates: CoinRate[] } }>('GET', '/config/app')).chain.rates,
    ).toEqual(rates.rates);

    const c = await gameItems();
    // 2 x 2 USDT x 0.02 + 0.1 AIA, not 4.1; the floor is 3 USDT x 0.02, not the 0.1 AIA listing.
    expect(c).toMatchObject({
      priceUnit: 'AIA',
      totalTransaction: '0.18',
      day30totalTransaction: '0.18',
      lowestPrice: '0.06',
    });
    expect(parts(c.coinParts.totalTransaction)).toEqual(['0.1 AIA', '4 USDT']);
    expect(parts(c.coinParts.day30totalTransaction)).toEqual(['0.1 AIA', '4 USDT']);
    expect(parts(c.coinParts.lowestPrice)).toEqual(['0.1 AIA', '3 USDT']);
    const sold = await w.ctx.database.db
      .select({ coin: marketEvents.coin, refRate: marketEvents.refRate })
      .from(marketEvents)
      .where(eq(marketEvents.kind, 'sold'));
    expect(sold.filter((s) => s.coin === w.stable).map((s) => s.refRate)).toEqual([
      '0.020000000000000000',
    ]);
  });

  it('ranks by reference volume, with the per-coin parts', async () => {
    for (const window of ['all', '30d'] as const) {
      const rows = (await call<Page<RankingRow>>('GET', `/collections/ranking?window=${window}`))
        .records;
      // AIA Heroes sold for 1 AIA: above AIA Game Items' 0.18 (it would be below 4.1).
      expect(rows.slice(0, 2).map((r) => [r.name, r.volume])).toEqual([
        ['AIA Heroes', '1'],
        ['AIA Game Items', '0.18'],
      ]);
      expect(parts(rows[1]!.volumeParts)).toEqual(['0.1 AIA', '4 USDT']);
      expect(rows[1]!).toMatchObject({ priceUnit: 'AIA', lowestPrice: '0.06' });
    }
  });

  it('sorts and filters the market on reference prices', async () => {
    // Listed with an image: 2 (3 USDT = 0.06 AIA), 6 (0.5 AIA), 5 (5 AIA).
    expect(await marketIds({ orders: [{ asc: true, column: 'price' }] })).toEqual(['2', '6', '5']);
    expect(await marketIds({ orders: [{ asc: false, column: 'price' }] })).toEqual(['5', '6', '2']);
    expect(await marketIds({ minPrice: '0.05', maxPrice: '0.1' })).toEqual(['2']);
    expect(await marketIds({ minPrice: '1', maxPrice: '3' })).toEqual([]);
  });

  it("carries each listing's reference price in the order answers", async () => {
    const market = await call<Page<OrderVO>>('POST', '/nftOrder/page', {
      orders: [{ asc: true, column: 'price' }],
    });
    expect(market.records.map((r) => [r.orderId, r.price, r.coin, r.priceRef])).toEqual([
      ['2', '3', 'USDT', '0.06'],
      ['6', '0.5', 'AIA', '0.5'],
      ['5', '5', 'AIA', '5'],
    ]);
    const listings = await call<Page<OrderVO>>('POST', '/nftOrder/getOrderList', {
      contractAddr: w.items,
      tokenId: '1',
    });
    expect(listings.records.map((r) => [r.orderId, r.priceRef])).toEqual([['2', '0.06']]);
    const cards = await call<Page<NftCardVO>>('POST', '/nft/findPageByCollectionId', {
      collectionId: w.profileId[w.items],
      showType: 1,
      sort: 1,
    });
    expect(cards.records.map((r) => [r.tokenId, r.order?.priceRef])).toEqual([
      ['1', '0.06'],
      ['3', '0.1'],
    ]);
    const doc = (await w.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, { post: { responses: { 200: unknown } } }>;
    };
    const answer = JSON.stringify(doc.paths['/v1/api/nftOrder/page']!.post.responses[200]);
    expect(answer).toContain('"priceRef"');
  });

  it("sorts and filters a collection's items on their lowest reference price", async () => {
    const items = (payload: object) =>
      call<Page<NftCardVO>>('POST', '/nft/findPageByCollectionId', {
        collectionId: w.profileId[w.items],
        showType: 1,
        ...payload,
      });
    // Item 1 is listed at 3 USDT (0.06 AIA), item 3 at 0.1 AIA.
    expect((await items({ sort: 1 })).records.map((r) => r.tokenId)).toEqual(['1', '3']);
    expect((await items({ sort: 2 })).records.map((r) => r.tokenId)).toEqual(['3', '1']);
    expect(
      (await items({ minPrice: '0.05', maxPrice: '0.07' })).records.map((r) => r.tokenId),
    ).toEqual(['1']);
  });

  it('gives every trade its reference price, for the chart', async () => {
    const trades = await call<Page<ActivityVO>>('POST', '/transaction/page', {
      contractAddr: w.items,
      types: [2],
    });
    expect(trades.records.map((t) => [t.price, t.coin, t.priceRef]).sort()).toEqual(
      [
        ['0.1', 'AIA', '0.1'],
        ['2', 'USDT', '0.04'],
      ].sort(),
    );
  });

  it('a new rate moves the listings and the floor, never the history', async () => {
    await admin('config', 'rate', w.stable, '0.05', '--symbol', 'USDT', '--decimals', '6');
    const c = await gameItems();
    expect(c.totalTransaction).toBe('0.18');
    // 3 USDT is now 0.15 AIA: the 0.1 AIA listing is the floor.
    expect(c.lowestPrice).toBe('0.1');
    const [two] = await w.ctx.database.db
      .select({ priceRef: orders.priceRef })
      .from(orders)
      .where(eq(orders.orderId, '2'));
    expect(two!.priceRef).toBe('0.150000000000000000');
    expect(await marketIds({ orders: [{ asc: true, column: 'price' }] })).toEqual(['2', '6', '5']);
    expect(await marketIds({ minPrice: '0.05', maxPrice: '0.1' })).toEqual([]);
    const trades = await call<Page<ActivityVO>>('POST', '/transaction/page', {
      contractAddr: w.items,
      types: [2],
    });
    expect(trades.records.filter((t) => t.coin === 'USDT').map((t) => t.priceRef)).toEqual([
      '0.04',
    ]);
    const listed = JSON.parse(await admin('config', 'rates')) as CoinRate[];
    expect(listed.map((r) => `${r.symbol} ${r.rate}`)).toEqual(['AIA 1', 'USDT 0.05', 'WAIA 1']);
  });

  it('documents the added fields in the OpenAPI answer schemas', async () => {
    const doc = JSON.stringify((await w.app.inject({ method: 'GET', url: '/docs/json' })).json());
    for (const field of [
      'priceUnit',
      'coinParts',
      'volumeParts',
      'lowestPriceParts',
      'priceRef',
      'referenceUnit',
    ]) {
      expect(doc).toContain(`"${field}"`);
    }
  });
});
