// The indexer and signed offers on a real anvil: offers signed with the demo accounts' keys
// (shared offerDomain / OFFER_TYPES), stored as the API stores them, then followed: an
// acceptance counted as a trade (activity, stats, hourly volume, royalty row), funding that
// follows the offerer's coin (transfer away and back, allowance revoke, withdrawal, a coin first
// used after the indexer started, an offer stored after its funds left, no judgement by an old
// funds row), a counter bump and a cancel by hash, reorgs that remove an acceptance and a
// funding change (the database then equals a fresh index, offers included), and the batched
// funds reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  createPublicClient,
  hexToBigInt,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import { OFFER_KIND, type OfferKind } from '@aiamarket/shared';
import {
  gameItems1155Abi,
  gameItems721Abi,
  marketplaceAbi,
  offersAbi,
  stableCoinAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';
import { freshDatabase } from '../support/database.js';
import type { AppDb } from '../../src/db/database.js';
import {
  activities,
  collectionStats,
  collectionVolumeHours,
  marketEvents,
  royaltyPayments,
} from '../../src/db/schema-chain.js';
import { coinRates } from '../../src/db/schema-coins.js';
import { offerFunds, offers } from '../../src/db/schema-offers.js';
import { setCoinRate } from '../../src/indexer/sources/coins/rates.js';
import { readFunds, writeOffers } from '../../src/indexer/sources/offers/offers.js';
import { rowsOf } from '../../src/indexer/sync/store.js';
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
  storeSigned,
  type Chain,
  type Stored,
} from './support.js';

type Who = keyof typeof ACTORS;

async function accept(c: Chain, who: Who, s: Stored, tokenId: bigint, units: bigint) {
  return send(c, who, {
    address: c.addr('Offers'),
    abi: offersAbi,
    functionName: 'acceptOffer',
    args: [s.offer, s.signature, tokenId, units, []],
  });
}

const wrapped = (c: Chain) => ({ address: c.addr('WrappedAIA'), abi: wrappedAiaAbi });

async function offerRow(db: AppDb, s: Stored) {
  const [row] = await db
    .select()
    .from(offers)
    .where(eq(offers.orderHash, lower(s.hash)));
  return row!;
}

/**
 * The offers as a fresh index must leave them (offer_events are in dumpChainTables). state_block
 * and the funds' read blocks are left out: they say when the indexer looked, which differs
 * between following the chain and indexing it at once.
 */
async function dumpOfferTables(db: AppDb) {
  const rows = await db.select().from(offers).orderBy(asc(offers.orderHash));
  return {
    offers: rows.map(({ stateBlock: _b, createdAt: _c, ...rest }) => rest),
    // Funds of the pairs with an open offer (those the state depends on).
    funds: rowsOf<{ coin: string; owner: string; balance: string; allowance: string }>(
      await db.execute(sql`
        select f.coin, f.owner, f.balance::text, f.allowance::text from offer_funds f
        where exists (select 1 from offers o where o.coin = f.coin and o.offerer = f.owner
                      and not o.cancelled and o.filled < o.units)
        order by f.coin, f.owner`),
    ),
  };
}

describe('indexer: offers', () => {
  let c: Chain;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let scratch: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let db: AppDb;
  let indexer: ReturnType<typeof newIndexer>;
  let g721: Address;
  let g1155: Address;
  let waia: Address;
  let stable: Address;

  /** A fresh index of the canonical chain, with the same stored offers (state columns reset). */
  async function fromScratch() {
    scratch ??= await freshDatabase();
    const sdb = scratch.database.db;
    const stored = await db.select().from(offers);
    await indexFromScratch(c, db, sdb, ['offers', 'trait_set_tokens', 'trait_sets'], () =>
      sdb.insert(offers).values(
        stored.map((r) => ({
          ...r,
          filled: '0',
          cancelled: false,
          funded: true,
          stateBlock: null,
        })),
      ),
    );
    return { chain: await dumpChainTables(sdb), offers: await dumpOfferTables(sdb) };
  }
  const current = async () => ({
    chain: await dumpChainTables(db),
    offers: await dumpOfferTables(db),
  });

  /** A signed offer of `who` on the heroes in wrapped AIA (any hero, one unit unless told). */
  const storeHeroOffer = (
    who: Who,
    fields: {
      kind: OfferKind;
      identifier?: bigint;
      units?: bigint;
      pricePerUnit: bigint;
      counter: bigint;
    },
  ) =>
    storeSigned(c, db, who, {
      collection: g721,
      erc1155: false,
      identifier: 0n,
      units: 1n,
      coin: waia,
      ...fields,
    });

  /** A transaction of `who` on the wrapped AIA contract. */
  const onWrapped = (
    who: Who,
    call: { functionName: string; args?: readonly unknown[]; value?: bigint },
  ) => send(c, who, { ...wrapped(c), ...call });

  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    db = fresh.database.db;
    indexer = newIndexer(db, c.publicClient, c.deployment);
    g721 = c.addr('GameItems721');
    g1155 = c.addr('GameItems1155');
    waia = c.addr('WrappedAIA');
    stable = c.addr('StableCoin');
    await scenarioSteps(c).mint();
    // A 5 % market royalty on the heroes (paid by acceptances as by sales).
    await send(c, 'owner', {
      address: c.addr('Marketplace'),
      abi: marketplaceAbi,
      functionName: 'setRoyaltyRate',
      args: [g721, ACTORS.owner.address, 500n],
    });
    // carol wraps 5 AIA and lets the Offers contract pull it; alice and bob approve their NFTs.
    await onWrapped('carol', { functionName: 'deposit', value: parseEther('5') });
    await onWrapped('carol', { functionName: 'approve', args: [c.addr('Offers'), maxUint256] });
    await send(c, 'alice', {
      address: g721,
      abi: gameItems721Abi,
      functionName: 'setApprovalForAll',
      args: [c.addr('Offers'), true],
    });
    await send(c, 'bob', {
      address: g1155,
      abi: gameItems1155Abi,
      functionName: 'setApprovalForAll',
      args: [c.addr('Offers'), true],
    });
    await indexer.catchUp();
  });
  afterAll(async () => {
    await fresh?.drop();
    await scratch?.drop();
    await c?.stop();
  });

  it('counts an acceptance as a trade: activity, stats, hourly volume, royalty row', async () => {
    const item = await storeHeroOffer('carol', {
      kind: OFFER_KIND.item,
      identifier: 2n,
      pricePerUnit: parseEther('1'),
      counter: 0n,
    });
    await indexer.catchUp();
    expect(await offerRow(db, item)).toMatchObject({ filled: '0', cancelled: false, funded: true });
    expect((await offerRow(db, item)).stateBlock).not.toBeNull();

    const receipt = await accept(c, 'alice', item, 2n, 1n);
    await indexer.catchUp();
    expect(await offerRow(db, item)).toMatchObject({ filled: '1', cancelled: false, funded: true });

    const tx = lower(receipt.transactionHash);
    const acts = await db.select().from(activities).where(eq(activities.txHash, tx));
    // One trade (the NFT's own Transfer gets no activity: the trade stands for it).
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({
      method: 2,
      contractAddr: lower(g721),
      tokenId: '2',
      price: parseEther('1').toString(),
      coin: lower(waia),
      amount: '1',
      fromAddr: lower(ACTORS.alice.address),
      toAddr: lower(ACTORS.carol.address),
      orderId: null,
    });
    const [sale] = await db.select().from(marketEvents).where(eq(marketEvents.txHash, tx));
    expect(sale).toMatchObject({ kind: 'sold', marketAddr: lower(c.addr('Offers')), itemId: null });
    const [royalty] = await db.select().from(royaltyPayments).where(eq(royaltyPayments.txHash, tx));
    expect(royalty).toMatchObject({
      receiver: lower(ACTORS.owner.address),
      coin: lower(waia),
      royalty: parseEther('0.05').toString(),
      totalTrans: parseEther('1').toString(),
      orderId: hexToBigInt(item.hash).toString(),
    });
    const [stats] = await db
      .select()
      .from(collectionStats)
      .where(eq(collectionStats.contractAddr, lower(g721)));
    expect(stats!.totalTrades).toBe(1);
    expect(Object.keys(stats!.coinVolumes as object)).toEqual([lower(waia)]);
    expect(Number((stats!.coinVolumes as Record<string, string>)[lower(waia)])).toBe(1);
    const hours = await db
      .select()
      .from(collectionVolumeHours)
      .where(eq(collectionVolumeHours.contractAddr, lower(g721)));
    expect(hours.map((h) => h.trades)).toEqual([1]);

    // The wrapped AIA is AIA one to one without any operator rate (pegged from the start when
    // the indexer starts), so the sale is in the reference volume at once.
    const pegs = await db
      .select()
      .from(coinRates)
      .where(eq(coinRates.coin, lower(waia)));
    expect(pegs.map((r) => [Number(r.rate), r.source, r.effectiveAt.getTime()])).toEqual([
      [1, 'peg', 0],
    ]);
    expect(Number(sale!.refRate)).toBe(1);
    expect(Number(stats!.totalTransaction)).toBe(1);

    // An operator rate for the wrapped AIA takes over from its time; offers are re-priced.
    await setCoinRate(db, CHAIN_ID, { coin: waia, rate: '1', symbol: 'WAIA', decimals: 18 });
    expect((await offerRow(db, item)).priceRef).toBe('1.000000000000000000');
  });

  it("checks an offer stored after the offerer's funds left, without waiting for a block", async () => {
    // The API read bob's funds, then they left before the offer was stored (bob holds no WAIA):
    // the indexer, idle on a quiet chain, reads them at its cursor and hides the offer.
    const cursor = async () => (await dumpChainTables(db)).cursor[0]!.n;
    const late = await storeHeroOffer('bob', {
      kind: OFFER_KIND.collection,
      pricePerUnit: parseEther('1'),
      counter: 0n,
    });
    const head = Number(await c.publicClient.getBlockNumber());
    await indexer.catchUp();
    expect(Number(await c.publicClient.getBlockNumber())).toBe(head);
    expect(await offerRow(db, late)).toMatchObject({ funded: false, stateBlock: await cursor() });
    // bob wraps 1 AIA: shown.
    await onWrapped('bob', { functionName: 'deposit', value: parseEther('1') });
    await onWrapped('bob', { functionName: 'approve', args: [c.addr('Offers'), maxUint256] });
    await indexer.catchUp();
    expect((await offerRow(db, late)).funded).toBe(true);
    await onWrapped('bob', { functionName: 'withdraw', args: [parseEther('1')] });
  });

  it('follows funding: transfer away and back, allowance revoke, withdrawal', async () => {
    // A collection offer for 2 heroes at 1 WAIA: carol holds 4 WAIA, enough.
    const col = await storeHeroOffer('carol', {
      kind: OFFER_KIND.collection,
      units: 2n,
      pricePerUnit: parseEther('1'),
      counter: 0n,
    });
    await indexer.catchUp();
    expect((await offerRow(db, col)).funded).toBe(true);
    const funded = async () => (await offerRow(db, col)).funded;

    // carol sends 3 WAIA to bob: 1 left < 2 -> hidden; back -> shown.
    await onWrapped('carol', {
      functionName: 'transfer',
      args: [ACTORS.bob.address, parseEther('3')],
    });
    await indexer.catchUp();
    expect(await funded()).toBe(false);
    await onWrapped('bob', {
      functionName: 'transfer',
      args: [ACTORS.carol.address, parseEther('3')],
    });
    await indexer.catchUp();
    expect(await funded()).toBe(true);

    // Allowance revoked, then given again.
    await onWrapped('carol', { functionName: 'approve', args: [c.addr('Offers'), 0n] });
    await indexer.catchUp();
    expect(await funded()).toBe(false);
    await onWrapped('carol', {
      functionName: 'approve',
      args: [c.addr('Offers'), parseEther('2')],
    });
    await indexer.catchUp();
    expect(await funded()).toBe(true);

    // Unwrapping 3 AIA (Withdrawal) leaves 1 WAIA; wrapping again (Deposit) funds it.
    await onWrapped('carol', { functionName: 'withdraw', args: [parseEther('3')] });
    await indexer.catchUp();
    expect(await funded()).toBe(false);
    await onWrapped('carol', { functionName: 'deposit', value: parseEther('3') });
    await indexer.catchUp();
    expect(await funded()).toBe(true);

    // Away and back within one range: funded at the range's end, as the chain says.
    await onWrapped('carol', {
      functionName: 'transfer',
      args: [ACTORS.bob.address, parseEther('3')],
    });
    await onWrapped('bob', {
      functionName: 'transfer',
      args: [ACTORS.carol.address, parseEther('3')],
    });
    await indexer.catchUp();
    expect(await funded()).toBe(true);
    const [funds] = await db
      .select()
      .from(offerFunds)
      .where(eq(offerFunds.owner, lower(ACTORS.carol.address)));
    expect(funds).toMatchObject({ balance: parseEther('4').toString() });
  });

  it('follows a coin first used after the indexer started, and a cancel by hash', async () => {
    // dave's first offer in the stable coin (6 decimals): 3 of item 1 at 2 USD.
    await send(c, 'dave', {
      address: stable,
      abi: stableCoinAbi,
      functionName: 'approve',
      args: [c.addr('Offers'), maxUint256],
    });
    await indexer.catchUp();
    const item = await storeSigned(c, db, 'dave', {
      collection: g1155,
      kind: OFFER_KIND.item,
      erc1155: true,
      identifier: 1n,
      units: 3n,
      coin: stable,
      pricePerUnit: parseUnits('2', 6),
      counter: 0n,
    });
    await indexer.catchUp();
    expect(await offerRow(db, item)).toMatchObject({ funded: true });
    // bob sells 1 of the 3; dave then sends his USD away: 4 USD left for 2 remaining is enough,
    // 3 USD is not.
    await accept(c, 'bob', item, 1n, 1n);
    const balance = await c.publicClient.readContract({
      address: stable,
      abi: stableCoinAbi,
      functionName: 'balanceOf',
      args: [ACTORS.dave.address],
    });
    await send(c, 'dave', {
      address: stable,
      abi: stableCoinAbi,
      functionName: 'transfer',
      args: [ACTORS.alice.address, balance - parseUnits('3', 6)],
    });
    await indexer.catchUp();
    expect(await offerRow(db, item)).toMatchObject({ filled: '1', funded: false });
    await send(c, 'dave', {
      address: c.addr('Offers'),
      abi: offersAbi,
      functionName: 'cancelOffers',
      args: [[item.hash]],
    });
    await indexer.catchUp();
    // Cancelled: closed, so funding no longer matters.
    expect(await offerRow(db, item)).toMatchObject({ filled: '1', cancelled: true, funded: true });
  });

  it('cancels every older offer of an offerer whose counter goes up', async () => {
    const a = await storeHeroOffer('carol', {
      kind: OFFER_KIND.item,
      identifier: 4n,
      pricePerUnit: parseEther('0.5'),
      counter: 0n,
    });
    await indexer.catchUp();
    expect((await offerRow(db, a)).cancelled).toBe(false);
    await send(c, 'carol', {
      address: c.addr('Offers'),
      abi: offersAbi,
      functionName: 'incrementCounter',
    });
    await indexer.catchUp();
    const carols = await db
      .select()
      .from(offers)
      .where(eq(offers.offerer, lower(ACTORS.carol.address)));
    // The accepted item offer stays filled (status 1 first); every other one is cancelled.
    expect(carols.map((o) => [o.filled === o.units, o.cancelled]).sort()).toEqual(
      [
        [false, true],
        [false, true],
        [true, true],
      ].sort(),
    );
    // A new offer with the new counter is not.
    const b = await storeHeroOffer('carol', {
      kind: OFFER_KIND.item,
      identifier: 4n,
      pricePerUnit: parseEther('0.5'),
      counter: 1n,
    });
    await indexer.catchUp();
    expect(await offerRow(db, b)).toMatchObject({ cancelled: false, funded: true });
  });

  it('rolls back an acceptance and a funding change (equal to a fresh index)', async () => {
    await onWrapped('carol', { functionName: 'approve', args: [c.addr('Offers'), maxUint256] });
    const carol = lower(ACTORS.carol.address);
    for (const [hero, depth] of [
      [3n, 1],
      [4n, 2],
      [5n, 2],
    ] as const) {
      // carol wraps 1 AIA and offers 0.5 WAIA for the hero (alice's).
      await onWrapped('carol', { functionName: 'deposit', value: parseEther('1') });
      const offer = await storeHeroOffer('carol', {
        kind: OFFER_KIND.item,
        identifier: hero,
        pricePerUnit: parseEther('0.5'),
        counter: 1n,
      });
      await indexer.catchUp();
      // Two blocks: alice accepts, then carol sends all her WAIA to dave.
      await accept(c, 'alice', offer, hero, 1n);
      const all = await c.publicClient.readContract({
        ...wrapped(c),
        functionName: 'balanceOf',
        args: [ACTORS.carol.address],
      });
      await onWrapped('carol', { functionName: 'transfer', args: [ACTORS.dave.address, all] });
      await indexer.catchUp();
      const before = await current();
      expect(await offerRow(db, offer)).toMatchObject({ filled: '1' });
      // Every open offer of carol is unfunded now (she holds no WAIA).
      expect(
        before.offers.offers.filter(
          (o) => o.offerer === carol && !o.cancelled && o.filled < o.units && o.funded,
        ),
      ).toEqual([]);

      // The last `depth` blocks replaced by empty ones.
      await c.testClient.request({ method: 'anvil_reorg', params: [depth, []] } as never);
      await indexer.catchUp();
      const after = await current();
      expect(after).toEqual(await fromScratch());
      // The transfer away is gone: carol's open offers are funded again.
      expect(
        after.offers.offers.filter(
          (o) => o.offerer === carol && !o.cancelled && o.filled < o.units && !o.funded,
        ),
      ).toEqual([]);
      if (depth === 2) {
        // The acceptance is gone too: no trade, no royalty row, not filled.
        expect(await offerRow(db, offer)).toMatchObject({ filled: '0', funded: true });
        expect(after.chain.activities.length).toBeLessThan(before.chain.activities.length);
        expect(after.chain.royaltyPayments.length).toBe(before.chain.royaltyPayments.length - 1);
        expect(
          after.chain.collectionStats.find((x) => x.contractAddr === lower(g721))!.totalTrades,
        ).toBe(
          before.chain.collectionStats.find((x) => x.contractAddr === lower(g721))!.totalTrades - 1,
        );
      } else {
        expect(await offerRow(db, offer)).toMatchObject({ filled: '1' });
      }
    }
  });

  it('rolls back an offer going unfunded (funded again after the fork)', async () => {
    const open = await storeHeroOffer('carol', {
      kind: OFFER_KIND.collection,
      pricePerUnit: parseEther('1'),
      counter: 1n,
    });
    await indexer.catchUp();
    expect((await offerRow(db, open)).funded).toBe(true);
    const all = await c.publicClient.readContract({
      ...wrapped(c),
      functionName: 'balanceOf',
      args: [ACTORS.carol.address],
    });
    await onWrapped('carol', { functionName: 'transfer', args: [ACTORS.dave.address, all] });
    await indexer.catchUp();
    expect((await offerRow(db, open)).funded).toBe(false);
    await c.testClient.request({ method: 'anvil_reorg', params: [1, []] } as never);
    await indexer.catchUp();
    expect((await offerRow(db, open)).funded).toBe(true);
    expect(await current()).toEqual(await fromScratch());
  });

  it('leaves an offer unchecked by a range that did not read its pair (no stale funded flag)', async () => {
    // carol's funds row as a long-ago read (0 WAIA), then a new offer of hers stored while a
    // range that did not read her pair commits: that range must not judge it by the old row.
    const carol = lower(ACTORS.carol.address);
    await db
      .update(offerFunds)
      .set({ balance: '0', blockNumber: 1 })
      .where(and(eq(offerFunds.owner, carol), eq(offerFunds.coin, lower(waia))));
    const late = await storeHeroOffer('carol', {
      kind: OFFER_KIND.collection,
      pricePerUnit: 1n,
      counter: 1n,
    });
    const block = Number(await c.publicClient.getBlockNumber());
    await db.transaction((tx) => writeOffers(tx, CHAIN_ID, [], undefined, block));
    expect(await offerRow(db, late)).toMatchObject({ funded: true, stateBlock: null });
    // The next look reads her funds (she holds WAIA and approved the Offers contract).
    await indexer.catchUp();
    expect(await offerRow(db, late)).toMatchObject({ funded: true, stateBlock: block });
    const [row] = await db
      .select()
      .from(offerFunds)
      .where(and(eq(offerFunds.owner, carol), eq(offerFunds.coin, lower(waia))));
    expect(BigInt(row!.balance)).toBeGreaterThan(0n);
  });

  it('reads funds in batches: a coin without code counts as 0; an unreachable node fails', async () => {
    const carol = lower(ACTORS.carol.address);
    const block = Number(await c.publicClient.getBlockNumber());
    const pairs = [
      { coin: lower(waia), owner: carol },
      { coin: lower(ACTORS.dave.address), owner: carol }, // an account, not a contract
    ];
    const reads = await readFunds(c.publicClient, lower(c.addr('Offers')), pairs, block);
    expect(BigInt(reads[0]!.balance)).toBeGreaterThan(0n);
    expect(reads[1]).toEqual({ ...pairs[1], balance: '0', allowance: '0' });
    // A node that cannot answer is not "no funds": the step fails and is retried.
    const dead = createPublicClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) });
    await expect(
      readFunds(dead as PublicClient, lower(c.addr('Offers')), pairs, block),
    ).rejects.toThrow();
  });
});
