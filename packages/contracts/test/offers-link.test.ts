// The offers contract's copy of the market's settings (to save gas: one storage read
// per coin and per collection instead of calls through the market's proxy) and the market
// upgrade that links them: a proxy running the implementation deployed before the link is
// upgraded to the current one (listings stay buyable, settings intact), then linked; every
// later change of a setting reaches the copy in the same transaction; a royalty set before the
// link is read at the collection's first acceptance; only coins the market allows are listed for
// re-copying; an offer whose calldata carries bits its types forbid is refused.
import { OFFER_KIND, OFFER_TYPES } from '@aiamarket/shared';
import type { SignedOfferFields } from '@aiamarket/shared';
import {
  listingsAbi,
  listingsBytecode,
  marketplaceProxyAbi,
  marketplaceProxyBytecode,
  offersAbi,
  offersBytecode,
} from '@aiamarket/shared/abis';
import { encodeFunctionData, zeroAddress } from 'viem';
import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { marketplaceLegacyAbi, marketplaceLegacyBytecode } from '../out/testing-abis.js';
import { priceHash } from '../ts/index.js';
import { alice, bob, carol, feeAccount, m, owner, royaltyAccount, useFixture } from './fixture.js';
import { tokenCall } from './token-calls.js';
import { signEncodedStruct, structWords } from './helpers.js';
import type { Fixture, MarketItem } from './fixture.js';
import {
  OFFERS_ABIS,
  acceptCall,
  approveOffers,
  offersAddresses,
  offersCall,
  signOffer,
} from './offers-helpers.js';

let offers: Address;
let tokens: bigint[] = [];

const f = useFixture(
  [...OFFERS_ABIS, marketplaceLegacyAbi],
  async () => {
    ({ offers } = offersAddresses(f));
    await approveOffers(f, [alice, bob, carol]);
    tokens = await f.mint721(bob, 4);
  },
  { timeout: 120_000 },
);

interface CoinTerms {
  feeAddress: Address;
  feeNumerator: number;
  feeDenominator: number;
  allowed: boolean;
  paused: boolean;
  synced: boolean;
  listed: boolean;
}
interface RoyaltyTerms {
  receiver: Address;
  rate: number;
  set: boolean;
  synced: boolean;
}
const coinTerms = (at: Address, coin: Address) =>
  f.read<CoinTerms>(offersCall(at, 'coinTerms', [coin]));
const royaltyTerms = (at: Address, collection: Address) =>
  f.read<RoyaltyTerms>(offersCall(at, 'royaltyTerms', [collection]));

function offerOf(extra: Partial<SignedOfferFields> = {}): SignedOfferFields {
  return {
    offerer: alice.address,
    collection: f.c.game721,
    kind: OFFER_KIND.collection,
    erc1155: false,
    identifier: 0n,
    units: 4n,
    coin: f.c.usdt,
    pricePerUnit: 10_000_000n,
    start: 0n,
    end: 2n ** 40n,
    salt: 7n,
    counter: 0n,
    ...extra,
  };
}
const usdt = (a: Address) => f.balance(f.c.usdt, a);

describe('Offers: the copy of the market settings', () => {
  it('a fresh deployment is linked and holds both ERC-20 coins', async () => {
    expect(await f.read(f.mk.call('offers'))).toBe(offers);
    const terms = await coinTerms(offers, f.c.usdt);
    expect(terms).toMatchObject({ allowed: true, paused: false, synced: true, listed: true });
    expect([terms.feeNumerator, terms.feeDenominator]).toEqual([25, 1000]);
    // The fixture moved the fee address after deployment: the copy followed.
    expect(terms.feeAddress).toBe(feeAccount.address);
  });

  it('every change on the market reaches the copy in the same transaction', async () => {
    const mk = f.mk;
    await f.write(owner, mk.call('setFee', [40, 1000]));
    await f.write(owner, mk.call('setFeeAddress', [carol.address]));
    await f.write(owner, mk.call('pause'));
    for (const coin of [f.c.usdt, f.c.coin18]) {
      expect(await coinTerms(offers, coin)).toMatchObject({
        feeAddress: carol.address,
        feeNumerator: 40,
        feeDenominator: 1000,
        paused: true,
        allowed: true,
      });
    }
    await f.write(owner, mk.call('unpause'));
    await f.write(owner, mk.call('setCoinAllowed', [f.c.coin18, false]));
    expect(await coinTerms(offers, f.c.coin18)).toMatchObject({ allowed: false, paused: false });
    await f.write(owner, mk.call('setRoyaltyRate', [f.c.game721, carol.address, 700n]));
    expect(await royaltyTerms(offers, f.c.game721)).toEqual({
      receiver: carol.address,
      rate: 700,
      set: true,
      synced: true,
    });
    // And an acceptance pays by it: fee 4 % to carol, royalty 7 % to carol.
    const offer = offerOf();
    const signature = await signOffer(alice, offer, f.anvil.chainId, offers);
    const before = await Promise.all([bob, carol].map((a) => usdt(a.address)));
    await f.write(bob, acceptCall(offers, offer, signature, tokens[0]!, 1n));
    const after = await Promise.all([bob, carol].map((a) => usdt(a.address)));
    expect(after.map((a, i) => a - before[i]!)).toEqual([8_900_000n, 1_100_000n]);
  });

  it('only the market owner links; syncs only copy the market, and only allowed coins are listed', async () => {
    await f.expectRevert(
      alice,
      f.mk.call('setOffers', [alice.address]),
      'OwnableUnauthorizedAccount',
      [alice.address],
    );
    // Anyone may sync: the copy is the market's answer whoever asks.
    const stranger = await f.deploy(owner, offersAbi, offersBytecode, [f.c.market]);
    await f.write(alice, offersCall(stranger, 'syncCoin', [stranger]));
    expect(await coinTerms(stranger, stranger)).toMatchObject({
      allowed: false,
      synced: true,
      listed: false,
    });
    await f.write(alice, offersCall(stranger, 'syncCoin', [f.c.usdt]));
    expect(await coinTerms(stranger, f.c.usdt)).toMatchObject({ allowed: true, listed: true });
    await f.write(alice, offersCall(stranger, 'syncAllCoins'));
  });

  it('an unlinked contract copies a coin and a collection at their first acceptance', async () => {
    // A second Offers contract the market does not tell: nothing copied yet.
    const other = await f.deploy(owner, offersAbi, offersBytecode, [f.c.market]);
    await approveOffers({ ...f, deployment: withOffers(other) }, [alice, bob]);
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, carol.address, 300n]));
    expect((await coinTerms(other, f.c.usdt)).synced).toBe(false);
    expect((await royaltyTerms(other, f.c.game721)).synced).toBe(false);
    const offer = offerOf();
    const signature = await signOffer(alice, offer, f.anvil.chainId, other);
    const before = await usdt(carol.address);
    await f.write(bob, acceptCall(other, offer, signature, tokens[1]!, 1n));
    expect((await usdt(carol.address)) - before).toBe(300_000n);
    expect((await coinTerms(other, f.c.usdt)).synced).toBe(true);
    expect(await royaltyTerms(other, f.c.game721)).toMatchObject({ rate: 300, synced: true });
  });

  it('refuses an offer whose calldata carries dirty bits in an address, the kind or erc1155', async () => {
    // The offerer signs the digest of the dirty words itself (no EIP-712 encoder would produce
    // them), so only the contract's own check of the words stands between them and a fill: a
    // kind of 3 would otherwise fill as a collection offer.
    const offer = offerOf();
    const [typeHash, domain] = await Promise.all([
      f.read<Hex>(offersCall(offers, 'OFFER_TYPEHASH')),
      f.read<Hex>(offersCall(offers, 'domainSeparator')),
    ]);
    const { word, high, number } = structWords(typeHash, OFFER_TYPES.Offer, offer);
    const cases: [number, Hex][] = [
      [0, high(0)], // offerer
      [1, high(1)], // collection
      [2, number(2, 3n)], // kind 3
      [3, number(3, 2n)], // erc1155 = 2
      [6, high(6)], // coin
    ];
    for (const [i, encoded] of cases) {
      const signature = await signEncodedStruct(alice, domain, encoded);
      const data = encodeFunctionData({
        abi: offersAbi,
        functionName: 'acceptOffer',
        args: [offer, signature, tokens[2]!, 1n, []],
      });
      // The offer is the first (static) argument: its words follow the selector.
      const at = 2 + 8 + 64 * i;
      const bad = `${data.slice(0, at)}${word(encoded, i)}${data.slice(at + 64)}` as Hex;
      const receipt = await f.sendData(bob, offers, bad);
      expect(receipt.status, `dirty word ${i}`).toBe('reverted');
    }
    // The clean offer fills.
    const signature = await signOffer(alice, offer, f.anvil.chainId, offers);
    await f.write(bob, acceptCall(offers, offer, signature, tokens[2]!, 1n));
  });
});

describe('Marketplace: upgrade from the implementation deployed before the offers link', () => {
  it('keeps listings buyable and settings intact, then links the offers contract', async () => {
    const legacy = await f.deploy(owner, marketplaceLegacyAbi, marketplaceLegacyBytecode);
    const init = encodeFunctionData({
      abi: marketplaceLegacyAbi,
      functionName: 'initialize',
      args: [owner.address, feeAccount.address, 25, 1000, [zeroAddress, f.c.usdt]],
    });
    const market = await f.deploy(owner, marketplaceProxyAbi, marketplaceProxyBytecode, [
      legacy,
      init,
    ]);
    const mk = m(market);
    await f.write(owner, mk.call('setRoyaltyRate', [f.c.game721, royaltyAccount.address, 500n]));
    await f.write(bob, tokenCall.approveAll(f.c.game721, market));
    await f.write(bob, mk.list(f.c.game721, tokens[0]!, 1n, 100n, zeroAddress));
    await f.write(bob, mk.list(f.c.game721, tokens[1]!, 1n, 5_000_000n, f.c.usdt));
    const item = (id: bigint) => f.read<MarketItem>(mk.call('getMarketItem', [id]));
    const before = await Promise.all([1n, 2n].map(item));
    const config = await f.read(mk.call('feeConfig'));

    await f.write(owner, mk.call('upgradeToAndCall', [f.c.marketImpl, '0x']));
    expect(await Promise.all([1n, 2n].map(item))).toEqual(before);
    expect(await f.read(mk.call('feeConfig'))).toEqual(config);
    expect(await f.read(mk.call('itemCount'))).toBe(2n);
    expect(await f.read(mk.call('royaltyRateOf', [f.c.game721]))).toEqual([
      royaltyAccount.address,
      500n,
      true,
    ]);
    expect(await f.read(mk.call('offers'))).toBe(zeroAddress);
    await f.write(carol, mk.buy(1n, 1n, priceHash(f.c.game721, tokens[0]!, 100n), 100n));
    expect((await item(1n)).status).toBe(1);

    // Link a new offers contract: the coin copied now, later changes pushed.
    const linked = await f.deploy(owner, offersAbi, offersBytecode, [market]);
    await f.write(owner, mk.call('setOffers', [linked]));
    await f.write(owner, offersCall(linked, 'syncCoin', [f.c.usdt]));
    await f.write(owner, mk.call('setFee', [50, 1000]));
    expect(await coinTerms(linked, f.c.usdt)).toMatchObject({
      feeNumerator: 50,
      feeDenominator: 1000,
      allowed: true,
      listed: true,
    });
    // And the signed-listings contract, linked the same way, follows the market too (its sync
    // and coinTerms functions are MarketSettingsCopy's, the same as Offers', so offersCall fits).
    const listingsContract = await f.deploy(owner, listingsAbi, listingsBytecode, [market]);
    await f.write(owner, mk.call('setListings', [listingsContract]));
    expect(await f.read(mk.call('listings'))).toBe(listingsContract);
    await f.write(owner, offersCall(listingsContract, 'syncCoin', [zeroAddress]));
    await f.write(owner, mk.call('setFee', [30, 1000]));
    for (const copy of [linked, listingsContract]) {
      expect((await coinTerms(copy, copy === linked ? f.c.usdt : zeroAddress)).feeNumerator).toBe(
        30,
      );
    }
    // The listing in the stable coin is still buyable (at the new fee).
    await f.write(carol, tokenCall.approve(f.c.usdt, market, 5_000_000n));
    await f.write(carol, mk.buy(2n, 1n, priceHash(f.c.game721, tokens[1]!, 5_000_000n)));
    expect((await item(2n)).status).toBe(1);
  });
});

/** The fixture's deployment with another Offers address (for approveOffers). */
function withOffers(address: Address): Fixture['deployment'] {
  return {
    ...f.deployment,
    contracts: { ...f.deployment.contracts, Offers: { address, blockNumber: 0 } },
  };
}
