// Signed listings API on a real anvil with the full deployment and the indexed fixture world:
// listings signed by real keys alone and in bulk typed trees (BulkListing, mixed coins), every
// refusal of listing/create with the index of the refused listing (nothing stored), the retired
// ListingTree(root) signature refused with its own code, a stored bulk listing bought on the
// Listings contract with the proof and index the server kept, and the sweep quote over market
// listings.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import {
  createWalletClient,
  hexToBigInt,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ERRORS,
  LISTING_LIMITS,
  listingStructHash,
  sortedMerkleTree,
  listingDomain,
  listingOrderHash,
  listingTree,
  MAX_SWEEP,
  ORDER_KIND,
  ORDER_STATUS,
  type ListingCreateVO,
  type OrderVO,
  type SignedListingFields,
  type SweepQuoteVO,
} from '@aiamarket/shared';
import { gameItems721Abi, listingsAbi } from '@aiamarket/shared/abis';
import { orders, signedListings } from '../../db/schema.js';
import { CHAIN_ID, send } from '../../../test/indexer/support.js';
import { offlineApp } from '../../../test/support/offline.js';
import { compileSolidity, WALLET_SOURCE } from '../../../test/support/solidity.js';
import { ACTORS, lower, useWorld, type World } from '../../../test/support/market-world.js';
import { callApi } from '../../../test/support/api.js';
import { asText, listingFields, now, signListing } from '../../../test/support/signed-orders.js';

type Who = 'alice' | 'bob' | 'carol' | 'dave';

let w: World;
let listingsAddr: Address;
let hero: Address;
let items: Address;
let stable: Address;
/** Heroes minted to dave for these tests. */
let daveHeroes: bigint[];

useWorld(async (world) => {
  w = world;
  listingsAddr = w.c.addr('Listings');
  hero = w.c.addr('GameItems721');
  items = w.c.addr('GameItems1155');
  stable = w.c.addr('StableCoin');
  await send(w.c, 'owner', {
    address: hero,
    abi: gameItems721Abi,
    functionName: 'mint',
    args: [ACTORS.dave.address, 4n],
  });
  daveHeroes = [];
  for (let id = 1n; id <= 40n && daveHeroes.length < 4; id++) {
    const owner = await w.c.publicClient
      .readContract({ address: hero, abi: gameItems721Abi, functionName: 'ownerOf', args: [id] })
      .catch(() => null);
    if (owner && lower(owner) === lower(ACTORS.dave.address)) daveHeroes.push(id);
  }
  expect(daveHeroes).toHaveLength(4);
  for (const [who, collection] of [
    ['dave', hero],
    ['bob', items],
  ] as const) {
    await send(w.c, who, {
      address: collection,
      abi: gameItems721Abi,
      functionName: 'setApprovalForAll',
      args: [listingsAddr, true],
    });
  }
});

const post = <T>(url: string, payload: unknown) => callApi<T>(w.app, 'POST', url, payload);

/** A listing by `who` of dave's first hero for 1 AIA, unless changed. */
function listing(who: Who, over: Partial<SignedListingFields> = {}): SignedListingFields {
  return listingFields({
    seller: ACTORS[who].address,
    collection: hero,
    tokenId: daveHeroes[0]!,
    ...over,
  });
}

const keyOf = (l: SignedListingFields) =>
  Object.values(ACTORS).find((a) => lower(a.address) === lower(l.seller))!.privateKey;

function signOne(l: SignedListingFields, key: Hex = keyOf(l), chainId = CHAIN_ID): Promise<Hex> {
  return signListing(key, listingsAddr, l, chainId);
}

function signBulk(ls: SignedListingFields[], key: Hex = keyOf(ls[0]!)): Promise<Hex> {
  return privateKeyToAccount(key).signTypedData(listingTree(ls).typedData(CHAIN_ID, listingsAddr));
}

/** The retired bulk form: one signature over ListingTree(root of sorted pairs), a bare hash. */
function signRetiredBulk(ls: SignedListingFields[], key: Hex = keyOf(ls[0]!)): Promise<Hex> {
  return privateKeyToAccount(key).signTypedData({
    domain: listingDomain(CHAIN_ID, listingsAddr),
    types: { ListingTree: [{ name: 'root', type: 'bytes32' }] },
    primaryType: 'ListingTree',
    message: { root: sortedMerkleTree(ls.map(listingStructHash)).root },
  });
}

async function create(ls: SignedListingFields[], signature?: Hex, bulk = ls.length > 1) {
  const sig = signature ?? (bulk ? await signBulk(ls) : await signOne(ls[0]!));
  return post<ListingCreateVO>('/listing/create', {
    listings: ls.map(asText),
    signature: sig,
    bulk,
  });
}

async function storedCount() {
  const [row] = await w.ctx.database.db.select({ n: count() }).from(signedListings);
  return row!.n;
}

/** Expects the refusal `name` of the listing at `index`, with nothing stored. */
async function expectRefused(
  res: Awaited<ReturnType<typeof create>>,
  name: keyof typeof ERRORS,
  index: number,
  before: number,
) {
  expect(res.body.code, res.body.message).toBe(ERRORS[name].code);
  expect(res.status).toBe(ERRORS[name].status);
  expect(res.body.messageKey).toBe(ERRORS[name].key);
  expect(res.body.data).toEqual({ index });
  expect(await storedCount()).toBe(before);
}

describe('listing/create', () => {
  it('stores a listing signed alone and answers its order hash', async () => {
    const l = listing('dave');
    const { status, body } = await create([l]);
    expect(status).toBe(200);
    const hash = listingOrderHash(l, CHAIN_ID, listingsAddr);
    expect(body.data.orderHashes).toEqual([hash]);
    const rows = await w.ctx.database.db.select().from(signedListings);
    const row = rows.find((r) => r.orderHash === hash)!;
    expect(row).toMatchObject({
      listingsAddr: lower(listingsAddr),
      seller: lower(ACTORS.dave.address),
      contractAddr: lower(hero),
      erc1155: false,
      tokenId: daveHeroes[0]!.toString(),
      units: '1',
      coin: zeroAddress,
      pricePerUnit: parseEther('1').toString(),
      root: null,
      proof: [],
      treeIndex: 0,
    });
    expect(row.endTime.getTime()).toBe(Number(l.end) * 1000);
    // The same request again stores nothing more and answers the same hash.
    const n = await storedCount();
    const again = await post<ListingCreateVO>('/listing/create', {
      listings: [asText(l)],
      signature: await signOne(l),
      bulk: false,
    });
    expect(again.body.data.orderHashes).toEqual([hash]);
    expect(await storedCount()).toBe(n);
  });

  it('stores a bulk listing of mixed coins under one typed-tree signature; a stored proof buys', async () => {
    const ls = [
      listing('dave', { tokenId: daveHeroes[1]!, pricePerUnit: parseEther('0.3') }),
      listing('dave', { tokenId: daveHeroes[2]!, coin: stable, pricePerUnit: parseUnits('4', 6) }),
      listing('dave', { tokenId: daveHeroes[3]!, pricePerUnit: parseEther('0.7') }),
    ];
    const { status, body } = await create(ls);
    expect(status, body.message).toBe(200);
    const hashes = ls.map((l) => listingOrderHash(l, CHAIN_ID, listingsAddr));
    expect(body.data.orderHashes).toEqual(hashes);
    const tree = listingTree(ls);
    const rows = await w.ctx.database.db.select().from(signedListings);
    for (const [i, h] of hashes.entries()) {
      const row = rows.find((r) => r.orderHash === h)!;
      expect(row.root).toBe(tree.root);
      expect(row.proof).toEqual(tree.proof(i));
      expect(row.proof).toHaveLength(2); // 3 listings and one padding leaf: height 2
      expect(row.treeIndex).toBe(i);
      expect(row.coin).toBe(lower(ls[i]!.coin));
    }

    // Carol buys the third listing with exactly what the server stored.
    const row = rows.find((r) => r.orderHash === hashes[2])!;
    await send(w.c, 'carol', {
      address: listingsAddr,
      abi: listingsAbi,
      functionName: 'buy',
      args: [
        {
          listing: ls[2]!,
          signature: row.signature as Hex,
          proof: row.proof as Hex[],
          index: BigInt(row.treeIndex),
          units: 1n,
        },
      ],
      value: parseEther('0.7'),
    });
    const owner = await w.c.publicClient.readContract({
      address: hero,
      abi: gameItems721Abi,
      functionName: 'ownerOf',
      args: [daveHeroes[3]!],
    });
    expect(lower(owner)).toBe(lower(ACTORS.carol.address));
  });

  it('stores a bulk of one (a tree of height 1, padded); refuses the retired root signature', async () => {
    const before = await storedCount();
    const ls = [
      listing('dave', { tokenId: daveHeroes[0]!, coin: stable, pricePerUnit: 5n }),
      listing('dave', { tokenId: daveHeroes[1]!, pricePerUnit: 7n }),
    ];
    // The same listings signed as a bare ListingTree root: refused with its own code.
    await expectRefused(
      await create(ls, await signRetiredBulk(ls)),
      'listingTreeHashOnly',
      0,
      before,
    );
    // ... and a retired-form signature of other listings is only "not the seller's".
    await expectRefused(
      await create(ls, await signRetiredBulk([ls[0]!, { ...ls[1]!, pricePerUnit: 8n }])),
      'listingSignatureInvalid',
      0,
      before,
    );
    const one = [ls[0]!];
    const res = await create(one, await signBulk(one), true);
    expect(res.body.code, res.body.message).toBe(0);
    const hash = listingOrderHash(one[0]!, CHAIN_ID, listingsAddr);
    expect(res.body.data.orderHashes).toEqual([hash]);
    const [row] = await w.ctx.database.db
      .select()
      .from(signedListings)
      .where(eq(signedListings.orderHash, hash));
    expect(row).toMatchObject({ root: listingTree(one).root, treeIndex: 0 });
    expect(row!.proof).toHaveLength(1);
  });

  it('stores an ERC1155 listing of units the seller holds', async () => {
    const l = listing('bob', {
      collection: items,
      erc1155: true,
      tokenId: 2n,
      units: 3n,
      coin: stable,
      pricePerUnit: parseUnits('1.5', 6),
    });
    const { status, body } = await create([l]);
    expect(status, body.message).toBe(200);
  });

  it('refuses each invalid listing with its code and index, storing nothing', async () => {
    const before = await storedCount();
    const ok = () => listing('dave', { tokenId: daveHeroes[0]! });
    const day = 86_400n;
    const maxEnd = now() + BigInt(LISTING_LIMITS.maxDurationDays) * day;
    const cases: [keyof typeof ERRORS, Partial<SignedListingFields>][] = [
      ['listingPriceInvalid', { pricePerUnit: 0n }],
      ['listingUnitsInvalid', { units: 2n }],
      ['listingUnitsInvalid', { units: 0n }],
      ['listingTimeInvalid', { end: now() - 1n }],
      ['listingTimeInvalid', { start: now() + 100n, end: now() + 100n }],
      ['listingTimeInvalid', { end: maxEnd + day }],
      ['listingCollectionUnknown', { erc1155: true }],
      ['listingCollectionUnknown', { collection: stable }],
      ['listingCounterStale', { counter: 1n }],
      ['listingCoinNotAllowed', { coin: hero }],
      ['listingNotHeld', { tokenId: daveHeroes[3]! }],
      ['listingNotHeld', { tokenId: 9_999n }],
    ];
    for (const [name, over] of cases) {
      // The refused listing second in a bulk: the answer names index 1.
      const res = await create([ok(), listing('dave', over)]);
      await expectRefused(res, name, 1, before);
    }
    // A listing of another seller inside dave's bulk: not signed by its seller.
    const foreign = listing('bob', { collection: items, erc1155: true, tokenId: 2n });
    await expectRefused(await create([ok(), ok(), foreign]), 'listingSignatureInvalid', 2, before);
    // Signed by another key, or for another chain's domain.
    const l = ok();
    await expectRefused(
      await create([l], await signOne(l, ACTORS.bob.privateKey)),
      'listingSignatureInvalid',
      0,
      before,
    );
    await expectRefused(
      await create([l], await signOne(l, keyOf(l), CHAIN_ID + 1)),
      'listingSignatureInvalid',
      0,
      before,
    );
    // A bulk signature over other listings (the root differs).
    const other = [ok(), ok()];
    await expectRefused(
      await create([ok(), ok()], await signBulk(other)),
      'listingSignatureInvalid',
      0,
      before,
    );
    // More units than held (bob holds 5 of item 3).
    await expectRefused(
      await create([listing('bob', { collection: items, erc1155: true, tokenId: 3n, units: 6n })]),
      'listingNotHeld',
      0,
      before,
    );
    // Carol holds the hero she bought above but never approved the Listings contract.
    await expectRefused(
      await create([listing('carol', { tokenId: daveHeroes[3]! })]),
      'listingNotApproved',
      0,
      before,
    );
  });

  it('stores 100 listings under one bulk signature, each with its own proof', async () => {
    // 100 new heroes for dave: the ids follow the last minted one.
    await send(w.c, 'owner', {
      address: hero,
      abi: gameItems721Abi,
      functionName: 'mint',
      args: [ACTORS.dave.address, BigInt(LISTING_LIMITS.maxBulk)],
    });
    const first = daveHeroes[3]! + 1n;
    const ls = Array.from({ length: LISTING_LIMITS.maxBulk }, (_, i) =>
      listing('dave', { tokenId: first + BigInt(i), pricePerUnit: parseEther('2') + BigInt(i) }),
    );
    const before = await storedCount();
    const started = performance.now();
    const { status, body } = await create(ls);
    const ms = performance.now() - started;
    expect(status, body.message).toBe(200);
    expect(body.data.orderHashes).toHaveLength(LISTING_LIMITS.maxBulk);
    expect(await storedCount()).toBe(before + LISTING_LIMITS.maxBulk);
    const tree = listingTree(ls);
    const rows = await w.ctx.database.db
      .select()
      .from(signedListings)
      .where(eq(signedListings.root, tree.root));
    expect(rows).toHaveLength(LISTING_LIMITS.maxBulk);
    for (const [i, h] of body.data.orderHashes.entries()) {
      expect(rows.find((r) => r.orderHash === h)!.proof).toEqual(tree.proof(i));
    }
    console.log(`listing/create of ${LISTING_LIMITS.maxBulk} listings: ${ms.toFixed(0)} ms`);
  });

  it('accepts a contract wallet (EIP-1271) seller signed by its owner key, alone and in bulk', async () => {
    const compiled = compileSolidity(WALLET_SOURCE).Wallet1271!;
    const carol = createWalletClient({
      account: privateKeyToAccount(ACTORS.carol.privateKey),
      chain: w.c.publicClient.chain!,
      transport: http(w.c.anvil.rpcUrl),
    });
    const deployed = await carol.deployContract({
      abi: compiled.abi,
      bytecode: compiled.bytecode,
      args: [ACTORS.carol.address],
    } as Parameters<typeof carol.deployContract>[0]);
    const wallet = (await w.c.publicClient.waitForTransactionReceipt({ hash: deployed }))
      .contractAddress as Address;
    // Two of dave's heroes move to the wallet, which approves the Listings contract (the
    // wallet's own call, sent by impersonating it on anvil).
    const ids = [daveHeroes[3]! + 99n, daveHeroes[3]! + 100n];
    for (const id of ids) {
      await send(w.c, 'dave', {
        address: hero,
        abi: gameItems721Abi,
        functionName: 'transferFrom',
        args: [ACTORS.dave.address, wallet, id],
      });
    }
    await w.c.testClient.impersonateAccount({ address: wallet });
    await w.c.testClient.setBalance({ address: wallet, value: parseEther('1') });
    const asWallet = createWalletClient({
      account: wallet,
      chain: w.c.publicClient.chain!,
      transport: http(w.c.anvil.rpcUrl),
    });
    await w.c.publicClient.waitForTransactionReceipt({
      hash: await asWallet.writeContract({
        address: hero,
        abi: gameItems721Abi,
        functionName: 'setApprovalForAll',
        args: [listingsAddr, true],
      }),
    });
    await w.c.testClient.stopImpersonatingAccount({ address: wallet });

    const one = listing('dave', { seller: wallet, tokenId: ids[0]! });
    const wrongKey = await create([one], await signOne(one, ACTORS.dave.privateKey));
    expect(wrongKey.body.code).toBe(ERRORS.listingSignatureInvalid.code);
    const alone = await create([one], await signOne(one, ACTORS.carol.privateKey));
    expect(alone.body.code, alone.body.message).toBe(0);
    const two = ids.map((id) => listing('dave', { seller: wallet, tokenId: id }));
    const bulk = await create(two, await signBulk(two, ACTORS.carol.privateKey));
    expect(bulk.body.code, bulk.body.message).toBe(0);
    expect(bulk.body.data.orderHashes).toEqual(
      two.map((l) => listingOrderHash(l, CHAIN_ID, listingsAddr)),
    );
  });

  it('property: a bulk with one defect anywhere is refused at that index, else all stored', async () => {
    // dave's heroes of the 100 minted above that he still holds (the last two went to a wallet).
    const pool = Array.from({ length: 98 }, (_, i) => daveHeroes[3]! + 1n + BigInt(i));
    const defects: [keyof typeof ERRORS, Partial<SignedListingFields>][] = [
      ['listingPriceInvalid', { pricePerUnit: 0n }],
      ['listingUnitsInvalid', { units: 2n }],
      ['listingTimeInvalid', { end: now() - 10n }],
      ['listingSignatureInvalid', { seller: ACTORS.bob.address }],
      ['listingCollectionUnknown', { erc1155: true }],
      ['listingCounterStale', { counter: 5n }],
      ['listingCoinNotAllowed', { coin: hero }],
      ['listingNotHeld', { tokenId: daveHeroes[3]! }],
    ];
    let stored = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...pool), { minLength: 2, maxLength: 6 }),
        fc.option(fc.tuple(fc.nat({ max: 5 }), fc.constantFrom(...defects.keys())), { freq: 2 }),
        async (tokens, defect) => {
          const ls = tokens.map((tokenId) => listing('dave', { tokenId }));
          const at = defect === null ? -1 : defect[0] % ls.length;
          if (defect !== null) ls[at] = { ...ls[at]!, ...defects[defect[1]]![1] };
          const before = await storedCount();
          const res = await create(ls, await signBulk(ls, ACTORS.dave.privateKey));
          if (defect === null) {
            expect(res.body.code, res.body.message).toBe(0);
            expect(await storedCount()).toBe(before + ls.length);
            stored += 1;
          } else {
            await expectRefused(res, defects[defect[1]]![0], at, before);
            refused += 1;
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(stored).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('takes only the counter the chain has: after incrementCounter the old one is stale', async () => {
    await send(w.c, 'bob', {
      address: listingsAddr,
      abi: listingsAbi,
      functionName: 'incrementCounter',
    });
    const before = await storedCount();
    const base = { collection: items, erc1155: true, tokenId: 2n, units: 1n } as const;
    await expectRefused(
      await create([listing('bob', { ...base, counter: 0n })]),
      'listingCounterStale',
      0,
      before,
    );
    const { status } = await create([listing('bob', { ...base, counter: 1n })]);
    expect(status).toBe(200);
  });

  it('answers 10020 (503) and stores nothing when the chain node is down', async () => {
    const offline = await offlineApp(w.ctx);
    try {
      const l = listing('dave');
      const before = await storedCount();
      const res = await offline.inject({
        method: 'POST',
        url: '/v1/api/listing/create',
        payload: { listings: [asText(l)], signature: await signOne(l), bulk: false },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: ERRORS.chainUnavailable.code, data: null });
      expect(await storedCount()).toBe(before);
    } finally {
      await offline.close();
    }
  });

  it('refuses a bulk flag that does not fit the number of listings, and over 100', async () => {
    const l = listing('dave');
    // A bulk of one is a tree of height 1: the listing signed alone does not sign it.
    const one = await post('/listing/create', {
      listings: [asText(l)],
      signature: await signOne(l),
      bulk: true,
    });
    expect(one.body.code).toBe(ERRORS.listingSignatureInvalid.code);
    const two = await post('/listing/create', {
      listings: [asText(l), asText(listing('dave'))],
      signature: await signOne(l),
      bulk: false,
    });
    expect(two.body.code).toBe(ERRORS.badRequest.code);
    const many = Array.from({ length: LISTING_LIMITS.maxBulk + 1 }, () => asText(listing('dave')));
    const tooMany = await post('/listing/create', {
      listings: many,
      signature: await signOne(l),
      bulk: true,
    });
    expect(tooMany.body.code).toBe(ERRORS.badRequest.code);
  });

  it('answers a page of listings with kind, expiresAt and signed (market listings: 0, null, null)', async () => {
    const { body } = await post<{ records: Record<string, unknown>[] }>('/nftOrder/page', {
      page: 1,
      size: 50,
    });
    expect(body.data.records.length).toBeGreaterThan(0);
    for (const r of body.data.records.filter((r) => r['kind'] === 0)) {
      expect(r['expiresAt']).toBeNull();
      expect(r['signed']).toBeNull();
    }
  });
});

describe('listing/sweepQuote', () => {
  /** The orders row the indexer derives from a stored signed listing (status listed). */
  async function deriveOrder(orderHash: string, expiresAt: Date, priceRef: string) {
    const [l] = await w.ctx.database.db
      .select()
      .from(signedListings)
      .where(eq(signedListings.orderHash, orderHash));
    const at = new Date();
    await w.ctx.database.db.insert(orders).values({
      chainId: CHAIN_ID,
      marketAddr: l!.listingsAddr,
      orderId: hexToBigInt(orderHash as Hex).toString(),
      status: ORDER_STATUS.listed,
      chainStatus: ORDER_STATUS.listed,
      price: l!.pricePerUnit,
      moneyAddr: l!.coin,
      contractAddr: l!.contractAddr,
      tokenId: l!.tokenId,
      contractType: l!.erc1155 ? 'ERC1155' : 'ERC721',
      amount: l!.units,
      leftAmount: l!.units,
      ownerAddr: l!.seller,
      priceValue: priceRef,
      priceRef,
      imageUrl: '/ipfs/bafkreisigned',
      kind: ORDER_KIND.signed,
      expiresAt,
      createdBlock: 1,
      createdTx: orderHash,
      createdAt: at,
      updatedBlock: 1,
      updatedAt: at,
    });
    return l!;
  }

  it('answers the cheapest buyable listings, signed and market, with exact totals', async () => {
    // Three signed listings of dave: 0.3 AIA, 0.45 AIA and one at 0.1 AIA already past its end
    // (the indexer has not expired it yet); the world's market listings: carol's hero at 0.5
    // AIA, alice's at 5 AIA.
    const cheap = listing('dave', { tokenId: daveHeroes[1]!, pricePerUnit: parseEther('0.3') });
    const mid = listing('dave', { tokenId: daveHeroes[2]!, pricePerUnit: parseEther('0.45') });
    const gone = listing('dave', { tokenId: daveHeroes[0]!, pricePerUnit: parseEther('0.1') });
    const hashes = (await create([cheap, mid, gone])).body.data.orderHashes;
    const cheapRow = await deriveOrder(hashes[0]!, new Date(Number(cheap.end) * 1000), '0.3');
    await deriveOrder(hashes[1]!, new Date(Number(mid.end) * 1000), '0.45');
    await deriveOrder(hashes[2]!, new Date(Date.now() - 1000), '0.1');

    const { status, body } = await post<SweepQuoteVO>('/listing/sweepQuote', {
      contractAddr: hero,
      count: 3,
    });
    expect(status, body.message).toBe(200);
    const r = body.data.records;
    expect(r.map((o) => [o.kind, o.price])).toEqual([
      [ORDER_KIND.signed, '0.3'],
      [ORDER_KIND.signed, '0.45'],
      [ORDER_KIND.market, '0.5'],
    ]);
    expect(r[2]).toMatchObject({ signed: null, expiresAt: null });
    expect(r[0]!.expiresAt).toBe(new Date(Number(cheap.end) * 1000).toISOString());
    expect(r[0]!.marketAddr).toBe(lower(listingsAddr));
    expect(r[0]!.signed).toEqual({
      orderHash: hashes[0],
      listingsAddr: lower(listingsAddr),
      seller: lower(ACTORS.dave.address),
      collection: lower(hero),
      erc1155: false,
      tokenId: daveHeroes[1]!.toString(),
      units: '1',
      coin: zeroAddress,
      pricePerUnit: parseEther('0.3').toString(),
      start: cheap.start.toString(),
      end: cheap.end.toString(),
      salt: cheap.salt.toString(),
      counter: '0',
      signature: cheapRow.signature,
      root: listingTree([cheap, mid, gone]).root,
      proof: listingTree([cheap, mid, gone]).proof(0),
      index: 0,
    });
    expect(body.data.totals).toEqual([
      {
        coin: 'AIA',
        moneyAddr: zeroAddress,
        coinDecimals: 18,
        total: '1.25',
        totalWei: parseEther('1.25').toString(),
      },
    ]);
    expect(body.data.totalRef).toBe('1.25');

    // For dave sweeping, his own listings are left out: carol's 0.5 AIA and alice's 5 AIA.
    const forDave = await post<SweepQuoteVO>('/listing/sweepQuote', {
      contractAddr: hero,
      count: 3,
      buyer: ACTORS.dave.address,
    });
    expect(forDave.body.data.records.map((o) => [o.kind, o.price])).toEqual([
      [ORDER_KIND.market, '0.5'],
      [ORDER_KIND.market, '5'],
    ]);
    expect(forDave.body.data.totalRef).toBe('5.5');

    // The listing past its end is in no list, and the item's own listings skip it too.
    const listed = await post<{ records: OrderVO[] }>('/nftOrder/page', { page: 1, size: 100 });
    const listedIds = listed.body.data.records.map((o) => o.orderId);
    expect(listedIds).toContain(hexToBigInt(hashes[0] as Hex).toString());
    expect(listedIds).not.toContain(hexToBigInt(hashes[2] as Hex).toString());
    const ofItem = await post<{ records: OrderVO[] }>('/nftOrder/getOrderList', {
      contractAddr: hero,
      tokenId: daveHeroes[0]!.toString(),
    });
    expect(ofItem.body.data.records.map((o) => o.orderId)).not.toContain(
      hexToBigInt(hashes[2] as Hex).toString(),
    );
    const signedOne = listed.body.data.records.find(
      (o) => o.orderId === hexToBigInt(hashes[0] as Hex).toString(),
    )!;
    expect(signedOne.signed?.orderHash).toBe(hashes[0]);

    // What the quote answers is what Listings.sweep takes: carol sweeps the signed one.
    const s = r[0]!.signed!;
    await send(w.c, 'carol', {
      address: listingsAddr,
      abi: listingsAbi,
      functionName: 'sweep',
      args: [
        [
          {
            listing: {
              seller: s.seller as Address,
              collection: s.collection as Address,
              erc1155: s.erc1155,
              tokenId: BigInt(s.tokenId),
              units: BigInt(s.units),
              coin: s.coin as Address,
              pricePerUnit: BigInt(s.pricePerUnit),
              start: BigInt(s.start),
              end: BigInt(s.end),
              salt: BigInt(s.salt),
              counter: BigInt(s.counter),
            },
            signature: s.signature as Hex,
            proof: s.proof as Hex[],
            index: BigInt(s.index),
            units: 1n,
          },
        ],
        [],
      ],
      value: parseEther('0.3'),
    });
    const owner = await w.c.publicClient.readContract({
      address: hero,
      abi: gameItems721Abi,
      functionName: 'ownerOf',
      args: [daveHeroes[1]!],
    });
    expect(lower(owner)).toBe(lower(ACTORS.carol.address));
  });

  it('counts ERC1155 units, taking part of the last listing', async () => {
    // Bob's two signed listings of item 3 (3 units at 0.02 AIA, 2 at 0.03 AIA), cheaper than
    // dave's market listing of item 1 from the world (4 units).
    const counter = await w.c.publicClient.readContract({
      address: listingsAddr,
      abi: listingsAbi,
      functionName: 'counterOf',
      args: [ACTORS.bob.address],
    });
    const base = { collection: items, erc1155: true, tokenId: 3n, counter } as const;
    const three = listing('bob', { ...base, units: 3n, pricePerUnit: parseEther('0.02') });
    const two = listing('bob', { ...base, units: 2n, pricePerUnit: parseEther('0.03') });
    const created = await create([three, two]);
    expect(created.status, created.body.message).toBe(200);
    const hashes = created.body.data.orderHashes;
    await deriveOrder(hashes[0]!, new Date(Number(three.end) * 1000), '0.02');
    await deriveOrder(hashes[1]!, new Date(Number(two.end) * 1000), '0.03');

    const quote = async (count: number) =>
      (await post<SweepQuoteVO>('/listing/sweepQuote', { contractAddr: items, count })).body.data;
    const lines = (q: SweepQuoteVO) => q.records.map((r) => [r.price, r.leftAmount, r.units]);

    // The 3 cheapest units are the first listing alone, not 3 whole listings (9 units).
    const q3 = await quote(3);
    expect(lines(q3)).toEqual([['0.02', '3', '3']]);
    expect(q3.totals).toMatchObject([{ total: '0.06', totalWei: parseEther('0.06').toString() }]);
    expect(q3.totalRef).toBe('0.06');

    const q4 = await quote(4);
    expect(lines(q4)).toEqual([
      ['0.02', '3', '3'],
      ['0.03', '2', '1'],
    ]);
    expect(q4.totalRef).toBe('0.09');

    // Two units of dave's market listing after all five of bob's.
    const q7 = await quote(7);
    expect(lines(q7).slice(0, 2)).toEqual([
      ['0.02', '3', '3'],
      ['0.03', '2', '2'],
    ]);
    const dave = q7.records[2]!;
    expect([dave.kind, dave.leftAmount, dave.units]).toEqual([ORDER_KIND.market, '4', '2']);
    expect(q7.records).toHaveLength(3);
    expect(q7.totals).toMatchObject([
      { totalWei: (parseEther('0.12') + 2n * BigInt(dave.priceWei)).toString() },
    ]);

    // More units than are listed: all of them, each whole.
    const all = await quote(MAX_SWEEP);
    expect(all.records.map((r) => r.units)).toEqual(all.records.map((r) => r.leftAmount));
  });

  it('refuses a count outside 1..MAX_SWEEP', async () => {
    for (const count of [0, MAX_SWEEP + 1]) {
      const { body } = await post('/listing/sweepQuote', { contractAddr: hero, count });
      expect(body.code).toBe(ERRORS.badRequest.code);
    }
  });
});

describe('docs', () => {
  it('documents listing/create with its refusal codes and the signed fields of OrderVO', async () => {
    const doc = (await w.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const create = doc.paths['/v1/api/listing/create']!.post!;
    expect(create.responses['200']).toBeDefined();
    const refusals = JSON.stringify(create.responses['400']);
    for (const name of [
      'listingSignatureInvalid',
      'listingCounterStale',
      'listingNotHeld',
      'listingNotApproved',
    ] as const) {
      expect(refusals).toContain(String(ERRORS[name].code));
    }
    expect(doc.paths['/v1/api/listing/sweepQuote']?.post?.responses['200']).toBeDefined();
    const page = JSON.stringify(doc.paths['/v1/api/nftOrder/page']!.post!.responses['200']);
    for (const field of ['expiresAt', 'signed', 'proof', 'listingsAddr']) {
      expect(page).toContain(field);
    }
  });
});

describe('listing/create with the indexer', () => {
  it('a stored listing becomes a listed order whose signed fields buy it', async () => {
    const tokenId = daveHeroes[3]! + 98n;
    const l = listing('dave', { tokenId, pricePerUnit: parseEther('0.01') });
    const { body } = await create([l]);
    expect(body.code, body.message).toBe(0);
    await w.catchUp();
    const ofItem = await post<{ records: OrderVO[] }>('/nftOrder/getOrderList', {
      contractAddr: hero,
      tokenId: tokenId.toString(),
    });
    const order = ofItem.body.data.records.find(
      (o) => o.signed?.orderHash === body.data.orderHashes[0],
    );
    expect(order).toMatchObject({
      kind: ORDER_KIND.signed,
      status: ORDER_STATUS.listed,
      orderId: hexToBigInt(body.data.orderHashes[0] as Hex).toString(),
      marketAddr: lower(listingsAddr),
      ownerAddr: lower(ACTORS.dave.address),
      priceWei: parseEther('0.01').toString(),
      expiresAt: new Date(Number(l.end) * 1000).toISOString(),
    });
    expect(order!.signed).toMatchObject({
      root: null,
      proof: [],
      index: 0,
      salt: l.salt.toString(),
    });

    // Its price is signed: nftOrder/changePrice refuses it (it read the Listings contract as a
    // market item before, and answered 500).
    const res = await w.app.inject({
      method: 'POST',
      url: '/v1/api/nftOrder/changePrice',
      headers: { token: await w.token('dave') },
      payload: { id: order!.orderId, tokenId: tokenId.toString(), price: '0.02' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERRORS.badRequest.code });
  });
});
