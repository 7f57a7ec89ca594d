// Unit and adversarial tests of the Listings contract: a signed listing bought in
// AIA and in the stable coin with fee and royalty as a market sale pays them; a bulk listing
// (one signature over a BulkListing typed tree of 1, 2, 3 or 100 listings in mixed coins) whose
// proofs fit only their own listing at their own index and height, padding never fillable, the
// retired ListingTree(root) form refused; cancel by hash,
// cancel all by counter, expiry, units beyond the signed ones, a high-s signature; a sweep of
// signed and on-chain listings (ERC721 and ERC1155, AIA and stable coin) that delivers every NFT
// to the buyer, skips an item sold meanwhile and returns its AIA; a buyer contract re-entering
// from its ERC1155 receive hook is refused while its sweep completes; a listing whose calldata
// carries bits its types forbid is refused even when the seller signed exactly those words.
import {
  EMPTY_LISTING,
  LISTING_TYPES,
  listingDomain,
  listingOrderHash,
  listingStructHash,
  listingTree,
  sortedMerkleTree,
} from '@aiamarket/shared';
import type { SignedListingFields } from '@aiamarket/shared';
import { gameItems1155Abi, gameItems721Abi, listingsAbi } from '@aiamarket/shared/abis';
import {
  concat,
  encodeFunctionData,
  hashTypedData,
  keccak256,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  offerWalletAbi,
  offerWalletBytecode,
  reentrantActorAbi,
  reentrantActorBytecode,
} from '../out/testing-abis.js';
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

import {
  approveListings,
  buyCall,
  collectedOf,
  listingsAddress,
  listingsCall,
  signBulk,
  signListing,
  sweepCall,
  withdrawCollected,
} from './listings-helpers.js';
import type { Fill } from './listings-helpers.js';
import { highS } from './offers-helpers.js';
import { signEncodedStruct, structWords } from './helpers.js';

let listings: Address;
let tokens: bigint[] = []; // alice's GameItems721 tokens

const f = useFixture(
  [listingsAbi, reentrantActorAbi, offerWalletAbi],
  async () => {
    listings = listingsAddress(f);
    await approveListings(f, [alice, bob, carol, dave]);
    tokens = await f.mint721(alice, 8);
    await f.mint1155(alice, 1n, 20n);
  },
  { timeout: 120_000 },
);

const AIA = 1_000_000n;
function listingOf(extra: Partial<SignedListingFields> = {}): SignedListingFields {
  return {
    seller: alice.address,
    collection: f.c.game721,
    erc1155: false,
    tokenId: tokens[0]!,
    units: 1n,
    coin: zeroAddress,
    pricePerUnit: AIA,
    start: 0n,
    end: 2n ** 40n,
    salt: 1n,
    counter: 0n,
    ...extra,
  };
}
async function single(listing: SignedListingFields, units = listing.units): Promise<Fill> {
  return {
    listing,
    signature: await signListing(alice, listing, f.anvil.chainId, listings),
    proof: [],
    index: 0n,
    units,
  };
}
const split = (gross: bigint) => {
  const fee = (gross * 25n) / 1000n;
  const royalty = (gross * 500n) / 10000n;
  return { fee, royalty, seller: gross - fee - royalty };
};
const ownerOf = (tokenId: bigint) =>
  f.read({ address: f.c.game721, abi: gameItems721Abi, functionName: 'ownerOf', args: [tokenId] });
const balance1155 = (who: Address, id = 1n) =>
  f.read<bigint>({
    address: f.c.game1155,
    abi: gameItems1155Abi,
    functionName: 'balanceOf',
    args: [who, id],
  });

/** The contract holds exactly what it collected (fees, AIA royalties), nothing else. */
async function expectHoldsCollected() {
  expect([await f.nativeBalance(listings), await f.balance(f.c.usdt, listings)]).toEqual(
    await collectedOf(f, listings),
  );
}

describe('Listings: one signed listing', () => {
  it('sells in AIA and in the stable coin, paying fee and royalty as a sale does', async () => {
    const parties = [alice, carol, feeAccount, royaltyAccount].map((a) => a.address);
    for (const [coin, tokenId] of [
      [zeroAddress, tokens[0]!],
      [f.c.usdt, tokens[1]!],
    ] as const) {
      const fill = await single(listingOf({ tokenId, coin }));
      await withdrawCollected(f, listings, erin);
      const before = await Promise.all(parties.map((p) => f.balance(coin, p)));
      const receipt = await f.write(
        carol,
        buyCall(listings, fill, coin === zeroAddress ? AIA : 0n),
      );
      const s = split(AIA);
      // The fee is collected in the contract (exactly it, nothing else; this ERC-2981 royalty is
      // paid at once) and paid out by the withdrawals anyone may call.
      const held = s.fee;
      expect(await f.balance(coin, listings)).toBe(held);
      expect(await collectedOf(f, listings)).toEqual(
        coin === zeroAddress ? [held, 0n] : [0n, held],
      );
      await withdrawCollected(f, listings, erin);
      const after = await Promise.all(parties.map((p) => f.balance(coin, p)));
      expect(after.map((a, i) => a - before[i]!)).toEqual([s.seller, -AIA, s.fee, s.royalty]);
      expect(await ownerOf(tokenId)).toBe(carol.address);
      const [event] = f.events<Record<string, unknown>>(
        receipt,
        listingsAbi,
        'ListingFilled',
        listings,
      );
      expect(event).toMatchObject({
        orderHash: listingOrderHash(fill.listing, f.anvil.chainId, listings),
        seller: alice.address,
        buyer: carol.address,
        tokenId,
        coin,
        fee: s.fee,
        royalty: s.royalty,
        royaltyReceiver: royaltyAccount.address,
        filled: 1n,
      });
    }
    expect(await f.nativeBalance(listings)).toBe(0n);
    expect(await f.balance(f.c.usdt, listings)).toBe(0n);
  });

  it('collects an AIA royalty at the market rate; withdrawal pays it; a new receiver pays the old one first', async () => {
    const royaltiesOf = () => f.read<bigint>(listingsCall(listings, 'royaltiesOf', [f.c.game721]));
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, bob.address, 500n]));
    await withdrawCollected(f, listings, erin);
    const s = split(AIA);
    const bobAia = await f.nativeBalance(bob.address);
    await f.write(carol, buyCall(listings, await single(listingOf({ tokenId: tokens[0]! })), AIA));
    expect(await royaltiesOf()).toBe(s.royalty);
    expect(await f.nativeBalance(bob.address)).toBe(bobAia);
    await expectHoldsCollected();
    // In the stable coin the royalty is paid at once.
    const bobUsdt = await f.balance(f.c.usdt, bob.address);
    const usdtFill = await single(listingOf({ tokenId: tokens[1]!, coin: f.c.usdt, salt: 2n }));
    await f.write(carol, buyCall(listings, usdtFill));
    expect((await f.balance(f.c.usdt, bob.address)) - bobUsdt).toBe(s.royalty);
    expect(await royaltiesOf()).toBe(s.royalty);
    await f.write(erin, listingsCall(listings, 'withdrawRoyalties', [f.c.game721]));
    expect((await f.nativeBalance(bob.address)) - bobAia).toBe(s.royalty);
    expect(await royaltiesOf()).toBe(0n);
    // Collected again, then the market names another receiver: bob is paid what he earned.
    await f.write(
      carol,
      buyCall(listings, await single(listingOf({ tokenId: tokens[2]!, salt: 3n })), AIA),
    );
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, dave.address, 500n]));
    expect((await f.nativeBalance(bob.address)) - bobAia).toBe(2n * s.royalty);
    expect(await royaltiesOf()).toBe(0n);
    await expectHoldsCollected();
  });

  it('collected royalties never go to no one: a refusing receiver keeps them for the next', async () => {
    const royaltiesOf = () => f.read<bigint>(listingsCall(listings, 'royaltiesOf', [f.c.game721]));
    // The stable coin's contract has no receive(): it cannot take AIA.
    const refuser = f.c.usdt;
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, refuser, 500n]));
    await f.write(carol, buyCall(listings, await single(listingOf({ tokenId: tokens[0]! })), AIA));
    const s = split(AIA);
    expect(await royaltiesOf()).toBe(s.royalty);
    await f.expectRevert(
      erin,
      listingsCall(listings, 'withdrawRoyalties', [f.c.game721]),
      'NativeTransferFailed',
    );
    // No royalty any more (no receiver): the refuser could not be paid, the sum waits.
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, zeroAddress, 0n]));
    await f.write(erin, listingsCall(listings, 'withdrawRoyalties', [f.c.game721]));
    expect(await royaltiesOf()).toBe(s.royalty);
    await expectHoldsCollected();
    // The next receiver is paid it.
    const bobBefore = await f.nativeBalance(bob.address);
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, bob.address, 500n]));
    await f.write(erin, listingsCall(listings, 'withdrawRoyalties', [f.c.game721]));
    expect((await f.nativeBalance(bob.address)) - bobBefore).toBe(s.royalty);
    expect(await royaltiesOf()).toBe(0n);
    await expectHoldsCollected();
  });

  it('a replaced receiver paid its royalties cannot re-enter to collect into the slot', async () => {
    const actor = await f.deploy(carol, reentrantActorAbi, reentrantActorBytecode);
    await f.testClient.setBalance({ address: actor, value: 10n ** 20n });
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, actor, 500n]));
    await f.write(carol, buyCall(listings, await single(listingOf({ tokenId: tokens[0]! })), AIA));
    // Paid at the sync, the old receiver tries to buy another listing of the collection.
    const next = await single(listingOf({ tokenId: tokens[1]!, salt: 2n }));
    const data = encodeFunctionData({ abi: listingsAbi, functionName: 'buy', args: [next] });
    await f.write(carol, {
      address: actor,
      abi: reentrantActorAbi,
      functionName: 'setReentries',
      args: [[{ target: listings, value: AIA, data }]],
    });
    const actorBefore = await f.nativeBalance(actor);
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, bob.address, 500n]));
    const read = (functionName: string) =>
      f.read({ address: actor, abi: reentrantActorAbi, functionName });
    expect(await read('attempts')).toBe(1n);
    expect(await read('successes')).toBe(0n);
    expect((await f.nativeBalance(actor)) - actorBefore).toBe(split(AIA).royalty);
    expect(await ownerOf(tokens[1]!)).toBe(alice.address);
    await expectHoldsCollected();
  });

  it('never fills twice, after cancel, after a counter bump, expired, or beyond its units', async () => {
    const sold = await single(listingOf());
    await f.write(carol, buyCall(listings, sold, AIA));
    await f.expectRevert(dave, buyCall(listings, sold, AIA), 'ExceedsRemaining');

    const cancelled = await single(listingOf({ tokenId: tokens[1]! }));
    const hash = listingOrderHash(cancelled.listing, f.anvil.chainId, listings);
    await f.write(alice, listingsCall(listings, 'cancelListings', [[hash]]));
    await f.expectRevert(carol, buyCall(listings, cancelled, AIA), 'ListingCancelledError');
    expect(await f.read(listingsCall(listings, 'listingStatus', [alice.address, hash]))).toEqual([
      0n,
      true,
    ]);

    const bumped = await single(listingOf({ tokenId: tokens[2]! }));
    await f.write(alice, listingsCall(listings, 'incrementCounter'));
    await f.expectRevert(carol, buyCall(listings, bumped, AIA), 'CounterBumped');

    const expired = await single(listingOf({ tokenId: tokens[3]!, counter: 1n, end: 1n }));
    await f.expectRevert(carol, buyCall(listings, expired, AIA), 'ListingExpired');

    const units = await single(
      listingOf({ collection: f.c.game1155, erc1155: true, tokenId: 1n, units: 5n, counter: 1n }),
      3n,
    );
    await f.write(carol, buyCall(listings, units, 3n * AIA));
    await f.expectRevert(carol, buyCall(listings, units, 3n * AIA), 'ExceedsRemaining');
    await f.write(carol, buyCall(listings, { ...units, units: 2n }, 2n * AIA));
    expect(await balance1155(carol.address)).toBe(5n);
  });

  it('refuses a high-s twin, a signature of someone else, the seller buying, a wrong payment', async () => {
    const fill = await single(listingOf());
    await f.expectRevert(
      carol,
      buyCall(listings, { ...fill, signature: highS(fill.signature) }, AIA),
      'InvalidSignature',
    );
    await f.expectRevert(
      carol,
      buyCall(listings, { ...fill, listing: { ...fill.listing, seller: bob.address } }, AIA),
      'InvalidSignature',
    );
    await f.expectRevert(alice, buyCall(listings, fill, AIA), 'BuyerIsSeller');
    await f.expectRevert(carol, buyCall(listings, fill, AIA - 1n), 'IncorrectPayment', [
      AIA,
      AIA - 1n,
    ]);
    await f.write(owner, f.mk.call('pause'));
    await f.expectRevert(carol, buyCall(listings, fill, AIA), 'MarketPaused');
  });

  it('a seller who moved the token: the buy fails, nothing changes', async () => {
    const fill = await single(listingOf());
    await f.write(alice, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [alice.address, bob.address, tokens[0]!],
    });
    await f.expectRevert(carol, buyCall(listings, fill, AIA), 'TransferFailed');
    const hash = listingOrderHash(fill.listing, f.anvil.chainId, listings);
    expect(await f.read(listingsCall(listings, 'listingStatus', [alice.address, hash]))).toEqual([
      0n,
      false,
    ]);
  });
});

describe('Listings: bulk', () => {
  it('one signature lists many; each proof fits only its own listing', async () => {
    const many = tokens.slice(0, 5).map((tokenId, i) => listingOf({ tokenId, salt: BigInt(i) }));
    const fills = await signBulk(alice, many, f.anvil.chainId, listings);
    // Another listing's proof, or a listing changed under its own proof, is refused.
    await f.expectRevert(
      carol,
      buyCall(listings, { ...fills[0]!, proof: fills[1]!.proof }, AIA),
      'InvalidSignature',
    );
    await f.expectRevert(
      carol,
      buyCall(listings, { ...fills[0]!, listing: { ...fills[0]!.listing, pricePerUnit: 1n } }, 1n),
      'InvalidSignature',
    );
    for (const fill of fills.slice(0, 3)) await f.write(carol, buyCall(listings, fill, AIA));
    // A bulk listing is cancelled by its own order hash, like a single one.
    const hash = listingOrderHash(fills[3]!.listing, f.anvil.chainId, listings);
    await f.write(alice, listingsCall(listings, 'cancelListings', [[hash]]));
    await f.expectRevert(carol, buyCall(listings, fills[3]!, AIA), 'ListingCancelledError');
    await f.write(carol, buyCall(listings, fills[4]!, AIA));
    expect(await Promise.all(tokens.slice(0, 5).map(ownerOf))).toEqual([
      carol.address,
      carol.address,
      carol.address,
      alice.address,
      carol.address,
    ]);
  });
});

describe('Listings: bulk trees', () => {
  /** `n` listings of 1 unit of a fresh ERC1155 id, AIA and the stable coin in turn. */
  async function mixed(n: number): Promise<SignedListingFields[]> {
    await f.mint1155(alice, 7n, BigInt(n));
    return Array.from({ length: n }, (_, i) =>
      listingOf({
        collection: f.c.game1155,
        erc1155: true,
        tokenId: 7n,
        coin: i % 2 === 0 ? zeroAddress : f.c.usdt,
        pricePerUnit: AIA + BigInt(i),
        salt: 100n + BigInt(i),
      }),
    );
  }
  const aiaOf = (fills: readonly Fill[]) =>
    fills.reduce(
      (sum, x) => sum + (x.listing.coin === zeroAddress ? x.listing.pricePerUnit : 0n),
      0n,
    );

  for (const n of [1, 2, 3]) {
    it(`a tree of ${n}: each leaf is bought with its own proof and index, in its own coin`, async () => {
      const fills = await signBulk(alice, await mixed(n), f.anvil.chainId, listings);
      expect(fills[0]!.proof).toHaveLength(n === 3 ? 2 : 1);
      const usdtBefore = await f.balance(f.c.usdt, carol.address);
      for (const fill of fills) await f.write(carol, buyCall(listings, fill, aiaOf([fill])));
      expect(await balance1155(carol.address, 7n)).toBe(BigInt(n));
      const usdtSpent = fills.reduce(
        (a, x) => a + (x.listing.coin === f.c.usdt ? x.listing.pricePerUnit : 0n),
        0n,
      );
      expect(usdtBefore - (await f.balance(f.c.usdt, carol.address))).toBe(usdtSpent);
      // Each fill is tracked by the listing's own order hash, as if signed alone.
      for (const fill of fills) {
        const hash = listingOrderHash(fill.listing, f.anvil.chainId, listings);
        expect(
          await f.read(listingsCall(listings, 'listingStatus', [alice.address, hash])),
        ).toEqual([1n, false]);
      }
    });
  }

  it('a tree of 100 in two coins (height 7): every leaf is bought with its proof', async () => {
    const fills = await signBulk(alice, await mixed(100), f.anvil.chainId, listings);
    expect(fills[99]!.proof).toHaveLength(7);
    for (let from = 0; from < 100; from += 30) {
      const chunk = fills.slice(from, from + 30);
      const receipt = await f.write(carol, sweepCall(listings, chunk, [], aiaOf(chunk)));
      expect(f.events(receipt, listingsAbi, 'SweepItemSkipped', listings)).toEqual([]);
    }
    expect(await balance1155(carol.address, 7n)).toBe(100n);
  });

  it('the digest the seller signs is the typed tree as viem hashes it', async () => {
    const tree = listingTree(await mixed(3));
    expect(
      await f.read(listingsCall(listings, 'hashListingTree', [BigInt(tree.height), tree.root])),
    ).toBe(hashTypedData(tree.typedData(f.anvil.chainId, listings)));
    await f.expectRevert(
      carol,
      listingsCall(listings, 'hashListingTree', [8n, tree.root]),
      'InvalidSignature',
    );
  });

  it('padding leaves are never fillable', async () => {
    const three = await mixed(3);
    const [fill] = await signBulk(alice, three, f.anvil.chainId, listings);
    // Leaf 3 is the zero listing; its proof is leaf 2 then the hash of leaves 0 and 1.
    const leaves = three.map(listingStructHash);
    const padding: Fill = {
      listing: EMPTY_LISTING,
      signature: fill!.signature,
      proof: [leaves[2]!, keccak256(concat([leaves[0]!, leaves[1]!]))],
      index: 3n,
      units: 1n,
    };
    // Its price is zero and its seller zero (no signature recovers to zero): refused either way.
    await f.expectRevert(carol, buyCall(listings, padding), 'InvalidPrice');
    const receipt = await f.write(carol, sweepCall(listings, [padding, fill!], [], AIA));
    const skipped = f.events<{ index: bigint }>(receipt, listingsAbi, 'SweepItemSkipped', listings);
    expect(skipped.map((x) => x.index)).toEqual([0n]);
  });

  it('a proof of another height or index is refused', async () => {
    const fills = await signBulk(alice, await mixed(3), f.anvil.chainId, listings);
    const fill = fills[1]!; // index 1, height 2
    const zero = `0x${'00'.repeat(32)}` as Hex;
    const wrong: Fill[] = [
      { ...fill, index: 0n }, // the neighbour's place
      { ...fill, index: 1n + 4n }, // same low bits, beyond the tree
      { ...fill, proof: fill.proof.slice(0, 1) }, // height 1: its subtree's root signed as a tree
      { ...fill, proof: [...fill.proof, zero] }, // height 3
      { ...fill, proof: Array.from({ length: 8 }, () => zero) }, // beyond the deepest tree
      { ...fill, proof: [] }, // signed alone: it was not
    ];
    for (const w of wrong)
      await f.expectRevert(carol, buyCall(listings, w, AIA), 'InvalidSignature');
    await f.write(carol, buyCall(listings, fill, 0n));
  });

  it('the retired ListingTree(root) signature (sorted pairs) is refused', async () => {
    const three = await mixed(3);
    const old = sortedMerkleTree(three.map(listingStructHash));
    const signature = await privateKeyToAccount(alice.privateKey).signTypedData({
      domain: listingDomain(f.anvil.chainId, listings),
      types: { ListingTree: [{ name: 'root', type: 'bytes32' }] },
      primaryType: 'ListingTree',
      message: { root: old.root },
    });
    for (const [i, listing] of three.entries()) {
      for (const index of [0n, BigInt(i)]) {
        const fill: Fill = { listing, signature, proof: old.proof(i), index, units: 1n };
        await f.expectRevert(carol, buyCall(listings, fill, aiaOf([fill])), 'InvalidSignature');
      }
    }
  });
});

describe('Listings: sweep', () => {
  it('buys signed and on-chain listings in one transaction, skips a sold one and returns its AIA', async () => {
    // Signed: three ERC721 in AIA (one bought by dave first), one in the stable coin.
    const signed = await signBulk(
      alice,
      [0, 1, 2, 3].map((i) =>
        listingOf({ tokenId: tokens[i]!, salt: BigInt(i), coin: i === 3 ? f.c.usdt : zeroAddress }),
      ),
      f.anvil.chainId,
      listings,
    );
    await f.write(dave, buyCall(listings, signed[1]!, AIA));
    // On-chain: bob lists an ERC1155 in AIA and an ERC721 in the stable coin on the market.
    const [bobToken] = await f.mint721(bob, 1);
    await f.mint1155(bob, 1n, 4n);
    const itemOf = (r: { logs: readonly { topics: readonly string[] }[] }) =>
      BigInt(r.logs.at(-1)!.topics[1]!);
    const item1155 = itemOf(
      await f.write(bob, f.mk.list(f.c.game1155, 1n, 4n, 2n * AIA, zeroAddress)),
    );
    const item721 = itemOf(
      await f.write(bob, f.mk.list(f.c.game721, bobToken!, 1n, 3n * AIA, f.c.usdt)),
    );
    const marketBuys = [
      {
        itemId: item1155,
        amount: 3n,
        nftContract: f.c.game1155,
        erc1155: true,
        tokenId: 1n,
        coin: zeroAddress,
        price: 2n * AIA,
      },
      {
        itemId: item721,
        amount: 1n,
        nftContract: f.c.game721,
        erc1155: false,
        tokenId: bobToken!,
        coin: f.c.usdt,
        price: 3n * AIA,
      },
    ];
    const aiaBefore = await f.nativeBalance(carol.address);
    const usdtBefore = await f.balance(f.c.usdt, carol.address);
    const value = 3n * AIA + 6n * AIA + 123n; // every AIA item, the sold one too, and extra
    const receipt = await f.write(carol, sweepCall(listings, signed, marketBuys, value));
    // Paid: two signed AIA items and the ERC1155 (6 AIA); the sold one and the extra came back.
    expect(aiaBefore - (await f.nativeBalance(carol.address))).toBe(2n * AIA + 6n * AIA);
    expect(usdtBefore - (await f.balance(f.c.usdt, carol.address))).toBe(AIA + 3n * AIA);
    expect(await Promise.all([0, 1, 2, 3].map((i) => ownerOf(tokens[i]!)))).toEqual([
      carol.address,
      dave.address,
      carol.address,
      carol.address,
    ]);
    expect(await ownerOf(bobToken!)).toBe(carol.address);
    expect(await balance1155(carol.address)).toBe(3n);
    await expectHoldsCollected();
    const skipped = f.events<{ index: bigint }>(receipt, listingsAbi, 'SweepItemSkipped', listings);
    expect(skipped.map((s) => s.index)).toEqual([1n]);
    const swept = f.events<{ itemId: bigint; buyer: Address }>(
      receipt,
      listingsAbi,
      'MarketItemSwept',
      listings,
    );
    expect(swept.map((s) => [s.itemId, s.buyer])).toEqual([
      [item1155, carol.address],
      [item721, carol.address],
    ]);
  });

  it('skips an on-chain listing bought meanwhile or repriced, and refunds it', async () => {
    const [t1, t2] = await f.mint721(bob, 2);
    const r1 = await f.write(bob, f.mk.list(f.c.game721, t1!, 1n, AIA, zeroAddress));
    const r2 = await f.write(bob, f.mk.list(f.c.game721, t2!, 1n, AIA, f.c.usdt));
    const id1 = BigInt(r1.logs.at(-1)!.topics[1]!);
    const id2 = BigInt(r2.logs.at(-1)!.topics[1]!);
    await f.write(dave, f.mk.buy(id1, 1n, priceHash(f.c.game721, t1!, AIA), AIA));
    await f.write(bob, f.mk.modify(id2, 2n * AIA));
    const aiaBefore = await f.nativeBalance(carol.address);
    const usdtBefore = await f.balance(f.c.usdt, carol.address);
    const buys = [
      [id1, t1!, zeroAddress],
      [id2, t2!, f.c.usdt],
    ].map(([itemId, tokenId, coin]) => ({
      itemId: itemId as bigint,
      amount: 1n,
      nftContract: f.c.game721,
      erc1155: false,
      tokenId: tokenId as bigint,
      coin: coin as Address,
      price: AIA,
    }));
    const fill = await single(listingOf());
    await f.write(carol, sweepCall(listings, [fill], buys, 2n * AIA));
    expect(aiaBefore - (await f.nativeBalance(carol.address))).toBe(AIA);
    expect(await f.balance(f.c.usdt, carol.address)).toBe(usdtBefore);
    await expectHoldsCollected();
  });

  it('refuses more than 30 items and too little AIA', async () => {
    const fill = await single(listingOf());
    await f.expectRevert(
      carol,
      sweepCall(
        listings,
        Array.from({ length: 31 }, () => fill),
      ),
      'TooManyItems',
      [31n],
    );
    await f.expectRevert(carol, sweepCall(listings, [fill], [], AIA - 1n), 'IncorrectPayment');
  });
});

describe('Listings: adversarial', () => {
  it('a contract-wallet seller (EIP-1271): its signer signs alone and in bulk, the wallet is paid', async () => {
    const wallet = await f.deploy(owner, offerWalletAbi, offerWalletBytecode, [dave.address]);
    const ids = await f.mint721(wallet, 2);
    await f.write(owner, {
      address: wallet,
      abi: offerWalletAbi,
      functionName: 'execute',
      args: [
        f.c.game721,
        0n,
        encodeFunctionData({
          abi: gameItems721Abi,
          functionName: 'setApprovalForAll',
          args: [listings, true],
        }),
      ],
    });
    const mine = ids.map((tokenId, i) => listingOf({ seller: wallet, tokenId, salt: BigInt(i) }));
    const alone: Fill = {
      listing: mine[0]!,
      signature: await signListing(dave, mine[0]!, f.anvil.chainId, listings),
      proof: [],
      index: 0n,
      units: 1n,
    };
    // Signed by someone else than the wallet's signer: refused.
    await f.expectRevert(
      carol,
      buyCall(listings, {
        ...alone,
        signature: await signListing(erin, mine[0]!, f.anvil.chainId, listings),
      }),
      'InvalidSignature',
    );
    const before = await f.nativeBalance(wallet);
    await f.write(carol, buyCall(listings, alone, AIA));
    const [, bulkSecond] = await signBulk(dave, mine, f.anvil.chainId, listings);
    await f.write(carol, buyCall(listings, bulkSecond!, AIA));
    expect((await f.nativeBalance(wallet)) - before).toBe(2n * split(AIA).seller);
    expect(await Promise.all(ids.map(ownerOf))).toEqual([carol.address, carol.address]);
  });

  it('a buyer contract re-entering from its ERC1155 hook is refused; its sweep completes', async () => {
    const buyer = await f.deploy(carol, reentrantActorAbi, reentrantActorBytecode);
    await f.testClient.setBalance({ address: buyer, value: 10n ** 20n });
    const fill = await single(
      listingOf({ collection: f.c.game1155, erc1155: true, tokenId: 1n, units: 2n }),
    );
    const reentries = [
      encodeFunctionData({ abi: listingsAbi, functionName: 'buy', args: [fill] }),
      encodeFunctionData({ abi: listingsAbi, functionName: 'sweep', args: [[fill], []] }),
      encodeFunctionData({ abi: listingsAbi, functionName: 'incrementCounter' }),
    ];
    await f.write(carol, {
      address: buyer,
      abi: reentrantActorAbi,
      functionName: 'setReentries',
      args: [reentries.slice(0, 2).map((data) => ({ target: listings, value: 0n, data }))],
    });
    const sellerBefore = await f.nativeBalance(alice.address);
    await f.write(carol, {
      address: buyer,
      abi: reentrantActorAbi,
      functionName: 'execute',
      args: [
        listings,
        2n * AIA,
        encodeFunctionData({ abi: listingsAbi, functionName: 'sweep', args: [[fill], []] }),
      ],
    });
    const read = (functionName: string) =>
      f.read({ address: buyer, abi: reentrantActorAbi, functionName });
    expect(await read('attempts')).toBe(2n);
    expect(await read('successes')).toBe(0n);
    expect(new Set((await read('errors')) as Hex[])).toEqual(
      new Set([toFunctionSelector('ReentrancyGuardReentrantCall()')]),
    );
    expect(await balance1155(buyer)).toBe(2n);
    expect((await f.nativeBalance(alice.address)) - sellerBefore).toBe(split(2n * AIA).seller);
    await expectHoldsCollected();
  });

  it('refuses a listing whose calldata carries dirty bits, even signed as such by the seller', async () => {
    // The seller signs the digest of the dirty words itself (no EIP-712 encoder would make
    // them): only the contract's own check of the words stands between them and a fill.
    const listing = listingOf();
    const [typeHash, domain] = await Promise.all([
      f.read<Hex>(listingsCall(listings, 'LISTING_TYPEHASH')),
      f.read<Hex>(listingsCall(listings, 'domainSeparator')),
    ]);
    const { word, high, number } = structWords(typeHash, LISTING_TYPES.Listing, listing);
    const cases: [number, Hex][] = [
      [0, high(0)], // seller
      [1, high(1)], // collection
      [2, number(2, 2n)], // erc1155 = 2
      [5, high(5)], // coin
    ];
    for (const [i, encoded] of cases) {
      const signature = await signEncodedStruct(alice, domain, encoded);
      const data = encodeFunctionData({
        abi: listingsAbi,
        functionName: 'buy',
        args: [{ listing, signature, proof: [], index: 0n, units: 1n }],
      });
      // buy(Fill): the fill is dynamic, so its head offset comes first; the listing's words
      // start right after it.
      const at = 2 + 8 + 64 + 64 * i;
      const bad = `${data.slice(0, at)}${word(encoded, i)}${data.slice(at + 64)}` as Hex;
      const receipt = await f.sendData(carol, listings, bad, AIA);
      expect(receipt.status, `dirty word ${i}`).toBe('reverted');
    }
    expect(await ownerOf(tokens[0]!)).toBe(alice.address);
    await f.write(carol, buyCall(listings, await single(listing), AIA));
  });
});
