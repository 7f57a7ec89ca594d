// A payout that fails never sinks another participant's trade. A contract wallet that refuses
// AIA (RefusingWallet: EIP-1271 signer, no receive) as seller, as ERC-2981 royalty receiver, as
// market royalty receiver and as fee address; a wallet whose receive burns all the gas it gets;
// a stable coin that blocks a holder. In Listings.buy and sweep (the other items still go
// through), the market's createMarketSale (also inside a sweep) and Offers' acceptance, the
// trade completes and the refused amount is credited to the payee, who withdraws it to an
// address it names. Also acceptOfferForAIA: the seller of a wrapped-AIA offer paid in AIA.
import type { SignedListingFields, SignedOfferFields } from '@aiamarket/shared';
import { OFFER_KIND } from '@aiamarket/shared';
import {
  gameItems721Abi,
  listingsAbi,
  marketplaceAbi,
  offersAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';
import { maxUint256, parseEther, zeroAddress } from 'viem';
import type { Abi, Address, TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import { priceHash } from '../ts/index.js';
import {
  alice,
  bob,
  carol,
  dave,
  erin,
  feeAccount,
  owner,
  royaltyAccount,
  useFixture,
} from './fixture.js';
import { tokenCall } from './token-calls.js';
import type { Actor, Call, MarketItem } from './fixture.js';
import {
  REFUSING_PAYEE_ABIS,
  blockingCoin,
  contractWallet,
  viaWallet,
} from './payments-helpers.js';
import {
  approveListings,
  buyCall,
  collectedOf,
  listingsAddress,
  listingsCall,
  signListing,
  sweepCall,
} from './listings-helpers.js';
import type { Fill } from './listings-helpers.js';
import {
  OFFERS_ABIS,
  acceptCall,
  approveOffers,
  offersAddresses,
  offersCall,
  signOffer,
} from './offers-helpers.js';

let listings: Address;
let offers: Address;
let wrapped: Address;

const f = useFixture(
  [listingsAbi, ...OFFERS_ABIS, ...REFUSING_PAYEE_ABIS],
  async () => {
    listings = listingsAddress(f);
    ({ offers, wrapped } = offersAddresses(f));
    await approveListings(f, [alice, bob, carol, dave]);
    await approveOffers(f, [alice, bob, carol]);
  },
  { timeout: 120_000 },
);

const AIA = 1_000_000n;
/** Fee 2.5 % and the game collections' ERC-2981 royalty 5 %, as the fixture sets them. */
const split = (gross: bigint) => {
  const fee = (gross * 25n) / 1000n;
  const royalty = (gross * 500n) / 10000n;
  return { fee, royalty, seller: gross - fee - royalty };
};

/** A contract wallet signed for by `signer` (alice unless told). */
const wallet = (kind: 'refusing' | 'burning', signer: Actor = alice) =>
  contractWallet(f, kind, signer);
/**
 * A coin the market allows whose blocklist holds `blocked` (its transfers to it revert);
 * `payer` holds some and lets `spender` pull them.
 */
async function payerBlockingCoin(payer: Actor, spender: Address, blocked: Address) {
  const coin = await blockingCoin(f, blocked);
  await f.write(payer, tokenCall.mint(coin, payer.address, 10n ** 12n));
  await f.write(payer, tokenCall.approve(coin, spender));
  return coin;
}
const approveAll = (nft: Address, operator: Address): Call => tokenCall.approveAll(nft, operator);
const owedTo = (contract: Address, abi: Abi, coin: Address, payee: Address) =>
  f.read<bigint>({ address: contract, abi, functionName: 'owedTo', args: [coin, payee] });
const owedTotal = (contract: Address, abi: Abi, coin: Address) =>
  f.read<bigint>({ address: contract, abi, functionName: 'owedTotal', args: [coin] });
const deferred = (receipt: TransactionReceipt, abi: Abi, contract: Address) =>
  f.events<{ payee: Address; coin: Address; amount: bigint }>(
    receipt,
    abi,
    'PaymentDeferred',
    contract,
  );
const ownerOf = (tokenId: bigint) => f.read<Address>(tokenCall.ownerOf(f.c.game721, tokenId));

function listingOf(
  seller: Address,
  tokenId: bigint,
  extra: Partial<SignedListingFields> = {},
): SignedListingFields {
  return {
    seller,
    collection: f.c.game721,
    erc1155: false,
    tokenId,
    units: 1n,
    coin: zeroAddress,
    pricePerUnit: AIA,
    start: 0n,
    end: 2n ** 40n,
    salt: tokenId,
    counter: 0n,
    ...extra,
  };
}
/** A fill of a listing signed by alice's key (for alice, or a wallet alice signs for). */
async function fillOf(listing: SignedListingFields): Promise<Fill> {
  return {
    listing,
    signature: await signListing(alice, listing, f.anvil.chainId, listings),
    proof: [],
    index: 0n,
    units: 1n,
  };
}
/** `count` GameItems721 minted to a wallet that lets Listings and the market move them. */
async function walletTokens(w: Address, count: number): Promise<bigint[]> {
  const ids = await f.mint721(w, count);
  await f.write(alice, viaWallet(w, approveAll(f.c.game721, listings)));
  await f.write(alice, viaWallet(w, approveAll(f.c.game721, f.c.market)));
  return ids;
}

/** Listings holds exactly what it collected and what it owes. */
async function expectListingsHoldsItsDues() {
  const [aia, usdt] = await collectedOf(f, listings);
  expect(await f.nativeBalance(listings)).toBe(
    aia + (await owedTotal(listings, listingsAbi, zeroAddress)),
  );
  expect(await f.balance(f.c.usdt, listings)).toBe(
    usdt + (await owedTotal(listings, listingsAbi, f.c.usdt)),
  );
}

describe('Listings: a seller or royalty receiver that refuses AIA', () => {
  it('buy: the refusing seller is credited, the buyer gets the token, the credit goes where the wallet says', async () => {
    const w = await wallet('refusing');
    const [id] = await walletTokens(w, 1);
    const s = split(AIA);
    const receipt = await f.write(carol, buyCall(listings, await fillOf(listingOf(w, id!)), AIA));
    expect(await ownerOf(id!)).toBe(carol.address);
    expect(deferred(receipt, listingsAbi, listings)).toEqual([
      { payee: w, coin: zeroAddress, amount: s.seller },
    ]);
    // The sale is reported with the same figures as any other.
    const [filled] = f.events<{ seller: Address; fee: bigint; royalty: bigint }>(
      receipt,
      listingsAbi,
      'ListingFilled',
      listings,
    );
    expect(filled).toMatchObject({ seller: w, fee: s.fee, royalty: s.royalty });
    expect(await owedTo(listings, listingsAbi, zeroAddress, w)).toBe(s.seller);
    await expectListingsHoldsItsDues();

    // Only the payee can move its credit; it names dave as the destination.
    await f.expectRevert(
      bob,
      listingsCall(listings, 'withdrawOwed', [zeroAddress, bob.address]),
      'NothingOwed',
    );
    await f.expectRevert(
      alice,
      viaWallet(w, listingsCall(listings, 'withdrawOwed', [zeroAddress, w])),
      'OwedTransferFailed',
      [w],
    );
    const daveBefore = await f.nativeBalance(dave.address);
    const out = await f.write(
      alice,
      viaWallet(w, listingsCall(listings, 'withdrawOwed', [zeroAddress, dave.address])),
    );
    expect((await f.nativeBalance(dave.address)) - daveBefore).toBe(s.seller);
    expect(f.events(out, listingsAbi, 'OwedWithdrawn', listings)).toEqual([
      { payee: w, coin: zeroAddress, to: dave.address, amount: s.seller },
    ]);
    expect(await owedTo(listings, listingsAbi, zeroAddress, w)).toBe(0n);
    await expectListingsHoldsItsDues();
  });

  it('sweep: the other items go through, only the refuser is credited, the extra AIA comes back', async () => {
    const w = await wallet('refusing');
    const [wid] = await walletTokens(w, 1);
    const [a1, a2] = await f.mint721(alice, 2);
    await f.write(alice, approveAll(f.c.game721, listings));
    // The refuser is the cheapest: the floor a sweep starts with.
    const fills = [
      await fillOf(listingOf(w, wid!, { pricePerUnit: AIA / 2n })),
      await fillOf(listingOf(alice.address, a1!)),
      await fillOf(listingOf(alice.address, a2!)),
    ];
    const total = AIA / 2n + 2n * AIA;
    const aliceBefore = await f.nativeBalance(alice.address);
    const carolBefore = await f.nativeBalance(carol.address);
    const royaltyBefore = await f.nativeBalance(royaltyAccount.address);
    const receipt = await f.write(carol, sweepCall(listings, fills, [], total + 12_345n));
    for (const id of [wid!, a1!, a2!]) expect(await ownerOf(id)).toBe(carol.address);
    expect(carolBefore - (await f.nativeBalance(carol.address))).toBe(total);
    expect((await f.nativeBalance(alice.address)) - aliceBefore).toBe(2n * split(AIA).seller);
    expect((await f.nativeBalance(royaltyAccount.address)) - royaltyBefore).toBe(
      2n * split(AIA).royalty + split(AIA / 2n).royalty,
    );
    expect(deferred(receipt, listingsAbi, listings)).toEqual([
      { payee: w, coin: zeroAddress, amount: split(AIA / 2n).seller },
    ]);
    expect(f.events(receipt, listingsAbi, 'SweepItemSkipped', listings)).toEqual([]);
    await expectListingsHoldsItsDues();
  });

  it('an ERC-2981 royalty receiver that refuses AIA is credited in buy and in sweep', async () => {
    const w = await wallet('refusing');
    await f.write(owner, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'setDefaultRoyalty',
      args: [w, 500n],
    });
    const ids = await f.mint721(alice, 3);
    await f.write(alice, approveAll(f.c.game721, listings));
    const s = split(AIA);
    const one = await f.write(
      carol,
      buyCall(listings, await fillOf(listingOf(alice.address, ids[0]!)), AIA),
    );
    expect(deferred(one, listingsAbi, listings)).toEqual([
      { payee: w, coin: zeroAddress, amount: s.royalty },
    ]);
    const fills = [
      await fillOf(listingOf(alice.address, ids[1]!)),
      await fillOf(listingOf(alice.address, ids[2]!)),
    ];
    const swept = await f.write(carol, sweepCall(listings, fills, [], 2n * AIA));
    // The sweep sums a payee's parts: one credit for both royalties.
    expect(deferred(swept, listingsAbi, listings)).toEqual([
      { payee: w, coin: zeroAddress, amount: 2n * s.royalty },
    ]);
    for (const id of ids) expect(await ownerOf(id)).toBe(carol.address);
    expect(await owedTo(listings, listingsAbi, zeroAddress, w)).toBe(3n * s.royalty);
    await expectListingsHoldsItsDues();
    const erinBefore = await f.nativeBalance(erin.address);
    await f.write(
      alice,
      viaWallet(w, listingsCall(listings, 'withdrawOwed', [zeroAddress, erin.address])),
    );
    expect((await f.nativeBalance(erin.address)) - erinBefore).toBe(3n * s.royalty);
    await expectListingsHoldsItsDues();
  });

  it('a seller whose receive burns all its gas costs the buyer at most the stipend, and is credited', async () => {
    const burner = await wallet('burning');
    const [bid] = await walletTokens(burner, 1);
    const [aid] = await f.mint721(alice, 1);
    await f.write(alice, approveAll(f.c.game721, listings));
    const plain = await f.write(
      carol,
      buyCall(listings, await fillOf(listingOf(alice.address, aid!)), AIA),
    );
    const hostile = await f.write(
      carol,
      buyCall(listings, await fillOf(listingOf(burner, bid!)), AIA),
    );
    expect(await ownerOf(bid!)).toBe(carol.address);
    expect(await owedTo(listings, listingsAbi, zeroAddress, burner)).toBe(split(AIA).seller);
    const stipend = await f.read<bigint>(listingsCall(listings, 'NATIVE_GAS_STIPEND'));
    expect(stipend).toBe(50_000n);
    // The burnt stipend, the credit's two storage writes and its event; nowhere near the
    // transaction's 8,000,000 gas limit that a call with all the gas would have burnt.
    expect(hostile.gasUsed - plain.gasUsed).toBeLessThan(stipend + 60_000n);
    await expectListingsHoldsItsDues();
  });

  it('stable coin: a seller the token blocks is credited; the coin is pulled from the buyer once', async () => {
    const coin = await payerBlockingCoin(carol, listings, alice.address);
    const ids = await f.mint721(alice, 2);
    await f.write(alice, approveAll(f.c.game721, listings));
    const s = split(AIA);
    const bal = (who: Address) => f.balance(coin, who);
    const carolBefore = await bal(carol.address);
    await f.write(
      carol,
      buyCall(listings, await fillOf(listingOf(alice.address, ids[0]!, { coin }))),
    );
    await f.write(
      carol,
      sweepCall(listings, [await fillOf(listingOf(alice.address, ids[1]!, { coin }))]),
    );
    expect(carolBefore - (await bal(carol.address))).toBe(2n * AIA);
    expect(await bal(alice.address)).toBe(0n);
    expect(await bal(royaltyAccount.address)).toBe(2n * s.royalty);
    expect(await owedTo(listings, listingsAbi, coin, alice.address)).toBe(2n * s.seller);
    expect(await bal(listings)).toBe(2n * s.seller + 2n * s.fee);
    await f.write(alice, listingsCall(listings, 'withdrawOwed', [coin, dave.address]));
    expect(await bal(dave.address)).toBe(2n * s.seller);
    expect(await bal(listings)).toBe(2n * s.fee);
  });
});

describe('Marketplace: createMarketSale with a refusing payee', () => {
  async function walletListing(w: Address, price: bigint): Promise<{ itemId: bigint; id: bigint }> {
    const [id] = await walletTokens(w, 1);
    const receipt = await f.write(
      alice,
      viaWallet(w, f.mk.list(f.c.game721, id!, 1n, price, zeroAddress)),
    );
    const [created] = f.events<{ itemId: bigint }>(receipt, marketplaceAbi, 'MarketItemCreated');
    return { itemId: created!.itemId, id: id! };
  }

  it('a refusing seller is credited; the owner cannot take the credit; the wallet routes it', async () => {
    const w = await wallet('refusing');
    const { itemId, id } = await walletListing(w, AIA);
    const s = split(AIA);
    const receipt = await f.write(bob, f.mk.buy(itemId, 1n, priceHash(f.c.game721, id, AIA), AIA));
    expect(await ownerOf(id)).toBe(bob.address);
    expect(((await f.read(f.mk.call('getMarketItem', [itemId]))) as MarketItem).status).toBe(1);
    expect(deferred(receipt, marketplaceAbi, f.c.market)).toEqual([
      { payee: w, coin: zeroAddress, amount: s.seller },
    ]);
    expect(await f.nativeBalance(f.c.market)).toBe(s.seller);
    expect(await owedTotal(f.c.market, marketplaceAbi, zeroAddress)).toBe(s.seller);
    // The owner's rescue of stray coins cannot reach it.
    await f.expectRevert(
      owner,
      f.mk.call('withdraw', [zeroAddress, owner.address, 1n]),
      'OwedFunds',
      [0n],
    );
    const daveBefore = await f.nativeBalance(dave.address);
    await f.write(alice, viaWallet(w, f.mk.call('withdrawOwed', [zeroAddress, dave.address])));
    expect((await f.nativeBalance(dave.address)) - daveBefore).toBe(s.seller);
    expect(await f.nativeBalance(f.c.market)).toBe(0n);
  });

  it('a refusing market royalty receiver and fee address are credited; the sale completes', async () => {
    const royaltyWallet = await wallet('refusing');
    const feeWallet = await wallet('burning');
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, royaltyWallet, 1000n]));
    await f.write(owner, f.mk.call('setFeeAddress', [feeWallet]));
    const [id] = await f.mint721(alice, 1);
    const receipt0 = await f.write(alice, f.mk.list(f.c.game721, id!, 1n, AIA, zeroAddress));
    const [created] = f.events<{ itemId: bigint }>(receipt0, marketplaceAbi, 'MarketItemCreated');
    const aliceBefore = await f.nativeBalance(alice.address);
    const receipt = await f.write(
      bob,
      f.mk.buy(created!.itemId, 1n, priceHash(f.c.game721, id!, AIA), AIA),
    );
    const fee = (AIA * 25n) / 1000n;
    const royalty = AIA / 10n;
    expect((await f.nativeBalance(alice.address)) - aliceBefore).toBe(AIA - fee - royalty);
    expect(deferred(receipt, marketplaceAbi, f.c.market)).toEqual([
      { payee: feeWallet, coin: zeroAddress, amount: fee },
      { payee: royaltyWallet, coin: zeroAddress, amount: royalty },
    ]);
    expect(await f.nativeBalance(f.c.market)).toBe(fee + royalty);
  });

  it("a sweep buying a refusing seller's on-chain listing goes through", async () => {
    const w = await wallet('refusing');
    const { itemId, id } = await walletListing(w, AIA);
    const [aid] = await f.mint721(alice, 1);
    await f.write(alice, approveAll(f.c.game721, listings));
    const receipt = await f.write(
      carol,
      sweepCall(
        listings,
        [await fillOf(listingOf(alice.address, aid!))],
        [
          {
            itemId,
            amount: 1n,
            nftContract: f.c.game721,
            erc1155: false,
            tokenId: id,
            coin: zeroAddress,
            price: AIA,
          },
        ],
        2n * AIA,
      ),
    );
    expect(f.events(receipt, listingsAbi, 'SweepItemSkipped', listings)).toEqual([]);
    expect(await ownerOf(id)).toBe(carol.address);
    expect(await ownerOf(aid!)).toBe(carol.address);
    expect(await owedTo(f.c.market, marketplaceAbi, zeroAddress, w)).toBe(split(AIA).seller);
  });
});

describe('Offers: refused ERC-20 payouts and the seller paid in AIA', () => {
  function offerOf(extra: Partial<SignedOfferFields>): SignedOfferFields {
    return {
      offerer: alice.address,
      collection: f.c.game721,
      kind: OFFER_KIND.item,
      erc1155: false,
      identifier: 0n,
      units: 1n,
      coin: f.c.usdt,
      pricePerUnit: AIA,
      start: 0n,
      end: 2n ** 40n,
      salt: 1n,
      counter: 0n,
      ...extra,
    };
  }
  const sign = (offer: SignedOfferFields) => signOffer(alice, offer, f.anvil.chainId, offers);

  it('a royalty receiver the token blocks is credited; the seller is paid; the receiver routes it', async () => {
    const coin = await payerBlockingCoin(alice, offers, royaltyAccount.address);
    const [id] = await f.mint721(bob, 1);
    const offer = offerOf({ coin, identifier: id! });
    const s = split(AIA);
    const receipt = await f.write(bob, acceptCall(offers, offer, await sign(offer), id!, 1n));
    expect(await ownerOf(id!)).toBe(alice.address);
    expect(await f.balance(coin, bob.address)).toBe(s.seller);
    expect(await f.balance(coin, feeAccount.address)).toBe(s.fee);
    expect(deferred(receipt, offersAbi, offers)).toEqual([
      { payee: royaltyAccount.address, coin, amount: s.royalty },
    ]);
    expect(await f.balance(coin, offers)).toBe(s.royalty);
    await f.write(royaltyAccount, offersCall(offers, 'withdrawOwed', [coin, erin.address]));
    expect(await f.balance(coin, erin.address)).toBe(s.royalty);
    expect(await f.balance(coin, offers)).toBe(0n);
  });

  it('acceptOfferForAIA pays the seller AIA for a wrapped-AIA offer; fee and royalty stay wrapped', async () => {
    await f.write(alice, {
      address: wrapped,
      abi: wrappedAiaAbi,
      functionName: 'deposit',
      args: [],
      value: parseEther('1'),
    });
    await f.write(alice, {
      address: wrapped,
      abi: wrappedAiaAbi,
      functionName: 'approve',
      args: [offers, maxUint256],
    });
    const [id] = await f.mint721(bob, 1);
    const offer = offerOf({ coin: wrapped, identifier: id! });
    const s = split(AIA);
    const bobAia = await f.nativeBalance(bob.address);
    const aliceWrapped = await f.balance(wrapped, alice.address);
    const receipt = await f.write(bob, {
      ...acceptCall(offers, offer, await sign(offer), id!, 1n),
      functionName: 'acceptOfferForAIA',
    });
    expect(await ownerOf(id!)).toBe(alice.address);
    // Gas price 0 on the test chain: the balance moves by the payment alone.
    expect((await f.nativeBalance(bob.address)) - bobAia).toBe(s.seller);
    expect(await f.balance(wrapped, bob.address)).toBe(0n);
    expect(aliceWrapped - (await f.balance(wrapped, alice.address))).toBe(AIA);
    expect(await f.balance(wrapped, feeAccount.address)).toBe(s.fee);
    expect(await f.balance(wrapped, royaltyAccount.address)).toBe(s.royalty);
    expect(await f.nativeBalance(offers)).toBe(0n);
    expect(await f.balance(wrapped, offers)).toBe(0n);
    const [accepted] = f.events<{ seller: Address; fee: bigint }>(
      receipt,
      offersAbi,
      'OfferAccepted',
      offers,
    );
    expect(accepted).toMatchObject({ seller: bob.address, fee: s.fee });
  });

  it('acceptOfferForAIA refuses a coin that does not unwrap, and a seller that refuses AIA', async () => {
    const [id, id2] = await f.mint721(bob, 2);
    const usdtOffer = offerOf({ identifier: id! });
    await f.expectRevert(
      bob,
      {
        ...acceptCall(offers, usdtOffer, await sign(usdtOffer), id!, 1n),
        functionName: 'acceptOfferForAIA',
      },
      'UnwrapFailed',
      [f.c.usdt],
    );
    // A refusing wallet holding the token chose AIA: its own call reverts, acceptOffer still works.
    const w = await wallet('refusing', bob);
    await f.write(bob, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [bob.address, w, id2!],
    });
    await f.write(bob, viaWallet(w, approveAll(f.c.game721, offers)));
    await f.write(alice, {
      address: wrapped,
      abi: wrappedAiaAbi,
      functionName: 'deposit',
      args: [],
      value: AIA,
    });
    await f.write(alice, {
      address: wrapped,
      abi: wrappedAiaAbi,
      functionName: 'approve',
      args: [offers, maxUint256],
    });
    const offer = offerOf({ coin: wrapped, identifier: id2! });
    const signature = await sign(offer);
    await f.expectRevert(
      bob,
      viaWallet(w, {
        ...acceptCall(offers, offer, signature, id2!, 1n),
        functionName: 'acceptOfferForAIA',
      }),
      'NativeTransferFailed',
      [w],
    );
    await f.write(bob, viaWallet(w, acceptCall(offers, offer, signature, id2!, 1n)));
    expect(await f.balance(wrapped, w)).toBe(split(AIA).seller);
    // Plain AIA sent to Offers outside an acceptance is refused.
    const hash = await f.wallet(carol).sendTransaction({ to: offers, value: 1n, gas: 100_000n });
    const sent = await f.publicClient.waitForTransactionReceipt({ hash });
    expect(sent.status).toBe('reverted');
  });
});
