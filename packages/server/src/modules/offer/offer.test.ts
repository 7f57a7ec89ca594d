// Offers API on a real anvil with the full deployment and the indexed fixture world: offers
// signed by real keys (and an EIP-1271 wallet), every refusal of offer/create, the lists, the
// trait set and proof, the status at read time and the best offers of items, cards and
// collections.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  hexToBigInt,
  http,
  maxUint256,
  numberToHex,
  parseEther,
  parseUnits,
  size,
  slice,
  concat,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ERRORS,
  OFFER_KIND,
  OFFER_LIMITS,
  OFFER_STATUS,
  OFFER_TYPES,
  traitLeaf,
  traitTree,
  type CollectionDetailVO,
  type NftCardVO,
  type NftDetail,
  type OfferVO,
  type SignedOfferFields,
  type Page,
  type TraitSetVO,
} from '@aiamarket/shared';
import { offersAbi, wrappedAiaAbi } from '@aiamarket/shared/abis';
import { attrCategories, attrValues, offers, traitSets, traitSetTokens } from '../../db/schema.js';
import { CHAIN_ID, send } from '../../../test/indexer/support.js';
import { ACTORS, lower, useWorld, type World } from '../../../test/support/market-world.js';
import { callApi } from '../../../test/support/api.js';
import { asText, now, offerFields, signOffer } from '../../../test/support/signed-orders.js';
import { offlineApp } from '../../../test/support/offline.js';
import { compileSolidity } from '../../../test/support/solidity.js';

type Who = 'alice' | 'bob' | 'carol' | 'dave';

let w: World;
let offersAddr: Address;
let wrapped: Address;
let stable: Address;
let hero: Address;
let items: Address;

useWorld((world) => {
  w = world;
  offersAddr = w.c.addr('Offers');
  wrapped = w.c.addr('WrappedAIA');
  stable = w.c.addr('StableCoin');
  hero = w.c.addr('GameItems721');
  items = w.c.addr('GameItems1155');
});

const post = <T>(url: string, payload: unknown) => callApi<T>(w.app, 'POST', url, payload);

type Terms = SignedOfferFields;

/** An item offer by `who` on hero 2 (alice's) for 10 USDT unless changed. */
function terms(who: Who, over: Partial<Terms> = {}): Terms {
  return offerFields({
    offerer: ACTORS[who].address,
    collection: hero,
    identifier: 2n,
    coin: stable,
    pricePerUnit: parseUnits('10', 6),
    ...over,
  });
}

const sign = (key: Hex, t: Terms) => signOffer(key, offersAddr, t, CHAIN_ID);

async function create(t: Terms, opts: { signature?: Hex; key?: Hex; traitValueId?: number } = {}) {
  const who = (Object.keys(ACTORS) as (keyof typeof ACTORS)[]).find(
    (k) => lower(ACTORS[k].address) === lower(t.offerer),
  );
  const signature = opts.signature ?? (await sign(opts.key ?? ACTORS[who!].privateKey, t));
  return post<OfferVO>('/offer/create', {
    offer: asText(t),
    signature,
    ...(opts.traitValueId !== undefined ? { traitValueId: opts.traitValueId } : {}),
  });
}

async function approve(who: Who, coin: Address, amount: bigint) {
  await send(w.c, who, {
    address: coin,
    abi: erc20Abi,
    functionName: 'approve',
    args: [offersAddr, amount],
  });
}

async function storedCount() {
  const [row] = await w.ctx.database.db.select({ n: count() }).from(offers);
  return row!.n;
}

async function valueId(contract: string, category: string, value: string) {
  const [row] = await w.ctx.database.db
    .select({ id: attrValues.id })
    .from(attrValues)
    .innerJoin(attrCategories, eq(attrCategories.id, attrValues.categoryId))
    .where(
      and(
        eq(attrCategories.contractAddr, contract),
        eq(attrCategories.name, category),
        eq(attrValues.value, value),
      ),
    );
  return row!.id;
}

const hashes = (p: Page<OfferVO>) => p.records.map((r) => r.orderHash);

describe('offer/create', () => {
  let first: OfferVO;

  beforeAll(async () => {
    await approve('bob', stable, parseUnits('1000', 6));
  });

  it('stores an item offer signed by the offerer and answers it with the offer fields', async () => {
    const t = terms('bob');
    const { status, body } = await create(t);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    first = body.data;
    expect(first).toMatchObject({
      offersAddr: lower(offersAddr),
      offerer: lower(ACTORS.bob.address),
      contractAddr: lower(hero),
      kind: OFFER_KIND.item,
      erc1155: false,
      tokenId: '2',
      trait: null,
      units: '1',
      filled: '0',
      remaining: '1',
      coin: 'USDT',
      moneyAddr: lower(stable),
      coinDecimals: 6,
      price: '10',
      priceWei: '10000000',
      priceRef: '10',
      status: OFFER_STATUS.active,
      collectionName: 'AIA Heroes',
      linkCollection: 'aia-heroes',
      name: 'Hero Blaze',
    });
    // The order hash is the contract's own (hashOffer) and the signed fields round-trip.
    const onChain = await w.c.publicClient.readContract({
      address: offersAddr,
      abi: [
        {
          type: 'function',
          name: 'hashOffer',
          stateMutability: 'view',
          inputs: [
            {
              name: 'offer',
              type: 'tuple',
              components: OFFER_TYPES.Offer.map((f) => ({ name: f.name, type: f.type })),
            },
          ],
          outputs: [{ type: 'bytes32' }],
        },
      ] as const,
      functionName: 'hashOffer',
      args: [t],
    });
    expect(first.orderHash).toBe(onChain);
    expect(first.signed).toMatchObject({
      ...asText(t),
      offerer: lower(t.offerer),
      collection: lower(t.collection),
      coin: lower(t.coin),
    });
    expect(first.signed.signature).toBe((await sign(ACTORS.bob.privateKey, t)).toLowerCase());
  });

  it('answers the stored offer again for the same signed offer, storing nothing more', async () => {
    const before = await storedCount();
    const again = await create({
      ...terms('bob'),
      ...Object.fromEntries(
        Object.entries(first.signed)
          .filter(([k]) => k !== 'signature')
          .map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : v]),
      ),
    } as Terms);
    expect(again.body.code).toBe(0);
    expect(again.body.data.orderHash).toBe(first.orderHash);
    expect(await storedCount()).toBe(before);
  });

  describe('refusals: each its own code and message key, nothing stored', () => {
    const cases: [
      string,
      keyof typeof ERRORS,
      () => Promise<Awaited<ReturnType<typeof create>>>,
    ][] = [
      [
        'a signature by another key',
        'offerSignatureInvalid',
        () => create(terms('bob'), { key: ACTORS.carol.privateKey }),
      ],
      [
        'a high-s copy of a valid signature',
        'offerSignatureInvalid',
        async () => {
          const t = terms('bob');
          const sig = await sign(ACTORS.bob.privateKey, t);
          const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
          const s = hexToBigInt(slice(sig, 32, 64));
          const v = Number(hexToBigInt(slice(sig, 64, 65)));
          const flipped = concat([
            slice(sig, 0, 32),
            numberToHex(n - s, { size: 32 }),
            numberToHex(v === 27 ? 28 : 27, { size: 1 }),
          ]);
          expect(size(flipped)).toBe(65);
          return create(t, { signature: flipped });
        },
      ],
      [
        'a counter that is not the current one',
        'offerCounterStale',
        () => create(terms('bob', { counter: 1n })),
      ],
      [
        'a coin the market does not allow',
        'offerCoinNotAllowed',
        () => create(terms('bob', { coin: items })),
      ],
      ['a price of 0', 'offerPriceInvalid', () => create(terms('bob', { pricePerUnit: 0n }))],
      ['2 units of an ERC721 item', 'offerUnitsInvalid', () => create(terms('bob', { units: 2n }))],
      [
        '0 units',
        'offerUnitsInvalid',
        () => create(terms('bob', { kind: OFFER_KIND.collection, identifier: 0n, units: 0n })),
      ],
      [
        'an end in the past',
        'offerTimeInvalid',
        () => create(terms('bob', { start: now() - 100n, end: now() - 1n })),
      ],
      [
        'a start after the end',
        'offerTimeInvalid',
        () => create(terms('bob', { start: now() + 200n, end: now() + 100n })),
      ],
      [
        'an end past the longest duration',
        'offerTimeInvalid',
        () =>
          create(terms('bob', { end: now() + BigInt(OFFER_LIMITS.maxDurationDays + 1) * 86_400n })),
      ],
      [
        'a contract the market does not follow',
        'offerCollectionUnknown',
        () => create(terms('bob', { collection: stable })),
      ],
      [
        'the ERC1155 flag on an ERC721 collection',
        'offerCollectionUnknown',
        () => create(terms('bob', { erc1155: true })),
      ],
      [
        'a token the index does not know',
        'offerTokenUnknown',
        () => create(terms('bob', { identifier: 99n })),
      ],
      [
        'a balance below units x price',
        'offerNotFunded',
        () => create(terms('bob', { pricePerUnit: parseUnits('100000', 6) })),
      ],
      ['no allowance to the Offers contract', 'offerNotFunded', () => create(terms('dave'))],
    ];
    for (const [what, name, run] of cases) {
      it(`refuses ${what} (${ERRORS[name].code})`, async () => {
        const before = await storedCount();
        const { status, body } = await run();
        expect(body.code, body.message).toBe(ERRORS[name].code);
        expect(status).toBe(ERRORS[name].status);
        expect(body.messageKey).toBe(ERRORS[name].key);
        expect(await storedCount()).toBe(before);
      });
    }

    it('refuses a bad shape with 10001 (address, integer past 256 bits, missing trait value)', async () => {
      const bad = [
        { offer: { ...asText(terms('bob')), offerer: '0x12' }, signature: '0x00' },
        {
          offer: { ...asText(terms('bob')), units: (maxUint256 + 1n).toString() },
          signature: '0x00',
        },
        { offer: asText(terms('bob', { kind: OFFER_KIND.trait })), signature: '0x00' },
      ];
      for (const payload of bad) {
        const { status, body } = await post('/offer/create', payload);
        expect(status).toBe(400);
        expect(body.code).toBe(ERRORS.badRequest.code);
      }
      // A token id that is no integer is a 400 too (its 256-bit check must not throw).
      for (const payload of [{}, { orderHash: `0x${'ab'.repeat(32)}`, tokenId: 'abc' }]) {
        const { status, body } = await post('/offer/proof', payload);
        expect(status).toBe(400);
        expect(body.code).toBe(ERRORS.badRequest.code);
      }
    });
  });

  it('reads the counter from the chain: after incrementCounter only the new counter passes', async () => {
    await send(w.c, 'alice', {
      address: offersAddr,
      abi: offersAbi,
      functionName: 'incrementCounter',
      args: [],
    });
    const old = await create(terms('alice', { identifier: 1n }));
    expect(old.body.code).toBe(ERRORS.offerCounterStale.code);
    // alice holds no USDT: with the current counter the next check (funds) is the one refusing.
    const current = await create(terms('alice', { identifier: 1n, counter: 1n }));
    expect(current.body.code).toBe(ERRORS.offerNotFunded.code);
  });

  it('refuses a trait set over the limit (10033) on offer/traitSet and offer/create', async () => {
    const db = w.ctx.database.db;
    const [category] = await db
      .insert(attrCategories)
      .values({ chainId: CHAIN_ID, contractAddr: lower(hero), name: 'Crowd' })
      .returning({ id: attrCategories.id });
    const [value] = await db
      .insert(attrValues)
      .values({ categoryId: category!.id, value: 'Everyone' })
      .returning({ id: attrValues.id });
    await db.execute(sql`
      insert into token_attributes (chain_id, contract_addr, token_id, value_id)
      select ${CHAIN_ID}, ${lower(hero)}, g, ${value!.id}
      from generate_series(1, ${OFFER_LIMITS.maxTraitTokens + 1}) as g`);
    const set = await post('/offer/traitSet', { contractAddr: hero, valueId: value!.id });
    expect(set.body.code).toBe(ERRORS.offerTraitSetTooLarge.code);
    expect(set.body.message).toContain(String(OFFER_LIMITS.maxTraitTokens));
    const before = await storedCount();
    const made = await create(terms('bob', { kind: OFFER_KIND.trait, identifier: 1n }), {
      traitValueId: value!.id,
    });
    expect(made.body.code).toBe(ERRORS.offerTraitSetTooLarge.code);
    expect(await storedCount()).toBe(before);
    await db.execute(sql`delete from token_attributes where value_id = ${value!.id}`);
  });

  it('accepts an EIP-1271 wallet offer signed by its owner key, refuses another key', async () => {
    const compiled = compileSolidity(WALLET_SOURCE).Wallet1271!;
    const carol = createWalletClient({
      account: privateKeyToAccount(ACTORS.carol.privateKey),
      chain: w.c.publicClient.chain!,
      transport: http(w.c.anvil.rpcUrl),
    });
    const hash = await carol.deployContract({
      abi: compiled.abi,
      bytecode: compiled.bytecode,
      args: [ACTORS.carol.address],
    } as Parameters<typeof carol.deployContract>[0]);
    const wallet = (await w.c.publicClient.waitForTransactionReceipt({ hash }))
      .contractAddress as Address;
    const price = parseUnits('3', 6);
    await send(w.c, 'carol', {
      address: stable,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [wallet, price],
    });
    const t = terms('carol', { offerer: wallet, pricePerUnit: price });
    // Funded after the approval only: the wallet's own call through its owner.
    const unapproved = await create(t, { key: ACTORS.carol.privateKey });
    expect(unapproved.body.code).toBe(ERRORS.offerNotFunded.code);
    await send(w.c, 'carol', {
      address: wallet,
      abi: compiled.abi,
      functionName: 'execute',
      args: [
        stable,
        encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [offersAddr, price] }),
      ],
    });
    const wrongKey = await create(t, { key: ACTORS.dave.privateKey });
    expect(wrongKey.body.code).toBe(ERRORS.offerSignatureInvalid.code);
    const made = await create(t, { key: ACTORS.carol.privateKey });
    expect(made.body.code, made.body.message).toBe(0);
    expect(made.body.data.offerer).toBe(lower(wallet));
  });

  it('answers 10020 (503) and stores nothing when the chain node is down', async () => {
    const offline = await offlineApp(w.ctx);
    try {
      const t = terms('bob');
      const before = await storedCount();
      const res = await offline.inject({
        method: 'POST',
        url: '/v1/api/offer/create',
        payload: { offer: asText(t), signature: await sign(ACTORS.bob.privateKey, t) },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: ERRORS.chainUnavailable.code, data: null });
      expect(await storedCount()).toBe(before);
    } finally {
      await offline.close();
    }
  });
});

describe('trait offers: offer/traitSet, offer/create, offer/proof', () => {
  let mage: number;
  let trait: OfferVO;

  it('answers the tokens of an attribute value and their Merkle root', async () => {
    mage = await valueId(lower(hero), 'Class', 'Mage');
    const { body } = await post<TraitSetVO>('/offer/traitSet', {
      contractAddr: hero,
      valueId: mage,
    });
    expect(body.code).toBe(0);
    expect(body.data).toEqual({
      valueId: mage,
      tokenIds: ['1', '3'],
      root: traitTree([1n, 3n]).root,
    });
    const potion = await valueId(lower(items), 'Kind', 'Potion');
    const other = await post('/offer/traitSet', { contractAddr: hero, valueId: potion });
    expect(other.body.code).toBe(ERRORS.offerTraitUnknown.code);
  });

  it('stores a trait offer whose root is the set the server rebuilds', async () => {
    const root = hexToBigInt(traitTree([1n, 3n]).root);
    const t = terms('bob', { kind: OFFER_KIND.trait, identifier: root, units: 2n });
    const { body } = await create(t, { traitValueId: mage });
    expect(body.code, body.message).toBe(0);
    trait = body.data;
    expect(trait).toMatchObject({
      kind: OFFER_KIND.trait,
      tokenId: null,
      units: '2',
      trait: { category: 'Class', value: 'Mage', valueId: mage, tokenCount: 2 },
      name: 'AIA Heroes',
    });
    // The offer names the set stored once for its collection and root.
    const stored = await w.ctx.database.db
      .select({ tokenId: traitSetTokens.tokenId, leaf: traitSetTokens.leaf })
      .from(traitSets)
      .innerJoin(traitSetTokens, eq(traitSetTokens.setId, traitSets.id))
      .where(and(eq(traitSets.contractAddr, lower(hero)), eq(traitSets.root, root.toString())))
      .orderBy(traitSetTokens.leaf);
    expect(stored).toEqual([
      { tokenId: '1', leaf: 0 },
      { tokenId: '3', leaf: 1 },
    ]);
  });

  it('refuses a root of another set (10032) and a value of another collection (10031)', async () => {
    const before = await storedCount();
    const stale = await create(
      terms('bob', { kind: OFFER_KIND.trait, identifier: hexToBigInt(traitTree([1n]).root) }),
      { traitValueId: mage },
    );
    expect(stale.body.code).toBe(ERRORS.offerTraitSetChanged.code);
    const potion = await valueId(lower(items), 'Kind', 'Potion');
    const foreign = await create(
      terms('bob', { kind: OFFER_KIND.trait, identifier: hexToBigInt(traitTree([1n, 3n]).root) }),
      { traitValueId: potion },
    );
    expect(foreign.body.code).toBe(ERRORS.offerTraitUnknown.code);
    expect(await storedCount()).toBe(before);
  });

  it('gives the proof of a token in the set, refuses one outside it', async () => {
    const { body } = await post<{ proof: Hex[] }>('/offer/proof', {
      orderHash: trait.orderHash,
      tokenId: '3',
    });
    expect(body.code).toBe(0);
    // Walk the proof up to the signed root, as the contract's MerkleProof does.
    let node = traitLeaf(3n);
    for (const sibling of body.data.proof) {
      const [a, b] = hexToBigInt(node) <= hexToBigInt(sibling) ? [node, sibling] : [sibling, node];
      node = keccak256(concat([a, b]));
    }
    expect(hexToBigInt(node).toString()).toBe(trait.signed.identifier);
    const outside = await post('/offer/proof', { orderHash: trait.orderHash, tokenId: '2' });
    expect(outside.body.code).toBe(ERRORS.offerTokenNotInSet.code);
    const unknown = await post('/offer/proof', { orderHash: `0x${'ab'.repeat(32)}`, tokenId: '2' });
    expect(unknown.body.code).toBe(ERRORS.notFound.code);
  });
});

describe('lists, status at read time and best offers', () => {
  let item: OfferVO;
  let collectionLow: OfferVO;
  let collectionHigh: OfferVO;
  let potionOffer: OfferVO;

  beforeAll(async () => {
    // dave: AIA wrapped 1:1 (its rate is AIA's), approved once for everything below.
    await send(w.c, 'dave', {
      address: wrapped,
      abi: wrappedAiaAbi,
      functionName: 'deposit',
      args: [],
      value: parseEther('10'),
    });
    await approve('dave', wrapped, parseEther('10'));
    await approve('carol', stable, parseUnits('500', 6));
    const made = async (t: Terms) => {
      const { body } = await create(t);
      expect(body.code, body.message).toBe(0);
      return body.data;
    };
    item = await made(
      terms('dave', { coin: wrapped, identifier: 1n, pricePerUnit: parseEther('0.5') }),
    );
    collectionLow = await made(
      terms('dave', {
        coin: wrapped,
        kind: OFFER_KIND.collection,
        identifier: 0n,
        units: 2n,
        pricePerUnit: parseEther('0.2'),
      }),
    );
    collectionHigh = await made(
      terms('carol', {
        kind: OFFER_KIND.collection,
        identifier: 0n,
        units: 3n,
        pricePerUnit: parseUnits('1', 6),
      }),
    );
    potionOffer = await made(
      terms('carol', {
        collection: items,
        erc1155: true,
        identifier: 1n,
        units: 4n,
        pricePerUnit: parseUnits('2', 6),
      }),
    );
  });

  it('itemList: item, collection and trait offers the token can accept, best first', async () => {
    const list = await post<Page<OfferVO>>('/offer/itemList', { contractAddr: hero, tokenId: '1' });
    expect(list.body.code).toBe(0);
    // 10 USDT trait (bob) > 1 USDT collection (carol) > 0.5 WAIA item > 0.2 WAIA collection.
    const trait = list.body.data.records[0]!;
    expect(trait.kind).toBe(OFFER_KIND.trait);
    expect(hashes(list.body.data).slice(1)).toEqual([
      collectionHigh.orderHash,
      item.orderHash,
      collectionLow.orderHash,
    ]);
    expect(item).toMatchObject({ coin: 'WAIA', priceRef: '0.5', name: 'Hero Aurora' });
    expect(list.body.data.total).toBe(4);
    // Hero 2 (Warrior): bob's and the wallet's item offers and the collection offers, not the
    // Mage trait offer.
    const two = await post<Page<OfferVO>>('/offer/itemList', { contractAddr: hero, tokenId: '2' });
    expect(two.body.data.records.map((r) => [r.kind, r.price])).toEqual([
      [OFFER_KIND.item, '10'],
      [OFFER_KIND.item, '3'],
      [OFFER_KIND.collection, '1'],
      [OFFER_KIND.collection, '0.2'],
    ]);
    expect(two.body.data.records.map((r) => r.kind)).toEqual([
      OFFER_KIND.item,
      OFFER_KIND.item,
      OFFER_KIND.collection,
      OFFER_KIND.collection,
    ]);
  });

  it('collectionList: every active offer of the collection, or one kind', async () => {
    const all = await post<Page<OfferVO>>('/offer/collectionList', { contractAddr: hero });
    expect(all.body.data.total).toBe(6);
    const kind = await post<Page<OfferVO>>('/offer/collectionList', {
      contractAddr: hero,
      kind: OFFER_KIND.collection,
    });
    expect(hashes(kind.body.data)).toEqual([collectionHigh.orderHash, collectionLow.orderHash]);
  });

  it('received: offers of others that held tokens can accept; none of the holder’s own', async () => {
    // carol holds hero 1 (trait, dave's item and collection offers) and items 1 and 2.
    const carol = await post<Page<OfferVO>>('/offer/received', { address: ACTORS.carol.address });
    expect(hashes(carol.body.data)).not.toContain(collectionHigh.orderHash);
    expect(hashes(carol.body.data)).not.toContain(potionOffer.orderHash);
    // Best first: bob's Mage trait offer (hero 1 is a Mage), dave's item and collection offers.
    expect(carol.body.data.records.map((r) => r.kind)).toEqual([
      OFFER_KIND.trait,
      OFFER_KIND.item,
      OFFER_KIND.collection,
    ]);
    expect(hashes(carol.body.data).slice(1)).toEqual([item.orderHash, collectionLow.orderHash]);
    expect(carol.body.data.total).toBe(3);
    // bob holds item 1 of the ERC1155: carol's potion offer.
    const bob = await post<Page<OfferVO>>('/offer/received', { address: ACTORS.bob.address });
    expect(hashes(bob.body.data)).toEqual([potionOffer.orderHash]);
  });

  it('status at read time: filled, cancelled, unfunded, expired, not started; lists drop them', async () => {
    const db = w.ctx.database.db;
    const set = (hash: string, values: Partial<typeof offers.$inferInsert>) =>
      db.update(offers).set(values).where(eq(offers.orderHash, hash));
    const statusOf = async (hash: string) => {
      const made = await post<Page<OfferVO>>('/offer/made', {
        address: ACTORS.dave.address,
        size: 100,
      });
      return made.body.data.records.find((r) => r.orderHash === hash)?.status;
    };
    const inList = async (hash: string) =>
      hashes(
        (await post<Page<OfferVO>>('/offer/collectionList', { contractAddr: hero, size: 100 })).body
          .data,
      ).includes(hash);

    const steps: [Partial<typeof offers.$inferInsert>, number][] = [
      [{ funded: false }, OFFER_STATUS.unfunded],
      [{ endTime: new Date(Date.now() - 1000) }, OFFER_STATUS.expired],
      [{ startTime: new Date(Date.now() + 3_600_000) }, OFFER_STATUS.notStarted],
      [{ cancelled: true, endTime: new Date(Date.now() - 1000) }, OFFER_STATUS.cancelled],
      [{ filled: '1' }, OFFER_STATUS.filled],
    ];
    const original = { funded: true, cancelled: false, filled: '0' };
    for (const [change, expected] of steps) {
      const row = await db.select().from(offers).where(eq(offers.orderHash, item.orderHash));
      await set(item.orderHash, change);
      expect(await statusOf(item.orderHash)).toBe(expected);
      expect(await inList(item.orderHash)).toBe(false);
      await set(item.orderHash, {
        ...original,
        startTime: row[0]!.startTime,
        endTime: row[0]!.endTime,
      });
      expect(await statusOf(item.orderHash)).toBe(OFFER_STATUS.active);
      expect(await inList(item.orderHash)).toBe(true);
    }
    // A partly filled offer stays active with what is left.
    await set(collectionLow.orderHash, { filled: '1' });
    const made = await post<Page<OfferVO>>('/offer/made', {
      address: ACTORS.dave.address,
      active: true,
    });
    expect(
      made.body.data.records.find((r) => r.orderHash === collectionLow.orderHash),
    ).toMatchObject({ filled: '1', remaining: '1', status: OFFER_STATUS.active });
    await set(collectionLow.orderHash, { filled: '0' });
  });

  it('made: newest first with every status; active keeps status 0', async () => {
    await w.ctx.database.db
      .update(offers)
      .set({ funded: false })
      .where(eq(offers.orderHash, collectionLow.orderHash));
    const all = await post<Page<OfferVO>>('/offer/made', { address: ACTORS.dave.address });
    expect(hashes(all.body.data)).toEqual([collectionLow.orderHash, item.orderHash]);
    expect(all.body.data.records.map((r) => r.status)).toEqual([
      OFFER_STATUS.unfunded,
      OFFER_STATUS.active,
    ]);
    const active = await post<Page<OfferVO>>('/offer/made', {
      address: ACTORS.dave.address,
      active: true,
    });
    expect(hashes(active.body.data)).toEqual([item.orderHash]);
    await w.ctx.database.db
      .update(offers)
      .set({ funded: true })
      .where(eq(offers.orderHash, collectionLow.orderHash));
  });

  it('best offers: item detail, cards and the collection detail', async () => {
    const detail = await post<NftDetail>('/nftMeta/getDetail', {
      contractAddr: hero,
      tokenId: '3',
    });
    // Hero 3 is a Mage: bob's 10 USDT trait offer is its best.
    expect(detail.body.data.bestOffer).toMatchObject({
      kind: OFFER_KIND.trait,
      price: '10',
      priceRef: '10',
      coin: 'USDT',
      moneyAddr: lower(stable),
    });
    const cards = await post<Page<NftCardVO>>('/nft/findPageByCollectionId', {
      collectionId: w.profileId[lower(hero)],
      sort: 3,
    });
    const best = Object.fromEntries(
      cards.body.data.records.map((c) => [c.tokenId, c.bestOffer?.orderHash ?? null]),
    );
    const itemTwo = (
      await post<Page<OfferVO>>('/offer/itemList', { contractAddr: hero, tokenId: '2' })
    ).body.data.records[0]!;
    expect(best['2']).toBe(itemTwo.orderHash);
    expect(best['1']).toBe(
      (await post<Page<OfferVO>>('/offer/itemList', { contractAddr: hero, tokenId: '1' })).body.data
        .records[0]!.orderHash,
    );
    const collection = await w.app.inject({
      method: 'GET',
      url: '/v1/api/collections/link?linkCollection=aia-heroes',
    });
    const vo = collection.json() as { data: CollectionDetailVO };
    expect(vo.data.bestCollectionOffer).toEqual({
      orderHash: collectionHigh.orderHash,
      price: '1',
      priceRef: '1',
      coin: 'USDT',
      moneyAddr: lower(stable),
      kind: OFFER_KIND.collection,
    });
    const items1155 = await w.app.inject({
      method: 'GET',
      url: '/v1/api/collections/link?linkCollection=aia-game-items',
    });
    expect((items1155.json() as { data: CollectionDetailVO }).data.bestCollectionOffer).toBeNull();
  });
});

const WALLET_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Wallet1271 {
  address public immutable owner;
  constructor(address owner_) { owner = owner_; }
  function isValidSignature(bytes32 hash, bytes calldata sig) external view returns (bytes4) {
    if (sig.length != 65) return 0xffffffff;
    bytes32 r = bytes32(sig[0:32]);
    bytes32 s = bytes32(sig[32:64]);
    uint8 v = uint8(sig[64]);
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
  function execute(address target, bytes calldata data) external {
    require(msg.sender == owner, "owner only");
    (bool ok, ) = target.call(data);
    require(ok, "call failed");
  }
}`;
