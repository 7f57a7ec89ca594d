import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnits } from 'viem';
import { ACTIVITY_METHOD as M, addDecimals, ORDER_STATUS, toReference } from '@aiamarket/shared';
import { indexerCursor } from '../../src/db/schema.js';
import { setCoinRate } from '../../src/indexer/sources/coins/rates.js';
import { freshDatabase } from '../support/database.js';
import {
  ACTORS,
  CHAIN_ID,
  dumpChainTables,
  newIndexer,
  resetChainTables,
  SCENARIO_ORDER,
  scenarioSteps,
  startChain,
  type Chain,
} from './support.js';

type Dump = Awaited<ReturnType<typeof dumpChainTables>>;

/** Replaces known addresses with their names, for readable expectations. */
function namer(c: Chain) {
  const names = new Map<string, string>([['0x0000000000000000000000000000000000000000', 'zero']]);
  for (const [n, a] of Object.entries(ACTORS)) names.set(a.address.toLowerCase(), n);
  for (const [n, a] of Object.entries(c.deployment.contracts))
    names.set(a.address.toLowerCase(), n);
  return (a: string | null | undefined) => (a ? (names.get(a) ?? a) : a);
}

describe('indexer: fixture scenario', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let final: Dump;
  let name: ReturnType<typeof namer>;
  beforeAll(async () => {
    c = await startChain();
    name = namer(c);
    fresh = await freshDatabase();
    // The operator's USDT rate, before the history: 0.02 AIA per USDT.
    await setCoinRate(fresh.database.db, CHAIN_ID, {
      coin: c.addr('StableCoin').toLowerCase(),
      rate: '0.02',
      symbol: 'USDT',
      decimals: 6,
      at: new Date(0),
    });
    const steps = scenarioSteps(c);
    const indexer = newIndexer(fresh.database.db, c.publicClient, c.deployment);
    const orderTwo = async () =>
      (await dumpChainTables(fresh.database.db)).orders.find((o) => o.orderId === '2')!;
    for (const step of SCENARIO_ORDER) {
      await steps[step]();
      await indexer.catchUp();
      // Force cancel follows the seller's holding: 3 while bob holds 3 < 4 left, 0 once back.
      // The collection's listed count follows it too (no market event for force cancel).
      const itemStats = async () =>
        (await dumpChainTables(fresh.database.db)).collectionStats.find(
          (r) => name(r.contractAddr) === 'GameItems1155',
        );
      if (step === 'transferAway') {
        expect(await orderTwo()).toMatchObject({
          status: ORDER_STATUS.forceCancel,
          chainStatus: 0,
        });
        expect(await itemStats()).toMatchObject({ totalOrder: 1 });
      }
      if (step === 'transferBack') {
        expect(await orderTwo()).toMatchObject({ status: ORDER_STATUS.listed, chainStatus: 0 });
        expect(await itemStats()).toMatchObject({ totalOrder: 2 });
      }
    }
    final = await dumpChainTables(fresh.database.db);
  });
  afterAll(async () => {
    await fresh?.drop();
    await c?.stop();
  });

  it('registers the deployed collections', () => {
    expect(
      final.collections.map((r) => [
        name(r.address),
        r.contractType,
        r.name,
        r.source,
        r.syncedBlock,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['GameItems721', 'ERC721', 'AIA Heroes', 'deployment', null],
        ['GameItems1155', 'ERC1155', 'AIA Game Items', 'deployment', null],
        ['Launchpad721', 'ERC721', 'AIA Genesis', 'launchpad', null],
        ['Launchpad1155', 'ERC1155', 'AIA Relics', 'launchpad', null],
      ]),
    );
    expect(final.collections).toHaveLength(4);
  });

  it('derives the orders', () => {
    const rows = final.orders.map((o) => ({
      id: o.orderId,
      status: o.status,
      chainStatus: o.chainStatus,
      price: o.price,
      coin: name(o.moneyAddr),
      nft: `${name(o.contractAddr)}#${o.tokenId}`,
      type: o.contractType,
      amount: o.amount,
      left: o.leftAmount,
      owner: name(o.ownerAddr),
      market: name(o.marketAddr),
      royalty: o.royalty,
      priceValue: o.priceValue,
      item: [o.name, o.imageUrl],
    }));
    const noMetadata = [null, null];
    const base = { market: 'Marketplace' };
    expect(rows).toEqual([
      {
        ...base,
        id: '1',
        status: 1,
        chainStatus: 1,
        price: '1000000000000000000',
        coin: 'zero',
        nft: 'GameItems721#1',
        type: 'ERC721',
        amount: '1',
        left: '0',
        owner: 'alice',
        royalty: 300,
        priceValue: '1.000000000000000000',
        item: noMetadata,
      },
      {
        ...base,
        id: '2',
        status: 0,
        chainStatus: 0,
        price: '3000000',
        coin: 'StableCoin',
        nft: 'GameItems1155#1',
        type: 'ERC1155',
        amount: '6',
        left: '4',
        owner: 'bob',
        // No market rate for the game items: their ERC-2981 rate (5 %) at the listing's block.
        royalty: 500,
        priceValue: '3.000000000000000000',
        item: noMetadata,
      },
      {
        ...base,
        id: '3',
        status: 0,
        chainStatus: 0,
        price: '100000000000000000',
        coin: 'zero',
        nft: 'GameItems1155#3',
        type: 'ERC1155',
        amount: '5',
        left: '4',
        owner: 'bob',
        royalty: 500,
        priceValue: '0.100000000000000000',
        item: noMetadata,
      },
      {
        ...base,
        id: '4',
        status: 2,
        chainStatus: 2,
        price: '2000000000000000000',
        coin: 'zero',
        nft: 'GameItems721#2',
        type: 'ERC721',
        amount: '1',
        left: '0',
        owner: 'alice',
        royalty: 300,
        priceValue: '2.000000000000000000',
        item: noMetadata,
      },
    ]);
    // The wrapped AIA too: the deployment allows it on the market (a CoinAllowed fact).
    expect(final.coinDecimals.map((c) => [name(c.address), c.decimals]).sort()).toEqual(
      [
        ['StableCoin', 6],
        ['WrappedAIA', 18],
        ['zero', 18],
      ].sort(),
    );
  });

  it('derives the collection stats and hourly volumes', () => {
    expect(
      final.collectionStats
        .map((s) => [
          name(s.contractAddr),
          s.lowestPrice,
          s.totalTransaction,
          s.totalTrades,
          s.totalTokens,
          s.totalHolder,
          s.totalOrder,
        ])
        .sort(),
    ).toEqual(
      [
        // hero 1 sold for 1 AIA; hero 2's listing cancelled: nothing listed.
        ['GameItems721', null, '1.000000000000000000', 1, 5, 4, 0],
        // 2 x 2 USD + 1 x 0.1 AIA traded, in AIA at 0.02 per USD: 0.08 + 0.1 (not 4.1);
        // listed: 3 USD (0.06 AIA, the floor) and 0.1 AIA.
        ['GameItems1155', '0.060000000000000000', '0.180000000000000000', 2, 3, 4, 2],
        ['Launchpad721', null, '0.000000000000000000', 0, 3, 2, 0],
        ['Launchpad1155', null, '0.000000000000000000', 0, 1, 1, 0],
      ].sort(),
    );
    // The hourly rows: the sales grouped by the hour of their block (UTC).
    const hour = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);
    const expected = new Map<string, { volume: string; trades: number; coins: string[] }>();
    for (const e of final.marketEvents.filter((m) => m.kind === 'sold')) {
      const key = `${name(e.contractAddr)} ${hour(e.blockTime).toISOString()}`;
      const usd = name(e.coin) === 'StableCoin';
      // Each sale keeps the rate in force at its block.
      expect(e.refRate).toBe(usd ? '0.020000000000000000' : '1.000000000000000000');
      const paid = formatUnits(BigInt(e.price!) * BigInt(e.amount!), usd ? 6 : 18);
      const row = expected.get(key) ?? { volume: '0', trades: 0, coins: [] };
      row.volume = addDecimals([row.volume, toReference(paid, usd ? '0.02' : '1')]);
      row.trades += 1;
      row.coins = [...new Set([...row.coins, name(e.coin)!])].sort();
      expected.set(key, row);
    }
    const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : 1);
    const trim = (v: string) => addDecimals([v]);
    expect(
      final.collectionVolumeHours
        .map((v): [string, unknown] => [
          `${name(v.contractAddr)} ${v.hour.toISOString()}`,
          {
            volume: trim(v.volume),
            trades: v.trades,
            coins: Object.keys(v.coinVolumes)
              .map((c) => name(c)!)
              .sort(),
          },
        ])
        .sort(byKey),
    ).toEqual([...expected.entries()].sort(byKey));
    // The per-coin parts of the mixed collection, in coin units.
    const mixed = final.collectionStats.find((r) => name(r.contractAddr) === 'GameItems1155')!;
    const named = (parts: Record<string, string>) =>
      Object.entries(parts)
        .map(([coin, amount]) => `${trim(amount)} ${name(coin)}`)
        .sort();
    expect(named(mixed.coinVolumes)).toEqual(['0.1 zero', '4 StableCoin']);
    expect(named(mixed.coinFloors)).toEqual(['0.1 zero', '3 StableCoin']);
    expect(expected.size).toBeGreaterThan(0);
  });

  it('derives the holdings', () => {
    const rows = final.holdings.map(
      (h) => `${name(h.contractAddr)}#${h.tokenId} ${name(h.ownerAddr)} ${h.amount}`,
    );
    expect(rows.sort()).toEqual(
      [
        'GameItems721#1 carol 1',
        'GameItems721#2 alice 1',
        'GameItems721#3 dave 1',
        'GameItems721#4 owner 1', // swapped in: the launchpad's bank is the deployer
        'GameItems721#5 owner 1',
        'GameItems1155#1 bob 4',
        'GameItems1155#1 carol 2',
        'GameItems1155#1 dave 4',
        'GameItems1155#2 bob 3',
        'GameItems1155#2 owner 2',
        'GameItems1155#3 bob 4',
        'GameItems1155#3 dave 1',
        'Launchpad721#1 carol 1',
        'Launchpad721#2 carol 1',
        'Launchpad721#3 alice 1',
        'Launchpad1155#0 bob 5',
      ].sort(),
    );
  });

  it('writes one activity per event with the method codes', () => {
    const rows = final.activities.map((a) =>
      [
        a.method,
        `${name(a.contractAddr)}#${a.tokenId}`,
        a.orderId,
        a.price,
        name(a.coin),
        a.amount,
        name(a.fromAddr),
        name(a.toAddr),
      ].join(' '),
    );
    const e18 = '000000000000000000';
    expect(rows).toEqual([
      ...[1, 2, 3, 4, 5].map((id) => `${M.mint} GameItems721#${id}    1 zero alice`),
      `${M.mint} GameItems1155#1    10 zero bob`,
      `${M.mint} GameItems1155#2    5 zero bob`,
      `${M.mint} GameItems1155#3    5 zero bob`,
      `${M.listing} GameItems721#1 1 1${e18} zero 1 alice `,
      `${M.listing} GameItems1155#1 2 2000000 StableCoin 6 bob `,
      `${M.listing} GameItems1155#3 3 1${e18.slice(1)} zero 5 bob `,
      // The sale's own Transfer is not a second activity.
      `${M.trade} GameItems721#1 1 1${e18} zero 1 alice carol`,
      `${M.trade} GameItems1155#1 2 2000000 StableCoin 2 bob carol`,
      `${M.trade} GameItems1155#3 3 1${e18.slice(1)} zero 1 bob dave`,
      `${M.priceUpdate} GameItems1155#1 2 3000000 StableCoin 4 bob `,
      `${M.listing} GameItems721#2 4 2${e18} zero 1 alice `,
      `${M.cancel} GameItems721#2 4 2${e18} zero 1 alice alice`,
      `${M.transfer721} GameItems721#3    1 alice dave`,
      `${M.transfer1155} GameItems1155#1    5 bob dave`,
      `${M.transfer1155} GameItems1155#1    1 dave bob`,
      `${M.mint} Launchpad721#1    1 zero carol`,
      `${M.mint} Launchpad721#2    1 zero carol`,
      `${M.mint} Launchpad1155#0    3 zero bob`,
      `${M.swapIn} GameItems721#4    1 alice owner`,
      `${M.swapIn} GameItems721#5    1 alice owner`,
      `${M.mint} Launchpad721#3    1 zero alice`,
      `${M.swapIn} GameItems1155#2    2 bob owner`,
      `${M.mint} Launchpad1155#0    2 zero bob`,
    ]);
    // Every activity has its transaction and block time.
    for (const a of final.activities) {
      expect(a.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(a.blockTime.getTime()).toBeGreaterThan(0);
    }
  });

  it('writes a royalty row per sale that paid one', () => {
    expect(
      final.royaltyPayments.map((r) => [
        r.orderId,
        `${name(r.contractAddr)}#${r.tokenId}`,
        name(r.receiver),
        name(r.coin),
        r.price,
        r.amount,
        r.totalTrans,
        r.royalty,
      ]),
    ).toEqual([
      // 3 % set on the market for the heroes; 5 % ERC-2981 for the game items.
      [
        '1',
        'GameItems721#1',
        'owner',
        'zero',
        '1000000000000000000',
        '1',
        '1000000000000000000',
        '30000000000000000',
      ],
      ['2', 'GameItems1155#1', 'owner', 'StableCoin', '2000000', '2', '4000000', '200000'],
      [
        '3',
        'GameItems1155#3',
        'owner',
        'zero',
        '100000000000000000',
        '1',
        '100000000000000000',
        '5000000000000000',
      ],
    ]);
  });

  it('counts launchpad mints per project and coin', () => {
    expect(
      final.launchpadCounters
        .map((r) => [name(r.launchpadAddr), r.saleId, name(r.coinAddr), r.kind, r.minted, r.paid])
        .sort(),
    ).toEqual(
      [
        ['Launchpad721', '0', 'zero', 'mint', '2', '20000000000000000'],
        ['Launchpad721', '0', 'GameItems721', 'swap', '1', '0'],
        ['Launchpad1155', '0', 'StableCoin', 'mint', '3', '15000000'],
        ['Launchpad1155', '0', 'GameItems1155', 'swap', '2', '0'],
      ].sort(),
    );
    expect(
      final.launchpadSales
        .map((r) => [name(r.launchpadAddr), r.saleId, r.minted, r.swapped, r.totalSupply])
        .sort(),
    ).toEqual(
      [
        ['Launchpad721', '0', '2', '1', '3'],
        ['Launchpad1155', '0', '3', '2', '5'],
      ].sort(),
    );
  });

  it('ends at the head', async () => {
    const head = Number(await c.publicClient.getBlockNumber());
    expect(final.cursor).toEqual([{ n: head, h: (await c.publicClient.getBlock()).hash }]);
  });

  it('replaying ranges changes nothing, whatever the batch size', async () => {
    const db = fresh.database.db;
    const deployBlock = c.deployment.contracts.StableCoin!.blockNumber;
    for (const back of [1, 7, 20]) {
      const to = Number(await c.publicClient.getBlockNumber()) - back;
      const block = await c.publicClient.getBlock({ blockNumber: BigInt(to) });
      await db
        .update(indexerCursor)
        .set({ blockNumber: to, blockHash: block.hash })
        .where(sql`true`);
      await newIndexer(db, c.publicClient, c.deployment, { batchBlocks: back }).catchUp();
      expect(await dumpChainTables(db)).toEqual(final);
    }
    // From scratch, one block per range.
    await resetChainTables(db);
    await newIndexer(db, c.publicClient, c.deployment, { batchBlocks: 1 }).catchUp();
    expect(await dumpChainTables(db)).toEqual(final);
    expect(deployBlock).toBeGreaterThan(0);
  });

  it('a read with many more logs than a range aims at is written in pieces, to the same database', async () => {
    const db = fresh.database.db;
    await resetChainTables(db);
    // One read covers the whole chain (2,000 blocks); at 3 logs a range it is cut into pieces.
    const indexer = newIndexer(db, c.publicClient, c.deployment, { rangeLogs: 3 });
    const steps: string[] = [];
    for (let r = await indexer.step(); r !== 'idle'; r = await indexer.step()) steps.push(r);
    expect(steps.length).toBeGreaterThan(3);
    expect(steps.every((s) => s === 'range')).toBe(true);
    expect(await dumpChainTables(db)).toEqual(final);
  });
});
