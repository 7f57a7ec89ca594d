// The indexer and signed listings on a real anvil: listings signed with the demo
// accounts' keys (shared listingDomain / LISTING_TYPES, one signature over a listing tree for a
// bulk), stored as listing/create stores them, then followed as `orders` rows (kind signed):
// hidden while the seller does not hold the token or has revoked the Listings approval and shown
// again when both return, a bulk of several bought through its proof, a sweep mixing a signed
// and a market listing (both trades name the real buyer; no transfer activity through the
// Listings contract), cancel by hash and by counter, expiry on the poll, and a reorg removing a
// fill (the database then equals a fresh index).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { parseEther, zeroAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ACTIVITY_METHOD,
  CONTRACT_TYPE,
  LISTING_TYPES,
  ORDER_KIND,
  ORDER_STATUS,
  listingDomain,
  listingOrderHash,
  listingTree,
  type SignedListingFields,
} from '@aiamarket/shared';
import {
  gameItems1155Abi,
  gameItems721Abi,
  gameItems721Bytecode,
  listingsAbi,
  marketplaceAbi,
} from '@aiamarket/shared/abis';
import { registerCollection } from '../../src/indexer/collections.js';
import { freshDatabase } from '../support/database.js';
import type { AppDb } from '../../src/db/database.js';
import { activities, collectionStats, marketEvents, orders } from '../../src/db/schema-chain.js';
import { signedListings } from '../../src/db/schema-listings.js';
import {
  ACTORS,
  CHAIN_ID,
  dumpChainTables,
  lower,
  newIndexer,
  indexFromScratch,
  scenarioSteps,
  send,
  startChain,
  type Chain,
} from './support.js';

type Who = keyof typeof ACTORS;

interface StoredListing {
  listing: SignedListingFields;
  signature: Hex;
  proof: Hex[];
  index: number;
  hash: Hex;
}

let nextSalt = 1n;

/**
 * Signs listings with the seller's demo key (one listing: its own signature; several: one
 * signature over their tree's root) and stores them as listing/create does.
 */
async function storeListings(
  c: Chain,
  db: AppDb,
  who: Who,
  fields: (Omit<SignedListingFields, 'seller' | 'start' | 'end' | 'salt' | 'counter'> & {
    end?: bigint;
    counter?: bigint;
  })[],
): Promise<StoredListing[]> {
  const listingsAddr = c.addr('Listings');
  const now = BigInt(Math.floor(Date.now() / 1000));
  const listings: SignedListingFields[] = fields.map((f) => ({
    ...f,
    seller: ACTORS[who].address as Address,
    start: 0n,
    end: f.end ?? now + 7n * 86_400n,
    salt: nextSalt++,
    counter: f.counter ?? 0n,
  }));
  const signer = privateKeyToAccount(ACTORS[who].privateKey);
  const domain = listingDomain(CHAIN_ID, listingsAddr);
  let signature: Hex;
  let proofs: Hex[][];
  let root: Hex | null = null;
  if (listings.length === 1) {
    signature = await signer.signTypedData({
      domain,
      types: LISTING_TYPES,
      primaryType: 'Listing',
      message: listings[0]!,
    });
    proofs = [[]];
  } else {
    const tree = listingTree(listings);
    root = tree.root;
    signature = await signer.signTypedData(tree.typedData(CHAIN_ID, listingsAddr));
    proofs = listings.map((_, i) => tree.proof(i));
  }
  const out = listings.map((listing, i) => ({
    listing,
    signature,
    proof: proofs[i]!,
    index: i,
    hash: listingOrderHash(listing, CHAIN_ID, listingsAddr),
  }));
  await db.insert(signedListings).values(
    out.map((s) => ({
      chainId: CHAIN_ID,
      listingsAddr: lower(listingsAddr),
      orderHash: lower(s.hash),
      seller: lower(s.listing.seller),
      contractAddr: lower(s.listing.collection),
      erc1155: s.listing.erc1155,
      tokenId: s.listing.tokenId.toString(),
      units: s.listing.units.toString(),
      coin: lower(s.listing.coin),
      pricePerUnit: s.listing.pricePerUnit.toString(),
      startTime: new Date(Number(s.listing.start) * 1000),
      endTime: new Date(Number(s.listing.end) * 1000),
      salt: s.listing.salt.toString(),
      counter: s.listing.counter.toString(),
      signature: s.signature,
      root,
      proof: s.proof,
      treeIndex: s.index,
    })),
  );
  return out;
}

const fill = (s: StoredListing, units: bigint) => ({
  listing: s.listing,
  signature: s.signature,
  proof: s.proof,
  index: BigInt(s.index),
  units,
});

async function orderOf(db: AppDb, c: Chain, s: StoredListing) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.marketAddr, lower(c.addr('Listings'))),
        eq(orders.orderId, BigInt(s.hash).toString()),
      ),
    );
  return row;
}

async function statusOf(db: AppDb, c: Chain, s: StoredListing) {
  return (await orderOf(db, c, s))?.status;
}

/** The signed listings as a fresh index must leave them (state_block: when it looked). */
async function dumpListingTables(db: AppDb) {
  const rows = await db.select().from(signedListings).orderBy(asc(signedListings.orderHash));
  return rows.map(({ stateBlock: _b, createdAt: _c, ...rest }) => rest);
}

describe('indexer: signed listings', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let scratch: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let db: AppDb;
  let indexer: ReturnType<typeof newIndexer>;
  let g721: Address;
  let g1155: Address;
  let listingsAddr: Address;

  /** A fresh index of the canonical chain, with the same stored listings (state reset). */
  async function fromScratch() {
    scratch ??= await freshDatabase();
    const sdb = scratch.database.db;
    const stored = await db.select().from(signedListings);
    await indexFromScratch(c, db, sdb, ['signed_listings'], () =>
      sdb.insert(signedListings).values(
        stored.map((r) => ({
          ...r,
          filled: '0',
          cancelled: false,
          approved: true,
          stateBlock: null,
        })),
      ),
    );
    return { chain: await dumpChainTables(sdb), listings: await dumpListingTables(sdb) };
  }
  const current = async () => ({
    chain: await dumpChainTables(db),
    listings: await dumpListingTables(db),
  });

  /** One signed listing of `who` in AIA (one unit unless told), stored. */
  const storeOne = async (
    who: Who,
    fields: Omit<Parameters<typeof storeListings>[3][number], 'coin' | 'units'> & {
      units?: bigint;
    },
  ) => (await storeListings(c, db, who, [{ units: 1n, coin: zeroAddress, ...fields }]))[0];

  /** A transaction of `who` on the Listings contract. */
  const onListings = (
    who: Who,
    call: { functionName: string; args?: readonly unknown[]; value?: bigint },
  ) => send(c, who, { address: listingsAddr, abi: listingsAbi, ...call });

  const approve = (who: Who, collection: Address, approved: boolean) =>
    send(c, who, {
      address: collection,
      abi: collection === g721 ? gameItems721Abi : gameItems1155Abi,
      functionName: 'setApprovalForAll',
      args: [listingsAddr, approved],
    });

  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    db = fresh.database.db;
    indexer = newIndexer(db, c.publicClient, c.deployment);
    g721 = c.addr('GameItems721');
    g1155 = c.addr('GameItems1155');
    listingsAddr = c.addr('Listings');
    await scenarioSteps(c).mint();
    await approve('alice', g721, true);
    await approve('bob', g1155, true);
    await indexer.catchUp();
  });
  afterAll(async () => {
    await fresh?.drop();
    await scratch?.drop();
    await c?.stop();
  });

  it('lists a signed listing as an order, hidden while the token or the approval is away', async () => {
    const hero1 = await storeOne('alice', {
      collection: g721,
      erc1155: false,
      tokenId: 1n,
      pricePerUnit: parseEther('1'),
    });
    await indexer.catchUp();
    const row = await orderOf(db, c, hero1!);
    expect(row).toMatchObject({
      kind: ORDER_KIND.signed,
      status: ORDER_STATUS.listed,
      chainStatus: ORDER_STATUS.listed,
      ownerAddr: lower(ACTORS.alice.address),
      contractAddr: lower(g721),
      tokenId: '1',
      price: parseEther('1').toString(),
      priceValue: '1.000000000000000000',
      leftAmount: '1',
    });
    expect(row!.expiresAt!.getTime()).toBe(Number(hero1!.listing.end) * 1000);
    const stats = async () =>
      (
        await db
          .select()
          .from(collectionStats)
          .where(eq(collectionStats.contractAddr, lower(g721)))
      )[0]!;
    expect((await stats()).totalOrder).toBe(1);

    // The token leaves the seller: hidden; back: listed again.
    await send(c, 'alice', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [ACTORS.alice.address, ACTORS.dave.address, 1n],
    });
    await indexer.catchUp();
    expect(await statusOf(db, c, hero1!)).toBe(ORDER_STATUS.forceCancel);
    expect((await stats()).totalOrder).toBe(0);
    await send(c, 'dave', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [ACTORS.dave.address, ACTORS.alice.address, 1n],
    });
    await indexer.catchUp();
    expect(await statusOf(db, c, hero1!)).toBe(ORDER_STATUS.listed);

    // The approval revoked: hidden; given again: listed.
    await approve('alice', g721, false);
    await indexer.catchUp();
    expect(await statusOf(db, c, hero1!)).toBe(ORDER_STATUS.forceCancel);
    expect(
      (
        await db
          .select()
          .from(signedListings)
          .where(eq(signedListings.orderHash, lower(hero1!.hash)))
      )[0]!.approved,
    ).toBe(false);
    await approve('alice', g721, true);
    await indexer.catchUp();
    expect(await statusOf(db, c, hero1!)).toBe(ORDER_STATUS.listed);
    expect((await stats()).totalOrder).toBe(1);
  });

  let bulk: StoredListing[] = [];

  it('lists a bulk of several under one signature; a buy through its proof sells one', async () => {
    bulk = await storeListings(
      c,
      db,
      'alice',
      [2n, 3n, 4n].map((tokenId) => ({
        collection: g721,
        erc1155: false,
        tokenId,
        units: 1n,
        coin: zeroAddress,
        pricePerUnit: parseEther('0.5'),
      })),
    );
    await indexer.catchUp();
    for (const s of bulk) expect(await statusOf(db, c, s)).toBe(ORDER_STATUS.listed);
    expect(new Set(bulk.map((s) => s.signature)).size).toBe(1);

    const receipt = await onListings('carol', {
      functionName: 'buy',
      args: [fill(bulk[1]!, 1n)],
      value: parseEther('0.5'),
    });
    await indexer.catchUp();
    expect(await orderOf(db, c, bulk[1]!)).toMatchObject({
      status: ORDER_STATUS.sold,
      leftAmount: '0',
    });
    expect(await statusOf(db, c, bulk[0]!)).toBe(ORDER_STATUS.listed);
    expect(await statusOf(db, c, bulk[2]!)).toBe(ORDER_STATUS.listed);
    const acts = await db
      .select()
      .from(activities)
      .where(eq(activities.txHash, lower(receipt.transactionHash)));
    // One trade alice -> carol; the transfer has no activity of its own.
    expect(acts.map((a) => [a.method, a.fromAddr, a.toAddr, a.orderId])).toEqual([
      [
        ACTIVITY_METHOD.trade,
        lower(ACTORS.alice.address),
        lower(ACTORS.carol.address),
        BigInt(bulk[1]!.hash).toString(),
      ],
    ]);
  });

  it('attributes both trades of a sweep (signed and market listing) to the real buyer', async () => {
    // bob lists 5 of item 2 on the market for 0.1 AIA each.
    const market = c.addr('Marketplace');
    await send(c, 'bob', {
      address: g1155,
      abi: gameItems1155Abi,
      functionName: 'setApprovalForAll',
      args: [market, true],
    });
    const created = await send(c, 'bob', {
      address: market,
      abi: marketplaceAbi,
      functionName: 'createMarketItem',
      args: [g1155, 2n, 5n, parseEther('0.1'), zeroAddress],
    });
    await indexer.catchUp();
    const [item] = await db
      .select()
      .from(marketEvents)
      .where(
        and(
          eq(marketEvents.txHash, lower(created.transactionHash)),
          eq(marketEvents.kind, 'created'),
        ),
      );
    const itemId = BigInt(item!.itemId!);
    const receipt = await onListings('dave', {
      functionName: 'sweep',
      args: [
        [fill(bulk[0]!, 1n)],
        [
          {
            itemId,
            amount: 2n,
            nftContract: g1155,
            erc1155: true,
            tokenId: 2n,
            coin: zeroAddress,
            price: parseEther('0.1'),
          },
        ],
      ],
      value: parseEther('0.7'),
    });
    await indexer.catchUp();
    const dave = lower(ACTORS.dave.address);
    const sold = await db
      .select()
      .from(marketEvents)
      .where(
        and(eq(marketEvents.txHash, lower(receipt.transactionHash)), eq(marketEvents.kind, 'sold')),
      )
      .orderBy(asc(marketEvents.logIndex));
    expect(sold.map((s) => [s.marketAddr, s.buyer])).toEqual([
      [lower(listingsAddr), dave],
      [lower(market), dave],
    ]);
    const acts = await db
      .select()
      .from(activities)
      .where(eq(activities.txHash, lower(receipt.transactionHash)))
      .orderBy(asc(activities.logIndex));
    // Two trades to dave and nothing else: the hops through the Listings contract are not
    // transfers of their own.
    expect(acts.map((a) => [a.method, a.fromAddr, a.toAddr])).toEqual([
      [ACTIVITY_METHOD.trade, lower(ACTORS.alice.address), dave],
      [ACTIVITY_METHOD.trade, lower(ACTORS.bob.address), dave],
    ]);
    expect(await statusOf(db, c, bulk[0]!)).toBe(ORDER_STATUS.sold);
    const [marketOrder] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.marketAddr, lower(market)), eq(orders.orderId, itemId.toString())));
    expect(marketOrder).toMatchObject({ kind: ORDER_KIND.market, leftAmount: '3' });
  });

  it('cancels by hash and by counter', async () => {
    await onListings('alice', { functionName: 'cancelListings', args: [[bulk[2]!.hash]] });
    await indexer.catchUp();
    expect(await orderOf(db, c, bulk[2]!)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      chainStatus: ORDER_STATUS.cancelled,
    });
    const hero5 = await storeOne('alice', {
      collection: g721,
      erc1155: false,
      tokenId: 5n,
      pricePerUnit: parseEther('2'),
    });
    await indexer.catchUp();
    expect(await statusOf(db, c, hero5!)).toBe(ORDER_STATUS.listed);
    await onListings('alice', { functionName: 'incrementCounter', args: [] });
    await indexer.catchUp();
    expect(await statusOf(db, c, hero5!)).toBe(ORDER_STATUS.cancelled);
    // A listing signed with the new counter is not cancelled by the old bump.
    const again = await storeOne('alice', {
      collection: g721,
      erc1155: false,
      tokenId: 5n,
      pricePerUnit: parseEther('2'),
      counter: 1n,
    });
    await indexer.catchUp();
    expect(await statusOf(db, c, again!)).toBe(ORDER_STATUS.listed);
  });

  it('expires a listing on the poll and recomputes its collection', async () => {
    const end = BigInt(Math.floor(Date.now() / 1000) + 3);
    const [soon] = await storeListings(c, db, 'bob', [
      {
        collection: g1155,
        erc1155: true,
        tokenId: 3n,
        units: 2n,
        coin: zeroAddress,
        pricePerUnit: parseEther('0.2'),
        end,
      },
    ]);
    await indexer.catchUp();
    expect(await statusOf(db, c, soon!)).toBe(ORDER_STATUS.listed);
    const listed = async () =>
      (
        await db
          .select()
          .from(collectionStats)
          .where(eq(collectionStats.contractAddr, lower(g1155)))
      )[0]!.totalOrder;
    const before = await listed();
    await new Promise((r) => setTimeout(r, Number(end) * 1000 - Date.now() + 200));
    expect(await indexer.step()).toBe('idle');
    expect(await orderOf(db, c, soon!)).toMatchObject({
      status: ORDER_STATUS.cancelled,
      chainStatus: ORDER_STATUS.cancelled,
    });
    expect(await listed()).toBe(before - 1);
  });

  it('rolls back a fill: the database equals a fresh index', async () => {
    const units = await storeOne('bob', {
      collection: g1155,
      erc1155: true,
      tokenId: 1n,
      units: 3n,
      pricePerUnit: parseEther('0.1'),
    });
    await indexer.catchUp();
    await onListings('carol', {
      functionName: 'buy',
      args: [fill(units!, 1n)],
      value: parseEther('0.1'),
    });
    await indexer.catchUp();
    expect(await orderOf(db, c, units!)).toMatchObject({
      status: ORDER_STATUS.listed,
      leftAmount: '2',
    });
    const before = await current();
    await c.testClient.request({ method: 'anvil_reorg', params: [1, []] } as never);
    await indexer.catchUp();
    expect(await orderOf(db, c, units!)).toMatchObject({
      status: ORDER_STATUS.listed,
      leftAmount: '3',
    });
    const after = await current();
    expect(after.chain.listingEvents.length).toBe(before.chain.listingEvents.length - 1);
    expect(after).toEqual(await fromScratch());
  });

  // Last: the fresh indexes above seed the deployment's collections only.
  it('re-derives the listings of a collection whose back-fill completes', async () => {
    const owner = c.wallets.owner;
    const deployed = await c.publicClient.waitForTransactionReceipt({
      hash: await owner.deployContract({
        abi: gameItems721Abi,
        bytecode: gameItems721Bytecode,
        args: ['Extra', 'EXT', 'ipfs://extra/', ACTORS.owner.address, ACTORS.owner.address, 0n],
        account: owner.account!,
        chain: owner.chain,
      }),
    });
    const extra = deployed.contractAddress!;
    const x = { address: extra, abi: gameItems721Abi };
    await send(c, 'owner', { ...x, functionName: 'mint', args: [ACTORS.alice.address, 1n] });
    await send(c, 'alice', {
      ...x,
      functionName: 'setApprovalForAll',
      args: [listingsAddr, true],
    });
    const away = await storeOne('alice', {
      collection: extra,
      erc1155: false,
      tokenId: 1n,
      pricePerUnit: parseEther('1'),
      counter: 1n,
    });
    await send(c, 'alice', {
      ...x,
      functionName: 'transferFrom',
      args: [ACTORS.alice.address, ACTORS.bob.address, 1n],
    });
    await indexer.catchUp();
    // Not followed yet: the holding is unknown, the listing stands.
    expect(await statusOf(db, c, away!)).toBe(ORDER_STATUS.listed);
    await registerCollection(db, CHAIN_ID, {
      address: extra,
      contractType: CONTRACT_TYPE.erc721,
      deploymentBlock: Number(deployed.blockNumber),
      source: 'admin',
    });
    await indexer.catchUp();
    // Back-filled: alice does not hold the token, the listing is hidden.
    expect(await statusOf(db, c, away!)).toBe(ORDER_STATUS.forceCancel);
  });
});
