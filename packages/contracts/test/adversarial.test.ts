// Adversarial cases: re-entrant receivers (from ERC721/ERC1155 hooks and from receive/fallback),
// ERC-20s that return nothing, return false or charge a transfer fee, 6- and 18-decimal coins,
// quantity 0, a price change before the buy, a listing whose token leaves and comes back, and
// per-wallet caps bypassed through many contracts of one user.
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpad1155Abi,
  launchpad721Abi,
  marketplaceAbi,
} from '@aiamarket/shared/abis';
import { encodeFunctionData, parseEther, parseUnits, toFunctionSelector, zeroAddress } from 'viem';
import type { Abi, Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { oddErc20Abi, reentrantActorAbi, reentrantActorBytecode } from '../out/testing-abis.js';
import { CONTRACT_KIND, ITEM_STATUS, priceHash } from '../ts/index.js';
import {
  alice,
  bob,
  carol,
  dave,
  feeAccount,
  launchpadCalls,
  owner,
  royaltyAccount,
  useFixture,
} from './fixture.js';
import { through } from './helpers.js';
import { tokenCall } from './token-calls.js';
import type { Actor, Call, MarketItem } from './fixture.js';

const REENTRANT = toFunctionSelector('ReentrancyGuardReentrantCall()');

const f = useFixture([reentrantActorAbi, oddErc20Abi]);
const { lp721, lp1155 } = launchpadCalls(f);

const data = (abi: Abi, functionName: string, args: readonly unknown[]) =>
  encodeFunctionData({ abi, functionName, args } as never);

/** Deploys a ReentrantActor controlled by `by`, funded with `value`. */
async function actor(by: Actor, value = parseEther('10')): Promise<Address> {
  const address = await f.deploy(by, reentrantActorAbi, reentrantActorBytecode);
  if (value) await f.testClient.setBalance({ address, value });
  return address;
}

/** Makes the actor contract call `call` (it is msg.sender). */
const as = (actorAddress: Address, call: Call): Call =>
  through(actorAddress, reentrantActorAbi, call);

/** The calls the actor contract makes from its hooks (receive, token receipts). */
const setReentries = (actorAddress: Address, calls: readonly unknown[]): Call => ({
  address: actorAddress,
  abi: reentrantActorAbi,
  functionName: 'setReentries',
  args: [calls],
});

/**
 * Every user-facing state-changing function of one contract, as re-entries. The guard is per
 * contract: calling another contract from a hook is an ordinary nested call, not a re-entry.
 */
function reentries(target: 'market' | 'lp721' | 'lp1155', itemId: bigint, tokenId: bigint) {
  const market = [
    {
      target: f.c.market,
      value: 0n,
      data: data(marketplaceAbi, 'createMarketItem', [f.c.game721, tokenId, 1n, 1n, zeroAddress]),
    },
    {
      target: f.c.market,
      value: 1n,
      data: data(marketplaceAbi, 'createMarketSale', [
        itemId,
        1n,
        priceHash(f.c.game721, tokenId, 1n),
      ]),
    },
    { target: f.c.market, value: 0n, data: data(marketplaceAbi, 'cancelMarketItem', [itemId]) },
    { target: f.c.market, value: 0n, data: data(marketplaceAbi, 'modifyPrice', [itemId, 2n]) },
    {
      target: f.c.market,
      value: 0n,
      data: data(marketplaceAbi, 'setRoyaltyRate', [f.c.game721, zeroAddress, 0n]),
    },
  ];
  const lp721 = [
    {
      target: f.c.lp721,
      value: parseEther('0.01'),
      data: data(launchpad721Abi, 'mint', [zeroAddress, 1n]),
    },
    {
      target: f.c.lp721,
      value: 0n,
      data: data(launchpad721Abi, 'swap', [CONTRACT_KIND.erc721, f.c.game721, [1n, 2n], [1n, 1n]]),
    },
  ];
  const lp1155 = [
    {
      target: f.c.lp1155,
      value: parseEther('0.01'),
      data: data(launchpad1155Abi, 'mint', [0n, zeroAddress, 1n]),
    },
    {
      target: f.c.lp1155,
      value: 0n,
      data: data(launchpad1155Abi, 'swap', [0n, CONTRACT_KIND.erc1155, f.c.game1155, [1n], [1n]]),
    },
  ];
  return { market, lp721, lp1155 }[target];
}

async function expectAllReentriesRefused(actorAddress: Address, expectedAttempts: number) {
  const r = (functionName: string) =>
    f.read({ address: actorAddress, abi: reentrantActorAbi, functionName });
  expect(await r('attempts')).toBe(BigInt(expectedAttempts));
  expect(await r('successes')).toBe(0n);
  const errors = (await r('errors')) as Hex[];
  expect(errors).toHaveLength(expectedAttempts);
  expect(new Set(errors)).toEqual(new Set([REENTRANT]));
}

describe('re-entrant receivers', () => {
  it('a seller re-entering every function from receive() is credited (its receive needs more than the stipend); the sale completes; withdrawing, every re-entry is refused', async () => {
    const seller = await actor(alice);
    const [id] = await f.mint721(seller);
    await f.write(alice, as(seller, tokenCall.approveAll(f.c.game721, f.c.market)));
    await f.write(alice, as(seller, f.mk.list(f.c.game721, id!, 1n, 1000n, zeroAddress)));
    const calls = reentries('market', 1n, id!);
    await f.write(alice, setReentries(seller, calls));
    const before = await f.nativeBalance(seller);
    await f.write(bob, f.mk.buy(1n, 1n, priceHash(f.c.game721, id!, 1000n), 1000n));
    expect(((await f.read(f.mk.call('getMarketItem', [1n]))) as MarketItem).status).toBe(
      ITEM_STATUS.sold,
    );
    expect(await f.read(f.mk.call('owedTo', [zeroAddress, seller]))).toBe(1000n - 25n - 50n);
    // The withdrawal sends with all the gas: the re-entries run, and are refused.
    await f.write(alice, as(seller, f.mk.call('withdrawOwed', [zeroAddress, seller])));
    await expectAllReentriesRefused(seller, calls.length);
    expect(await f.nativeBalance(seller)).toBe(before + 1000n - 25n - 50n);
    expect(await f.nativeBalance(f.c.market)).toBe(0n);
  });

  it('an ERC1155 buyer re-entering from onERC1155Received is refused', async () => {
    await f.mint1155(alice, 1n, 5n);
    await f.write(alice, f.mk.list(f.c.game1155, 1n, 5n, 100n, zeroAddress));
    const buyer = await actor(bob);
    const calls = reentries('market', 1n, 1n);
    await f.write(bob, setReentries(buyer, calls));
    await f.write(bob, as(buyer, f.mk.buy(1n, 2n, priceHash(f.c.game1155, 1n, 100n), 200n)));
    await expectAllReentriesRefused(buyer, calls.length);
    expect(
      await f.read({
        address: f.c.game1155,
        abi: gameItems1155Abi,
        functionName: 'balanceOf',
        args: [buyer, 1n],
      }),
    ).toBe(2n);
    expect(((await f.read(f.mk.call('getMarketItem', [1n]))) as MarketItem).leftAmount).toBe(3n);
  });

  it('a royalty receiver re-entering from its fallback is refused', async () => {
    const receiver = await actor(carol);
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, receiver, 1000n]));
    const calls = reentries('market', 1n, 1n);
    await f.write(carol, setReentries(receiver, calls));
    const [id] = await f.mint721(alice);
    await f.write(alice, f.mk.list(f.c.game721, id!, 1n, 1000n, zeroAddress));
    await f.write(bob, f.mk.buy(1n, 1n, priceHash(f.c.game721, id!, 1000n), 1000n));
    expect(await f.read(f.mk.call('owedTo', [zeroAddress, receiver]))).toBe(100n);
    await f.write(carol, as(receiver, f.mk.call('withdrawOwed', [zeroAddress, receiver])));
    await expectAllReentriesRefused(receiver, calls.length);
  });

  it('a seller that rejects payment does not stop the buy: it is credited, and withdraws elsewhere', async () => {
    const seller = await actor(alice);
    const [id] = await f.mint721(seller);
    await f.write(alice, as(seller, tokenCall.approveAll(f.c.game721, f.c.market)));
    await f.write(alice, as(seller, f.mk.list(f.c.game721, id!, 1n, 1000n, zeroAddress)));
    await f.write(alice, {
      address: seller,
      abi: reentrantActorAbi,
      functionName: 'setRejectNative',
      args: [true],
    });
    await f.write(bob, f.mk.buy(1n, 1n, priceHash(f.c.game721, id!, 1000n), 1000n));
    expect(await f.nativeBalance(seller)).toBe(parseEther('10'));
    await f.expectRevert(
      alice,
      as(seller, f.mk.call('withdrawOwed', [zeroAddress, seller])),
      'OwedTransferFailed',
      [seller],
    );
    const daveBefore = await f.nativeBalance(dave.address);
    await f.write(alice, as(seller, f.mk.call('withdrawOwed', [zeroAddress, dave.address])));
    expect((await f.nativeBalance(dave.address)) - daveBefore).toBe(1000n - 25n - 50n);
    expect(await f.nativeBalance(f.c.market)).toBe(0n);
  });

  it('minters re-entering from onERC721Received / onERC1155Received, and a bank from receive(), are refused', async () => {
    const minter = await actor(alice);
    const calls = reentries('lp721', 1n, 1n);
    await f.write(alice, setReentries(minter, calls));
    await f.write(alice, as(minter, lp721('mint', [zeroAddress, 2n], parseEther('0.02'))));
    // ERC721A's safe mint calls the hook once per token
    await expectAllReentriesRefused(minter, 2 * calls.length);
    // 1155: a second actor
    const minter2 = await actor(alice);
    const calls1155 = reentries('lp1155', 1n, 1n);
    await f.write(alice, setReentries(minter2, calls1155));
    await f.write(alice, as(minter2, lp1155('mint', [0n, zeroAddress, 1n], parseEther('0.01'))));
    await expectAllReentriesRefused(minter2, calls1155.length);
    // bank
    const evilBank = await actor(owner, 0n);
    await f.write(owner, setReentries(evilBank, calls));
    await f.write(
      owner,
      lp721('setCommonConfig', [
        { blindBoxType: 0, downFlag: false, swapFlag: true, bankAddress: evilBank },
      ]),
    );
    await f.write(bob, lp721('mint', [zeroAddress, 1n], parseEther('0.01')));
    await expectAllReentriesRefused(evilBank, calls.length);
    expect(await f.nativeBalance(evilBank)).toBe(parseEther('0.01'));
  });
});

describe('odd ERC-20s', () => {
  async function oddCoin(mode: 0 | 1 | 2, decimals = 6, feeBps = 100n): Promise<Address> {
    const coin = await f.deploy(owner, f.oddErc20.abi, f.oddErc20.bytecode, [
      'ODD',
      decimals,
      mode,
      feeBps,
    ]);
    await f.write(owner, f.mk.call('setCoinAllowed', [coin, true]));
    for (const u of [alice, bob, carol]) {
      await f.write(u, tokenCall.mint(coin, u.address, parseUnits('1000', decimals)));
      for (const spender of [f.c.market, f.c.lp721]) {
        await f.write(u, tokenCall.approve(coin, spender, 2n ** 255n));
      }
    }
    return coin;
  }
  const bal = (coin: Address, who: Address) =>
    f.read<bigint>({ address: coin, abi: oddErc20Abi, functionName: 'balanceOf', args: [who] });

  async function listAndBuy(coin: Address, price: bigint) {
    const [id] = await f.mint721(alice);
    const receipt = await f.write(alice, f.mk.list(f.c.game721, id!, 1n, price, coin));
    const [created] = f.events<{ itemId: bigint }>(receipt, marketplaceAbi, 'MarketItemCreated');
    return { itemId: created!.itemId, hash: priceHash(f.c.game721, id!, price) };
  }

  it('a coin whose transfer returns nothing (USDT-style) works with exact payouts', async () => {
    const coin = await oddCoin(0);
    const { itemId, hash } = await listAndBuy(coin, 1_000_000n);
    const who = [alice, bob, feeAccount, royaltyAccount].map((a) => a.address);
    const before = await Promise.all(who.map((a) => bal(coin, a)));
    await f.write(bob, f.mk.buy(itemId, 1n, hash));
    const after = await Promise.all(who.map((a) => bal(coin, a)));
    expect(after.map((v, i) => v - before[i]!)).toEqual([
      1_000_000n - 25_000n - 50_000n,
      -1_000_000n,
      25_000n,
      50_000n,
    ]);
    expect(await bal(coin, f.c.market)).toBe(0n);
    // launchpad mint with it
    await f.write(
      owner,
      lp721('setCoins', [[{ coinAddr: coin, coinAmount: 7n, coinMaxAmount: 10n }]]),
    );
    const bankBefore = await bal(coin, owner.address);
    await f.write(bob, lp721('mint', [coin, 3n]));
    expect(await bal(coin, owner.address)).toBe(bankBefore + 21n);
  });

  it('a coin that returns false instead of reverting cannot be used to buy or mint for free', async () => {
    const coin = await oddCoin(1);
    const { itemId, hash } = await listAndBuy(coin, parseUnits('2000', 6)); // more than bob holds
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, hash), 'SafeERC20FailedOperation', [coin]);
    await f.write(carol, {
      address: coin,
      abi: oddErc20Abi,
      functionName: 'setFailAll',
      args: [true],
    });
    const cheap = await listAndBuy(coin, 10n);
    await f.expectRevert(bob, f.mk.buy(cheap.itemId, 1n, cheap.hash), 'SafeERC20FailedOperation', [
      coin,
    ]);
    await f.write(
      owner,
      lp721('setCoins', [[{ coinAddr: coin, coinAmount: 7n, coinMaxAmount: 10n }]]),
    );
    await f.expectRevert(bob, lp721('mint', [coin, 1n]), 'SafeERC20FailedOperation', [coin]);
    expect(await f.read(lp721('totalSupply'))).toBe(0n);
  });

  it('a fee-on-transfer coin: the buyer pays exactly the price, recipients get it minus the token fee, the market keeps nothing', async () => {
    const coin = await oddCoin(2, 18, 100n); // 1 % burnt per transfer
    const price = parseUnits('100', 18);
    const { itemId, hash } = await listAndBuy(coin, price);
    const who = [alice, bob, feeAccount, royaltyAccount].map((a) => a.address);
    const before = await Promise.all(who.map((a) => bal(coin, a)));
    await f.write(bob, f.mk.buy(itemId, 1n, hash));
    const after = await Promise.all(who.map((a) => bal(coin, a)));
    const fee = (price * 25n) / 1000n;
    const royalty = (price * 500n) / 10000n;
    const net = (x: bigint) => x - (x * 100n) / 10000n;
    expect(after.map((v, i) => v - before[i]!)).toEqual([
      net(price - fee - royalty),
      -price,
      net(fee),
      net(royalty),
    ]);
    expect(await bal(coin, f.c.market)).toBe(0n);
  });
});

describe('edge cases', () => {
  it('quantity 0 always reverts: list, buy, mint, swap', async () => {
    const [id] = await f.mint721(alice);
    await f.expectRevert(alice, f.mk.list(f.c.game721, id!, 0n, 1n, zeroAddress), 'InvalidAmount', [
      0n,
    ]);
    await f.mint1155(alice, 1n, 3n);
    await f.expectRevert(alice, f.mk.list(f.c.game1155, 1n, 0n, 1n, zeroAddress), 'InvalidAmount', [
      0n,
    ]);
    await f.write(alice, f.mk.list(f.c.game1155, 1n, 3n, 1n, zeroAddress));
    await f.expectRevert(
      bob,
      f.mk.buy(1n, 0n, priceHash(f.c.game1155, 1n, 1n), 0n),
      'InvalidAmount',
      [0n],
    );
    await f.expectRevert(bob, lp721('mint', [zeroAddress, 0n]), 'ZeroQuantity');
    await f.expectRevert(bob, lp1155('mint', [0n, f.c.usdt, 0n]), 'ZeroQuantity');
    await f.expectRevert(
      bob,
      lp721('swap', [CONTRACT_KIND.erc721, f.c.game721, [], []]),
      'NothingSelected',
    );
  });

  it('6- and 18-decimal coins: payouts add up to the wei for awkward prices', async () => {
    for (const [coin, price] of [
      [f.c.usdt, 1n],
      [f.c.usdt, 39n],
      [f.c.usdt, 999_999_999_999n],
      [f.c.coin18, 1n],
      [f.c.coin18, 10n ** 36n - 1n],
    ] as const) {
      const [id] = await f.mint721(alice);
      const receipt = await f.write(alice, f.mk.list(f.c.game721, id!, 1n, price, coin));
      const [created] = f.events<{ itemId: bigint }>(receipt, marketplaceAbi, 'MarketItemCreated');
      // top bob up (StableCoin: owner mint; the test coin: anyone)
      await f.write(owner, tokenCall.mint(coin, bob.address, price));
      const who = [alice, bob, feeAccount, royaltyAccount].map((a) => a.address);
      const before = await Promise.all(who.map((a) => f.balance(coin, a)));
      const sold = await f.write(
        bob,
        f.mk.buy(created!.itemId, 1n, priceHash(f.c.game721, id!, price)),
      );
      const after = await Promise.all(who.map((a) => f.balance(coin, a)));
      const [e] = f.events<{ fee: bigint; royalty: bigint }>(
        sold,
        marketplaceAbi,
        'MarketItemSold',
      );
      expect(after[0]! - before[0]! + e!.fee + e!.royalty).toBe(price);
      expect(before[1]! - after[1]!).toBe(price);
      expect(await f.balance(coin, f.c.market)).toBe(0n);
    }
  });

  it('a listing whose token leaves is unbuyable; when it comes back unchanged it is buyable again at the listed price', async () => {
    const [id] = await f.mint721(alice);
    await f.write(alice, f.mk.list(f.c.game721, id!, 1n, 500n, zeroAddress));
    const hash = priceHash(f.c.game721, id!, 500n);
    const move = (from: Actor, to: Actor) =>
      f.write(from, {
        address: f.c.game721,
        abi: gameItems721Abi,
        functionName: 'transferFrom',
        args: [from.address, to.address, id!],
      });
    await move(alice, carol);
    await f.expectRevert(bob, f.mk.buy(1n, 1n, hash, 500n), 'ListingNotValid', [1n]);
    await move(carol, alice);
    // documented: the on-chain listing revives (the price hash still protects the buyer)
    expect(await f.read(f.mk.call('isListingValid', [1n]))).toBe(true);
    await f.write(bob, f.mk.buy(1n, 1n, hash, 500n));
    // ...unless it was force-cancelled while away
    const [id2] = await f.mint721(alice);
    await f.write(alice, f.mk.list(f.c.game721, id2!, 1n, 500n, zeroAddress));
    await f.write(alice, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [alice.address, carol.address, id2!],
    });
    await f.write(dummyCanceller(), f.mk.cancel(2n));
    await f.write(carol, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [carol.address, alice.address, id2!],
    });
    await f.expectRevert(
      bob,
      f.mk.buy(2n, 1n, priceHash(f.c.game721, id2!, 500n), 500n),
      'NotListed',
      [2n],
    );
  });

  it('per-wallet caps hold per address only: one user with many contracts mints past them', async () => {
    // maxUserSize is 20 per address; alice uses her wallet and 2 contracts she controls
    const contracts = [await actor(alice), await actor(alice)];
    await f.write(alice, lp721('mint', [zeroAddress, 10n], parseEther('0.1')));
    await f.write(alice, lp721('mint', [zeroAddress, 10n], parseEther('0.1')));
    await f.expectRevert(
      alice,
      lp721('mint', [zeroAddress, 1n], parseEther('0.01')),
      'WalletLimitExceeded',
      [0n],
    );
    for (const c of contracts) {
      for (let i = 0; i < 2; i++) {
        await f.write(alice, as(c, lp721('mint', [zeroAddress, 10n], parseEther('0.1'))));
      }
      // each contract is capped like any address, and so is each transaction
      await f.expectRevert(
        c,
        lp721('mint', [zeroAddress, 1n], parseEther('0.01')),
        'WalletLimitExceeded',
        [0n],
      );
    }
    const held = await Promise.all(
      [alice.address, ...contracts].map((a) => f.read<bigint>(lp721('balanceOf', [a]))),
    );
    expect(held.reduce((x, y) => x + y, 0n)).toBe(60n); // 3 x the per-wallet cap for one person
    // the supply cap and the per-coin cap still hold globally
    expect(await f.read(lp721('amountMinted', [zeroAddress]))).toBe(60n);
    expect(await f.nativeBalance(f.c.lp721)).toBe(0n);
  });
});

function dummyCanceller(): Actor {
  return carol;
}
