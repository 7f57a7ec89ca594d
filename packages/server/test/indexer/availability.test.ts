// The order book shows only what can be filled now, on a real anvil: listings (market and signed)
// and offers in a coin the market refuses, or while the market is paused, are held back (status 3,
// orders.hold / OFFER_STATUS.marketHold) and shown again when the coin is allowed again or the
// market unpaused, with the collection's counts and floors following; a seller's listings of a
// token, both kinds, never show more units than the seller holds (cheapest first), in the counts
// and the sweep quote; and a reorg removing a refusal gives the database of a fresh index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parseEther, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  LISTING_TYPES,
  OFFER_KIND,
  OFFER_STATUS,
  ORDER_HOLD,
  ORDER_STATUS,
  listingDomain,
  listingOrderHash,
  listingTree,
  type SignedListingFields,
} from '@aiamarket/shared';
import { gameItems1155Abi, marketplaceAbi, stableCoinAbi } from '@aiamarket/shared/abis';
import { freshDatabase } from '../support/database.js';
import type { AppDb } from '../../src/db/database.js';
import { collectionStats, orders } from '../../src/db/schema-chain.js';
import { offers } from '../../src/db/schema-offers.js';
import { signedListings } from '../../src/db/schema-listings.js';
import { offerStatus } from '../../src/db/offer-status.js';
import { cheapestListings } from '../../src/modules/listing/queries.js';
import {
  ACTORS,
  CHAIN_ID,
  dumpChainTables,
  indexFromScratch,
  lower,
  newIndexer,
  scenarioSteps,
  send,
  startChain,
  storeSigned,
  type Chain,
} from './support.js';

type Who = keyof typeof ACTORS;

let nextSalt = 1_000n;

/** Signs listings of `who` (one signature over their tree when several) and stores them. */
async function storeListings(
  c: Chain,
  db: AppDb,
  who: Who,
  fields: Omit<SignedListingFields, 'seller' | 'start' | 'end' | 'salt' | 'counter'>[],
): Promise<Hex[]> {
  const listingsAddr = c.addr('Listings');
  const end = BigInt(Math.floor(Date.now() / 1000)) + 7n * 86_400n;
  const listings: SignedListingFields[] = fields.map((f) => ({
    ...f,
    seller: ACTORS[who].address as Address,
    start: 0n,
    end,
    salt: nextSalt++,
    counter: 0n,
  }));
  const signer = privateKeyToAccount(ACTORS[who].privateKey);
  const domain = listingDomain(CHAIN_ID, listingsAddr);
  const tree = listings.length > 1 ? listingTree(listings) : null;
  const signature = tree
    ? await signer.signTypedData(tree.typedData(CHAIN_ID, listingsAddr))
    : await signer.signTypedData({
        domain,
        types: LISTING_TYPES,
        primaryType: 'Listing',
        message: listings[0]!,
      });
  await db.insert(signedListings).values(
    listings.map((l, i) => ({
      chainId: CHAIN_ID,
      listingsAddr: lower(listingsAddr),
      orderHash: lower(listingOrderHash(l, CHAIN_ID, listingsAddr)),
      seller: lower(l.seller),
      contractAddr: lower(l.collection),
      erc1155: l.erc1155,
      tokenId: l.tokenId.toString(),
      units: l.units.toString(),
      coin: lower(l.coin),
      pricePerUnit: l.pricePerUnit.toString(),
      startTime: new Date(Number(l.start) * 1000),
      endTime: new Date(Number(l.end) * 1000),
      salt: l.salt.toString(),
      counter: l.counter.toString(),
      signature,
      root: tree?.root ?? null,
      proof: tree ? tree.proof(i) : [],
      treeIndex: tree ? i : 0,
    })),
  );
  return listings.map((l) => lower(listingOrderHash(l, CHAIN_ID, listingsAddr)) as Hex);
}

describe('indexer: the order book shows only what can be filled now', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let scratch: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let db: AppDb;
  let indexer: ReturnType<typeof newIndexer>;
  let g721: Address;
  let g1155: Address;
  let stable: Address;
  let market: Address;
  let usdListing: Hex;
  let usdOffer: Hex;

  const owner = (functionName: string, args: readonly unknown[] = []) =>
    send(c, 'owner', { address: market, abi: marketplaceAbi, functionName, args });
  const on1155 = (who: Who, functionName: string, args: readonly unknown[]) =>
    send(c, who, { address: g1155, abi: gameItems1155Abi, functionName, args });

  /** status and hold of the market's item `itemId`. */
  const marketOrder = async (itemId: bigint) =>
    (
      await db
        .select({ status: orders.status, hold: orders.hold, left: orders.leftAmount })
        .from(orders)
        .where(and(eq(orders.marketAddr, lower(market)), eq(orders.orderId, itemId.toString())))
    )[0];
  const signedOrder = async (hash: Hex) =>
    (
      await db
        .select({ status: orders.status, hold: orders.hold })
        .from(orders)
        .where(
          and(
            eq(orders.marketAddr, lower(c.addr('Listings'))),
            eq(orders.orderId, BigInt(hash).toString()),
          ),
        )
    )[0];
  const offerState = async (hash: Hex) =>
    (await db.select({ status: offerStatus }).from(offers).where(eq(offers.orderHash, hash)))[0]!
      .status;
  const stats = async (contract: Address) =>
    (
      await db
        .select()
        .from(collectionStats)
        .where(eq(collectionStats.contractAddr, lower(contract)))
    )[0]!;
  /** Listed orders of `who` for the token. */
  const listedOf = async (who: Who, tokenId: bigint) =>
    db
      .select({ left: orders.leftAmount, price: orders.price })
      .from(orders)
      .where(
        and(
          eq(orders.contractAddr, lower(g1155)),
          eq(orders.tokenId, tokenId.toString()),
          eq(orders.ownerAddr, lower(ACTORS[who].address)),
          eq(orders.status, ORDER_STATUS.listed),
        ),
      );

  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    db = fresh.database.db;
    indexer = newIndexer(db, c.publicClient, c.deployment);
    g721 = c.addr('GameItems721');
    g1155 = c.addr('GameItems1155');
    stable = c.addr('StableCoin');
    market = c.addr('Marketplace');
    const steps = scenarioSteps(c);
    // Market items: 1 hero 1 for 1 AIA (alice), 2: 6 of item 1 for 2 USD, 3: 5 of item 3 for
    // 0.1 AIA (bob).
    await steps.mint();
    await steps.list();
    await on1155('bob', 'setApprovalForAll', [c.addr('Listings'), true]);
    await send(c, 'carol', {
      address: stable,
      abi: stableCoinAbi,
      functionName: 'approve',
      args: [c.addr('Offers'), parseUnits('1000', 6)],
    });
    [usdListing] = (await storeListings(c, db, 'bob', [
      {
        collection: g1155,
        erc1155: true,
        tokenId: 2n,
        units: 1n,
        coin: stable,
        pricePerUnit: parseUnits('1.5', 6),
      },
    ])) as [Hex];
    usdOffer = lower(
      (
        await storeSigned(c, db, 'carol', {
          kind: OFFER_KIND.item,
          collection: g1155,
          erc1155: true,
          identifier: 1n,
          units: 1n,
          coin: stable,
          pricePerUnit: parseUnits('1', 6),
          counter: 0n,
        })
      ).hash,
    ) as Hex;
    await indexer.catchUp();
    // Deploying and indexing the demo contracts takes long on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await fresh?.drop();
    await scratch?.drop();
    await c?.stop();
  });

  it('hides the orders and offers of a coin the market refuses, and shows them when allowed again', async () => {
    const before = await stats(g1155);
    expect(await marketOrder(2n)).toMatchObject({ status: ORDER_STATUS.listed, hold: 0 });
    expect(await signedOrder(usdListing)).toMatchObject({ status: ORDER_STATUS.listed });
    expect(await offerState(usdOffer)).toBe(OFFER_STATUS.active);
    expect(before.totalOrder).toBe(3);
    expect(Object.keys(before.coinFloors)).toContain(lower(stable));

    await owner('setCoinAllowed', [stable, false]);
    await indexer.catchUp();
    expect(await marketOrder(2n)).toMatchObject({
      status: ORDER_STATUS.forceCancel,
      hold: ORDER_HOLD.coin,
    });
    expect(await signedOrder(usdListing)).toMatchObject({
      status: ORDER_STATUS.forceCancel,
      hold: ORDER_HOLD.coin,
    });
    expect(await offerState(usdOffer)).toBe(OFFER_STATUS.marketHold);
    // The AIA listing stays; the count and the floors leave the coin out.
    expect(await marketOrder(3n)).toMatchObject({ status: ORDER_STATUS.listed, hold: 0 });
    const refused = await stats(g1155);
    expect(refused.totalOrder).toBe(1);
    expect(Object.keys(refused.coinFloors)).toEqual([zeroAddress]);
    expect((await cheapestListings(db, CHAIN_ID, lower(g1155), 30)).length).toBe(1);

    await owner('setCoinAllowed', [stable, true]);
    await indexer.catchUp();
    expect(await marketOrder(2n)).toMatchObject({ status: ORDER_STATUS.listed, hold: 0 });
    expect(await signedOrder(usdListing)).toMatchObject({ status: ORDER_STATUS.listed, hold: 0 });
    expect(await offerState(usdOffer)).toBe(OFFER_STATUS.active);
    const after = await stats(g1155);
    expect(after.totalOrder).toBe(3);
    expect(after.coinFloors).toEqual(before.coinFloors);
    expect(after.lowestPrice).toBe(before.lowestPrice);
  });

  it('hides every order and offer while the market is paused', async () => {
    const heroes = await stats(g721);
    expect(heroes.totalOrder).toBe(1);
    await owner('pause');
    await indexer.catchUp();
    for (const id of [1n, 2n, 3n])
      expect(await marketOrder(id)).toMatchObject({
        status: ORDER_STATUS.forceCancel,
        hold: ORDER_HOLD.paused,
      });
    expect(await signedOrder(usdListing)).toMatchObject({ hold: ORDER_HOLD.paused });
    expect(await offerState(usdOffer)).toBe(OFFER_STATUS.marketHold);
    expect((await stats(g721)).totalOrder).toBe(0);
    expect((await stats(g721)).lowestPrice).toBeNull();
    expect((await stats(g1155)).totalOrder).toBe(0);

    // An offer stored while paused is held from its first look.
    const late = lower(
      (
        await storeSigned(c, db, 'carol', {
          kind: OFFER_KIND.item,
          collection: g1155,
          erc1155: true,
          identifier: 3n,
          units: 1n,
          coin: stable,
          pricePerUnit: parseUnits('1', 6),
          counter: 0n,
        })
      ).hash,
    ) as Hex;
    await indexer.catchUp();
    expect(await offerState(late)).toBe(OFFER_STATUS.marketHold);

    await owner('unpause');
    await indexer.catchUp();
    for (const id of [1n, 2n, 3n])
      expect(await marketOrder(id)).toMatchObject({ status: ORDER_STATUS.listed, hold: 0 });
    expect(await offerState(usdOffer)).toBe(OFFER_STATUS.active);
    expect(await offerState(late)).toBe(OFFER_STATUS.active);
    expect((await stats(g721)).totalOrder).toBe(1);
    expect((await stats(g1155)).totalOrder).toBe(3);
  });

  it('shows no more units of a token than its seller holds, signed and market listings together', async () => {
    const total = (await stats(g1155)).totalOrder;
    // dave holds 1 unit of item 2 and signs 30 listings of it, one unit each.
    await on1155('bob', 'safeTransferFrom', [
      ACTORS.bob.address,
      ACTORS.dave.address,
      2n,
      1n,
      '0x',
    ]);
    await on1155('dave', 'setApprovalForAll', [c.addr('Listings'), true]);
    const prices = Array.from({ length: 30 }, (_, i) => parseEther('0.01') * BigInt(30 - i));
    await storeListings(
      c,
      db,
      'dave',
      prices.map((pricePerUnit) => ({
        collection: g1155,
        erc1155: true,
        tokenId: 2n,
        units: 1n,
        coin: zeroAddress,
        pricePerUnit,
      })),
    );
    await indexer.catchUp();
    // Only the cheapest is shown; the count and the sweep quote hold one unit of dave's.
    expect(await listedOf('dave', 2n)).toEqual([
      { left: '1', price: parseEther('0.01').toString() },
    ]);
    expect((await stats(g1155)).totalOrder).toBe(total + 1);
    const quote = await cheapestListings(db, CHAIN_ID, lower(g1155), 30);
    expect(quote.filter((o) => o.ownerAddr === lower(ACTORS.dave.address)).length).toBe(1);
    const held = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(eq(orders.ownerAddr, lower(ACTORS.dave.address)), eq(orders.hold, ORDER_HOLD.units)),
      );
    expect(held[0]!.n).toBe(29);

    // A second unit: the two cheapest; none left: none.
    await on1155('bob', 'safeTransferFrom', [
      ACTORS.bob.address,
      ACTORS.dave.address,
      2n,
      1n,
      '0x',
    ]);
    await indexer.catchUp();
    expect((await listedOf('dave', 2n)).map((o) => o.price).sort()).toEqual(
      [parseEther('0.01'), parseEther('0.02')].map(String).sort(),
    );
    await on1155('dave', 'safeTransferFrom', [
      ACTORS.dave.address,
      ACTORS.carol.address,
      2n,
      2n,
      '0x',
    ]);
    await indexer.catchUp();
    expect(await listedOf('dave', 2n)).toEqual([]);
    expect((await stats(g1155)).totalOrder).toBe(total);

    // bob's 5 units of item 3 are all on the market (item 3); a cheaper signed listing of 2 of
    // them takes 2 units first, so the market listing of 5 is held back as not enough units.
    await storeListings(c, db, 'bob', [
      {
        collection: g1155,
        erc1155: true,
        tokenId: 3n,
        units: 2n,
        coin: zeroAddress,
        pricePerUnit: parseEther('0.05'),
      },
    ]);
    await indexer.catchUp();
    expect(await marketOrder(3n)).toMatchObject({
      status: ORDER_STATUS.forceCancel,
      hold: ORDER_HOLD.units,
    });
    expect(await listedOf('bob', 3n)).toEqual([
      { left: '2', price: parseEther('0.05').toString() },
    ]);
  });

  it('a reorg removing a refusal gives the database of a fresh index', async () => {
    const snapshot = await c.testClient.snapshot();
    await owner('setCoinAllowed', [stable, false]);
    await indexer.catchUp();
    expect(await marketOrder(2n)).toMatchObject({ hold: ORDER_HOLD.coin });
    await c.testClient.revert({ id: snapshot });
    await c.testClient.mine({ blocks: 3 });
    await indexer.catchUp();
    expect(await marketOrder(2n)).toMatchObject({ status: ORDER_STATUS.listed, hold: 0 });
    expect(await offerState(usdOffer)).toBe(OFFER_STATUS.active);

    scratch ??= await freshDatabase();
    const sdb = scratch.database.db;
    const stored = await db.select().from(signedListings);
    const storedOffers = await db.select().from(offers);
    await indexFromScratch(c, db, sdb, ['signed_listings', 'offers'], async () => {
      await sdb.insert(signedListings).values(
        stored.map((r) => ({
          ...r,
          filled: '0',
          cancelled: false,
          approved: true,
          stateBlock: null,
        })),
      );
      await sdb.insert(offers).values(
        storedOffers.map((r) => ({
          ...r,
          filled: '0',
          cancelled: false,
          funded: true,
          marketHold: 0,
          stateBlock: null,
        })),
      );
    });
    expect(await dumpChainTables(db)).toEqual(await dumpChainTables(sdb));
    const holds = (d: AppDb) =>
      d
        .select({ hash: offers.orderHash, hold: offers.marketHold, status: offerStatus })
        .from(offers)
        .orderBy(offers.orderHash);
    expect(await holds(db)).toEqual(await holds(sdb));
  }, 180_000);
});
