// Orders of a replaced order-book contract (deployment `retired`): a signed listing and an offer
// signed for the old Listings / Offers contracts leave every buy read (sweep quote, lowest
// listing, collection floor and count, item and collection offers) once the indexer's start marks
// them, stay out after the availability derivation runs again, and are shown to their owner as
// ended: the seller's list-again read and the offerer's made offers with OFFER_STATUS.retired.
// Database only (PGlite, or PostgreSQL with DATABASE_URL): the rows are written as the indexer
// leaves them, the app answers through a chain client that is never called (AIA prices only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { keccak256, toHex, zeroAddress } from 'viem';
import {
  CONTRACT_TYPE,
  OFFER_KIND,
  OFFER_STATUS,
  ORDER_HOLD,
  ORDER_KIND,
  ORDER_STATUS,
  type Deployment,
  type OfferVO,
  type OrderVO,
  type Page,
  type SweepQuoteVO,
} from '@aiamarket/shared';
import { buildApp } from '../../app.js';
import { createChainClient } from '../../chain/client.js';
import { loadConfig } from '../../config.js';
import type { ServerContext } from '../../context.js';
import { loadIndexerConfig } from '../../indexer/config.js';
import { retireOrders } from '../../indexer/retired.js';
import { settleOrders } from '../../indexer/derive/availability.js';
import { PAUSE_KEY } from '../../indexer/derive/keys.js';
import { recomputeStats } from '../../indexer/derive/stats.js';
import { lowestOrders } from '../../read-models/order-view.js';
import {
  collectionStats,
  collections,
  holdings,
  nftTransfers,
  offers,
  orders,
  signedListings,
} from '../../db/schema.js';
import { freshDatabase } from '../../../test/support/database.js';

const CHAIN_ID = 31337;
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const OLD_LISTINGS = addr(0x11);
const NEW_LISTINGS = addr(0x12);
const OLD_OFFERS = addr(0x21);
const NEW_OFFERS = addr(0x22);
const HERO = addr(0x31);
const SELLER = addr(0x41);
const OTHER = addr(0x42);
const OFFERER = addr(0x51);
const DAY = 86_400_000;

const deployment: Deployment = {
  chainId: CHAIN_ID,
  deployedAt: '2026-01-01T00:00:00.000Z',
  contracts: {
    Listings: { address: NEW_LISTINGS, blockNumber: 20 },
    Offers: { address: NEW_OFFERS, blockNumber: 20 },
  },
  retired: [
    { name: 'Listings', address: OLD_LISTINGS, blockNumber: 1, retiredAt: '2026-01-02T00:00:00Z' },
    { name: 'Offers', address: OLD_OFFERS, blockNumber: 1, retiredAt: '2026-01-02T00:00:00Z' },
  ],
};

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
const hashOf = (label: string) => keccak256(toHex(label));

/** A signed listing of `tokenId` by `seller` for `wei` AIA on `listingsAddr`, with its orders row. */
async function listing(listingsAddr: string, seller: string, tokenId: number, wei: bigint) {
  const endMs = Date.now() + 7 * DAY;
  const orderHash = hashOf(`${listingsAddr}:${seller}:${tokenId}:${wei}`);
  const db = fresh.database.db;
  const end = new Date(endMs);
  await db.insert(signedListings).values({
    chainId: CHAIN_ID,
    listingsAddr,
    orderHash,
    seller,
    contractAddr: HERO,
    erc1155: false,
    tokenId: String(tokenId),
    units: '1',
    coin: zeroAddress,
    pricePerUnit: wei.toString(),
    startTime: new Date(Date.now() - DAY),
    endTime: end,
    salt: '1',
    counter: '0',
    signature: '0x',
    stateBlock: 10,
  });
  const now = new Date();
  await db.insert(orders).values({
    chainId: CHAIN_ID,
    marketAddr: listingsAddr,
    orderId: BigInt(orderHash).toString(),
    kind: ORDER_KIND.signed,
    expiresAt: end,
    status: ORDER_STATUS.listed,
    chainStatus: ORDER_STATUS.listed,
    price: wei.toString(),
    moneyAddr: zeroAddress,
    contractAddr: HERO,
    tokenId: String(tokenId),
    contractType: CONTRACT_TYPE.erc721,
    amount: '1',
    leftAmount: '1',
    ownerAddr: seller,
    priceValue: (Number(wei / 10n ** 15n) / 1000).toString(),
    priceRef: (Number(wei / 10n ** 15n) / 1000).toString(),
    createdBlock: 0,
    createdTx: orderHash,
    createdAt: now,
    updatedBlock: 0,
    updatedAt: now,
  });
  return orderHash;
}

/** An item offer on `tokenId` signed for `offersAddr`. */
async function offer(offersAddr: string, tokenId: number, wei: bigint) {
  const orderHash = hashOf(`offer:${offersAddr}:${tokenId}:${wei}`);
  await fresh.database.db.insert(offers).values({
    chainId: CHAIN_ID,
    offersAddr,
    orderHash,
    offerer: OFFERER,
    contractAddr: HERO,
    kind: OFFER_KIND.item,
    erc1155: false,
    identifier: String(tokenId),
    tokenId: String(tokenId),
    units: '1',
    coin: zeroAddress,
    pricePerUnit: wei.toString(),
    priceValue: '1',
    priceRef: '1',
    startTime: new Date(Date.now() - DAY),
    endTime: new Date(Date.now() + 7 * DAY),
    salt: '1',
    counter: '0',
    signature: '0x',
    stateBlock: 10,
  });
  return orderHash;
}

async function post<T>(url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url: `/v1/api${url}`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

let oldListing: string;
let expiredOld: string;
let newListing: string;
let oldOffer: string;
let newOffer: string;

beforeAll(async () => {
  fresh = await freshDatabase();
  const db = fresh.database.db;
  await db.insert(collections).values({
    chainId: CHAIN_ID,
    address: HERO,
    contractType: CONTRACT_TYPE.erc721,
    deploymentBlock: 1,
    source: 'deployment',
  });
  await db.insert(holdings).values(
    [1, 2, 3].map((t) => ({
      chainId: CHAIN_ID,
      contractAddr: HERO,
      tokenId: String(t),
      ownerAddr: t === 2 ? OTHER : SELLER,
      amount: '1',
    })),
  );
  // The collection has facts (its stats row exists only then): the mint of its tokens.
  await db.insert(nftTransfers).values(
    [1, 2, 3].map((t) => ({
      chainId: CHAIN_ID,
      blockNumber: 2,
      txHash: hashOf('mint'),
      logIndex: t,
      subIndex: 0,
      contractAddr: HERO,
      tokenId: String(t),
      fromAddr: zeroAddress,
      toAddr: t === 2 ? OTHER : SELLER,
      amount: '1',
      batch: false,
      blockTime: new Date(Date.now() - DAY),
    })),
  );
  // The old contract's listing is the cheapest: before the move it is the floor.
  oldListing = await listing(OLD_LISTINGS, SELLER, 1, 10n ** 17n);
  expiredOld = await listing(OLD_LISTINGS, SELLER, 3, 10n ** 17n);
  newListing = await listing(NEW_LISTINGS, OTHER, 2, 2n * 10n ** 18n);
  oldOffer = await offer(OLD_OFFERS, 1, 3n * 10n ** 18n);
  newOffer = await offer(NEW_OFFERS, 1, 10n ** 18n);
  await db.transaction((tx) => recomputeStats(tx, CHAIN_ID, [HERO]));
  const config = loadConfig({
    RPC_URL: 'http://127.0.0.1:9',
    CHAIN_ID: String(CHAIN_ID),
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-dir',
  });
  const ctx: ServerContext = {
    config,
    database: fresh.database,
    chain: createChainClient(config.rpcUrl, CHAIN_ID),
    deployment,
    indexer: loadIndexerConfig(),
  };
  app = await buildApp(ctx);
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

const orderIdOf = (hash: string) => BigInt(hash).toString();

describe('orders of a retired order-book contract', () => {
  it('are buyable before the indexer learns of the move (the floor is the old listing)', async () => {
    const [stats] = await fresh.database.db
      .select()
      .from(collectionStats)
      .where(eq(collectionStats.contractAddr, HERO));
    expect(stats!.totalOrder).toBe(3);
    expect(Number(stats!.lowestPrice)).toBe(0.1);
  });

  it("the indexer's start ends them, once", async () => {
    expect(await retireOrders(fresh.database.db, CHAIN_ID, deployment)).toEqual({
      listings: 2,
      offers: 1,
    });
    expect(await retireOrders(fresh.database.db, CHAIN_ID, deployment)).toEqual({
      listings: 0,
      offers: 0,
    });
    const rows = await fresh.database.db
      .select({ orderId: orders.orderId, status: orders.status, hold: orders.hold })
      .from(orders)
      .where(eq(orders.contractAddr, HERO));
    const byId = new Map(rows.map((r) => [r.orderId, r]));
    expect(byId.get(orderIdOf(oldListing))).toMatchObject({
      status: ORDER_STATUS.forceCancel,
      hold: ORDER_HOLD.retired,
    });
    expect(byId.get(orderIdOf(newListing))).toMatchObject({
      status: ORDER_STATUS.listed,
      hold: ORDER_HOLD.none,
    });
  });

  it('stay ended when the availability derivation settles their token again', async () => {
    await fresh.database.db.transaction((tx) =>
      settleOrders(
        tx,
        CHAIN_ID,
        new Set([`${HERO}|1|${SELLER}`, `${HERO}|2|${OTHER}`]),
        new Set([PAUSE_KEY]),
        new Set(),
      ),
    );
    const [row] = await fresh.database.db
      .select({ status: orders.status, hold: orders.hold })
      .from(orders)
      .where(and(eq(orders.marketAddr, OLD_LISTINGS), eq(orders.tokenId, '1')));
    expect(row).toEqual({ status: ORDER_STATUS.forceCancel, hold: ORDER_HOLD.retired });
  });

  it('leave the sweep quote, the lowest listing, the floor and the count', async () => {
    const quote = await post<SweepQuoteVO>('/listing/sweepQuote', { contractAddr: HERO, count: 3 });
    expect(quote.records.map((r) => r.orderId)).toEqual([orderIdOf(newListing)]);
    const lowest = await lowestOrders(fresh.database.db, CHAIN_ID, [
      { contractAddr: HERO, tokenId: '1' },
      { contractAddr: HERO, tokenId: '2' },
    ]);
    expect([...lowest.values()].map((r) => r.orderId)).toEqual([orderIdOf(newListing)]);
    const [stats] = await fresh.database.db
      .select()
      .from(collectionStats)
      .where(eq(collectionStats.contractAddr, HERO));
    expect(stats!.totalOrder).toBe(1);
    expect(Number(stats!.lowestPrice)).toBe(2);
  });

  it("leave the item's and the collection's offers; the offerer sees theirs ended", async () => {
    const item = await post<Page<OfferVO>>('/offer/itemList', {
      contractAddr: HERO,
      tokenId: '1',
      page: 1,
      size: 20,
    });
    expect(item.records.map((o) => o.orderHash)).toEqual([newOffer]);
    const collection = await post<Page<OfferVO>>('/offer/collectionList', {
      contractAddr: HERO,
      page: 1,
      size: 20,
    });
    expect(collection.records.map((o) => o.orderHash)).not.toContain(oldOffer);
    const made = await post<Page<OfferVO>>('/offer/made', {
      address: OFFERER,
      page: 1,
      size: 20,
    });
    const status = new Map(made.records.map((o) => [o.orderHash, o.status]));
    expect(status.get(oldOffer)).toBe(OFFER_STATUS.retired);
    expect(status.get(newOffer)).toBe(OFFER_STATUS.active);
  });

  it('are answered to the seller to list again: ended, with their signed terms', async () => {
    const { records } = await post<{ records: OrderVO[] }>('/listing/retired', {
      seller: SELLER,
    });
    expect(records.map((r) => r.orderId).sort()).toEqual(
      [orderIdOf(oldListing), orderIdOf(expiredOld)].sort(),
    );
    const mine = records.find((r) => r.orderId === orderIdOf(oldListing))!;
    expect(mine).toMatchObject({ status: ORDER_STATUS.forceCancel, hold: ORDER_HOLD.retired });
    expect(mine.signed).toMatchObject({
      listingsAddr: OLD_LISTINGS,
      tokenId: '1',
      pricePerUnit: (10n ** 17n).toString(),
      coin: zeroAddress,
    });
    expect(
      (await post<{ records: OrderVO[] }>('/listing/retired', { seller: OTHER })).records,
    ).toEqual([]);
  });

  it('leave the list-again read once listed again on the new contract, or past their end', async () => {
    await listing(NEW_LISTINGS, SELLER, 1, 10n ** 17n);
    await fresh.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.orderId, orderIdOf(expiredOld)));
    const { records } = await post<{ records: OrderVO[] }>('/listing/retired', {
      seller: SELLER,
    });
    expect(records).toEqual([]);
  });
});
