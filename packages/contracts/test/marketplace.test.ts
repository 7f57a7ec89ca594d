import {
  gameItems1155Abi,
  gameItems721Abi,
  marketplaceAbi,
  stableCoinAbi,
} from '@aiamarket/shared/abis';
import { parseEther, parseUnits, zeroAddress } from 'viem';
import { TRANSACTION_FEE_MAX_PERCENT } from '@aiamarket/shared';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { marketplaceV2Abi, marketplaceV2Bytecode } from '../out/testing-abis.js';
import { CONTRACT_KIND, ITEM_STATUS, PRICE_HASH_SALT, priceHash } from '../ts/index.js';
import { alice, bob, carol, feeAccount, owner, royaltyAccount, useFixture } from './fixture.js';
import { tokenCall } from './token-calls.js';
import type { MarketItem } from './fixture.js';
import { oldDenominatorSetter } from './market-legacy.js';

const f = useFixture([marketplaceV2Abi]);

const item = (itemId: bigint) => f.read<MarketItem>(f.mk.call('getMarketItem', [itemId]));

/** Lists and returns the new item id. */
async function list(
  seller: typeof alice,
  nft: Address,
  tokenId: bigint,
  amount: bigint,
  price: bigint,
  coin: Address = zeroAddress,
) {
  const receipt = await f.write(seller, f.mk.list(nft, tokenId, amount, price, coin));
  const [created] = f.events<{ itemId: bigint }>(receipt, marketplaceAbi, 'MarketItemCreated');
  return created!.itemId;
}

describe('Marketplace: setup and owner settings', () => {
  it('is initialised behind the proxy with fee 2.5 %, AIA and the stable coin allowed', async () => {
    expect(await f.read(f.mk.call('owner'))).toBe(owner.address);
    expect(await f.read(f.mk.call('version'))).toBe('1');
    expect(await f.read(f.mk.call('feeConfig'))).toEqual([feeAccount.address, 25n, 1000n, 10000n]);
    expect(await f.read(f.mk.call('isCoinAllowed', [zeroAddress]))).toBe(true);
    expect(await f.read(f.mk.call('isCoinAllowed', [f.c.usdt]))).toBe(true);
    expect(await f.read(f.mk.call('isCoinAllowed', [f.c.game721]))).toBe(false);
    expect(await f.read(f.mk.call('paused'))).toBe(false);
    expect(await f.read(f.mk.call('itemCount'))).toBe(0n);
    expect(await f.read(f.mk.call('PRICE_HASH_SALT'))).toBe(PRICE_HASH_SALT);
    expect(await f.read(f.mk.call('priceHash', [f.c.game721, 7n, 99n]))).toBe(
      priceHash(f.c.game721, 7n, 99n),
    );
  });

  it('cannot be initialised twice, and the implementation cannot be initialised at all', async () => {
    const args = [alice.address, alice.address, 1, 100, []];
    await f.expectRevert(alice, f.mk.call('initialize', args), 'InvalidInitialization');
    await f.expectRevert(
      alice,
      { ...f.mk.call('initialize', args), address: f.c.marketImpl },
      'InvalidInitialization',
    );
  });

  it('owner-only setters refuse anyone else', async () => {
    for (const [fn, args] of [
      ['setFee', [1, 100]],
      ['setFeeAddress', [alice.address]],
      ['setCoinAllowed', [f.c.coin18, false]],
      ['pause', []],
      ['unpause', []],
      ['withdraw', [zeroAddress, alice.address, 0n]],
      ['withdrawERC721', [f.c.game721, 1n, alice.address]],
      ['upgradeToAndCall', [f.c.marketImpl, '0x']],
    ] as const) {
      await f.expectRevert(alice, f.mk.call(fn, args), 'OwnableUnauthorizedAccount', [
        alice.address,
      ]);
    }
  });

  it('setFee checks the denominator and the 50 % cap and emits FeeSet', async () => {
    const receipt = await f.write(owner, f.mk.call('setFee', [1, 40]));
    expect(f.events(receipt, marketplaceAbi, 'FeeSet')).toEqual([
      { numerator: 1n, denominator: 40n },
    ]);
    await f.expectRevert(owner, f.mk.call('setFee', [1, 0]), 'InvalidDenominator', [0n]);
    await f.expectRevert(owner, f.mk.call('setFee', [51, 100]), 'FeeTooHigh', [51n, 100n]);
    await f.write(owner, f.mk.call('setFee', [50, 100]));
    // The admin CLI refuses a transaction_fee above the same cap.
    expect(await f.read(f.mk.call('MAX_FEE_PERCENT'))).toBe(BigInt(TRANSACTION_FEE_MAX_PERCENT));
    await f.write(owner, f.mk.call('setFee', [0, 1]));
    expect(await f.read(f.mk.call('feeConfig'))).toEqual([feeAccount.address, 0n, 1n, 10000n]);
  });

  it('setFeeAddress refuses the zero address and emits FeeAddressSet', async () => {
    await f.expectRevert(owner, f.mk.call('setFeeAddress', [zeroAddress]), 'ZeroAddress');
    const receipt = await f.write(owner, f.mk.call('setFeeAddress', [carol.address]));
    expect(f.events(receipt, marketplaceAbi, 'FeeAddressSet')).toEqual([
      { feeAddress: carol.address },
    ]);
  });

  it('the royalty rate denominator is fixed at 10 000: the old setter is gone', async () => {
    expect(await f.read(f.mk.call('ROYALTY_RATE_DENOMINATOR'))).toBe(10_000n);
    expect(await f.read(f.mk.call('MAX_ROYALTY_RATE'))).toBe(1000n);
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, carol.address, 1000n]));
    // Earlier implementations let the owner set 100 here, turning this 10 % into 100 %.
    const receipt = await f.send(owner, oldDenominatorSetter(f.c.market, 100));
    expect(receipt.status).toBe('reverted');
    expect((await f.read<readonly unknown[]>(f.mk.call('feeConfig')))[3]).toBe(10_000n);
    expect(await f.read(f.mk.call('royaltyOf', [f.c.game721, 1n, 10_000n]))).toEqual([
      carol.address,
      1000n,
    ]);
  });

  it('setCoinAllowed emits CoinAllowed', async () => {
    const receipt = await f.write(owner, f.mk.call('setCoinAllowed', [f.c.usdt, false]));
    expect(f.events(receipt, marketplaceAbi, 'CoinAllowed')).toEqual([
      { coin: f.c.usdt, allowed: false },
    ]);
    expect(await f.read(f.mk.call('isCoinAllowed', [f.c.usdt]))).toBe(false);
  });

  it('pause stops listing, buying and price changes; cancel still works; unpause restores', async () => {
    const [id] = await f.mint721(alice);
    const itemId = await list(alice, f.c.game721, id!, 1n, 100n);
    let receipt = await f.write(owner, f.mk.call('pause'));
    expect(f.events(receipt, marketplaceAbi, 'Paused')).toEqual([{ account: owner.address }]);
    await f.expectRevert(owner, f.mk.call('pause'), 'EnforcedPause');
    const [id2] = await f.mint721(alice);
    await f.expectRevert(alice, f.mk.list(f.c.game721, id2!, 1n, 1n, zeroAddress), 'EnforcedPause');
    await f.expectRevert(
      bob,
      f.mk.buy(itemId, 1n, priceHash(f.c.game721, id!, 100n), 100n),
      'EnforcedPause',
    );
    await f.expectRevert(alice, f.mk.modify(itemId, 5n), 'EnforcedPause');
    receipt = await f.write(owner, f.mk.call('unpause'));
    expect(f.events(receipt, marketplaceAbi, 'Unpaused')).toEqual([{ account: owner.address }]);
    await f.expectRevert(owner, f.mk.call('unpause'), 'ExpectedPause');
    await f.write(owner, f.mk.call('pause'));
    await f.write(alice, f.mk.cancel(itemId));
    expect((await item(itemId)).status).toBe(ITEM_STATUS.cancelled);
  });

  it('withdraws native coins, ERC-20s and ERC721s sent by mistake', async () => {
    await f.testClient.setBalance({ address: f.c.market, value: 5n });
    const before = await f.nativeBalance(carol.address);
    const receipt = await f.write(owner, f.mk.call('withdraw', [zeroAddress, carol.address, 5n]));
    expect(f.events(receipt, marketplaceAbi, 'Withdrawn')).toEqual([
      { coin: zeroAddress, to: carol.address, amount: 5n },
    ]);
    expect(await f.nativeBalance(carol.address)).toBe(before + 5n);
    expect(await f.nativeBalance(f.c.market)).toBe(0n);

    await f.write(alice, {
      address: f.c.usdt,
      abi: stableCoinAbi,
      functionName: 'transfer',
      args: [f.c.market, 7n],
    });
    const usdtBefore = await f.balance(f.c.usdt, carol.address);
    await f.write(owner, f.mk.call('withdraw', [f.c.usdt, carol.address, 7n]));
    expect(await f.balance(f.c.usdt, carol.address)).toBe(usdtBefore + 7n);
    await f.expectRevert(owner, f.mk.call('withdraw', [f.c.usdt, zeroAddress, 1n]), 'ZeroAddress');

    const [id] = await f.mint721(alice);
    await f.write(alice, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [alice.address, f.c.market, id!],
    });
    await f.write(owner, f.mk.call('withdrawERC721', [f.c.game721, id!, carol.address]));
    expect(await f.read(tokenCall.ownerOf(f.c.game721, id!))).toBe(carol.address);
    await f.expectRevert(
      owner,
      f.mk.call('withdrawERC721', [f.c.game721, id!, zeroAddress]),
      'ZeroAddress',
    );
  });
});

describe('Marketplace: createMarketItem', () => {
  it('lists an ERC721 and emits MarketItemCreated with everything an indexer needs', async () => {
    const [id] = await f.mint721(alice);
    const receipt = await f.write(
      alice,
      f.mk.list(f.c.game721, id!, 1n, parseEther('1.5'), zeroAddress),
    );
    const [created] = f.events(receipt, marketplaceAbi, 'MarketItemCreated');
    expect(created).toEqual({
      itemId: 1n,
      nftContract: f.c.game721,
      tokenId: id,
      seller: alice.address,
      coin: zeroAddress,
      price: parseEther('1.5'),
      amount: 1n,
      contractType: CONTRACT_KIND.erc721,
    });
    expect(await item(1n)).toEqual({
      nftContract: f.c.game721,
      contractType: CONTRACT_KIND.erc721,
      status: ITEM_STATUS.listed,
      tokenId: id,
      seller: alice.address,
      amount: 1n,
      coin: zeroAddress,
      leftAmount: 1n,
      price: parseEther('1.5'),
    });
    expect(await f.read(f.mk.call('itemCount'))).toBe(1n);
    expect(await f.read(f.mk.call('isListingValid', [1n]))).toBe(true);
    expect(await f.read(f.mk.call('activeItemId', [f.c.game721, id!, alice.address]))).toBe(1n);
    // The NFT stays with the seller.
    expect(await f.read(tokenCall.ownerOf(f.c.game721, id!))).toBe(alice.address);
  });

  it('lists an ERC1155 amount in the stable coin', async () => {
    await f.mint1155(bob, 3n, 10n);
    const itemId = await list(bob, f.c.game1155, 3n, 4n, parseUnits('2', 6), f.c.usdt);
    expect(await item(itemId)).toMatchObject({
      contractType: CONTRACT_KIND.erc1155,
      amount: 4n,
      leftAmount: 4n,
      coin: f.c.usdt,
      seller: bob.address,
    });
  });

  it('accepts a single-token ERC721 approval instead of approval for all', async () => {
    const [id] = await f.mint721(carol);
    await f.write(carol, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'setApprovalForAll',
      args: [f.c.market, false],
    });
    await f.expectRevert(
      carol,
      f.mk.list(f.c.game721, id!, 1n, 1n, zeroAddress),
      'MarketNotApproved',
      [f.c.game721],
    );
    await f.write(carol, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'approve',
      args: [f.c.market, id!],
    });
    const itemId = await list(carol, f.c.game721, id!, 1n, 1n);
    expect(await f.read(f.mk.call('isListingValid', [itemId]))).toBe(true);
  });

  it('reverts with a custom error for every invalid listing', async () => {
    const [id] = await f.mint721(alice);
    await f.mint1155(alice, 1n, 5n);
    const L = (nft: Address, tokenId: bigint, amount: bigint, price: bigint, coin: Address) =>
      f.mk.list(nft, tokenId, amount, price, coin);
    await f.expectRevert(alice, L(f.c.game721, id!, 1n, 0n, zeroAddress), 'InvalidPrice');
    await f.expectRevert(alice, L(f.c.game721, id!, 0n, 1n, zeroAddress), 'InvalidAmount', [0n]);
    await f.expectRevert(alice, L(f.c.game721, id!, 2n, 1n, zeroAddress), 'InvalidAmount', [2n]);
    await f.expectRevert(alice, L(f.c.game1155, 1n, 2n ** 96n, 1n, zeroAddress), 'AmountTooLarge', [
      2n ** 96n,
    ]);
    await f.expectRevert(alice, L(f.c.game721, id!, 1n, 1n, f.c.game721), 'CoinNotAllowed', [
      f.c.game721,
    ]);
    await f.expectRevert(alice, L(bob.address, 1n, 1n, 1n, zeroAddress), 'UnsupportedContract', [
      bob.address,
    ]);
    await f.expectRevert(alice, L(f.c.usdt, 1n, 1n, 1n, zeroAddress), 'UnsupportedContract', [
      f.c.usdt,
    ]);
    await f.expectRevert(bob, L(f.c.game721, id!, 1n, 1n, zeroAddress), 'NotTokenOwner', [
      f.c.game721,
      id,
    ]);
    await f.expectRevert(alice, L(f.c.game721, 999n, 1n, 1n, zeroAddress), 'NotTokenOwner', [
      f.c.game721,
      999n,
    ]);
    await f.expectRevert(alice, L(f.c.game1155, 1n, 6n, 1n, zeroAddress), 'InsufficientHolding', [
      5n,
      6n,
    ]);
    await f.write(alice, {
      address: f.c.game1155,
      abi: gameItems1155Abi,
      functionName: 'setApprovalForAll',
      args: [f.c.market, false],
    });
    await f.expectRevert(alice, L(f.c.game1155, 1n, 5n, 1n, zeroAddress), 'MarketNotApproved', [
      f.c.game1155,
    ]);
  });

  it('re-listing a token cancels the older listing (ERC721: any earlier owner; ERC1155: per seller)', async () => {
    const [id] = await f.mint721(alice);
    const first = await list(alice, f.c.game721, id!, 1n, 100n);
    const receipt = await f.write(alice, f.mk.list(f.c.game721, id!, 1n, 200n, zeroAddress));
    expect(f.events(receipt, marketplaceAbi, 'MarketItemCancelled')).toEqual([
      {
        itemId: first,
        nftContract: f.c.game721,
        tokenId: id,
        seller: alice.address,
        canceller: alice.address,
        status: ITEM_STATUS.cancelled,
      },
    ]);
    expect((await item(first)).status).toBe(ITEM_STATUS.cancelled);
    expect((await item(first)).leftAmount).toBe(0n);
    const second = first + 1n;
    // alice gives the token to bob, who lists it: alice's stale listing is force-cancelled.
    await f.write(alice, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [alice.address, bob.address, id!],
    });
    const third = await list(bob, f.c.game721, id!, 1n, 300n);
    expect((await item(second)).status).toBe(ITEM_STATUS.forceCancelled);
    expect(await f.read(f.mk.call('activeItemId', [f.c.game721, id!, bob.address]))).toBe(third);

    await f.mint1155(alice, 2n, 5n);
    await f.mint1155(bob, 2n, 5n);
    const a1 = await list(alice, f.c.game1155, 2n, 2n, 10n);
    const b1 = await list(bob, f.c.game1155, 2n, 3n, 10n);
    const a2 = await list(alice, f.c.game1155, 2n, 5n, 11n);
    expect((await item(a1)).status).toBe(ITEM_STATUS.cancelled);
    expect((await item(b1)).status).toBe(ITEM_STATUS.listed);
    expect((await item(a2)).status).toBe(ITEM_STATUS.listed);
  });
});

describe('Marketplace: createMarketSale', () => {
  it('sells an ERC721 for AIA paying seller, fee and ERC-2981 royalty exactly, holding nothing', async () => {
    const [id] = await f.mint721(alice);
    const price = parseEther('2');
    const itemId = await list(alice, f.c.game721, id!, 1n, price);
    const before = await Promise.all(
      [alice, bob, feeAccount, royaltyAccount].map((a) => f.nativeBalance(a.address)),
    );
    const receipt = await f.write(
      bob,
      f.mk.buy(itemId, 1n, priceHash(f.c.game721, id!, price), price),
    );
    const fee = (price * 25n) / 1000n;
    const royalty = (price * 500n) / 10000n;
    const after = await Promise.all(
      [alice, bob, feeAccount, royaltyAccount].map((a) => f.nativeBalance(a.address)),
    );
    expect(after[0]! - before[0]!).toBe(price - fee - royalty);
    expect(before[1]! - after[1]!).toBe(price);
    expect(after[2]! - before[2]!).toBe(fee);
    expect(after[3]! - before[3]!).toBe(royalty);
    expect(await f.nativeBalance(f.c.market)).toBe(0n);
    expect(f.events(receipt, marketplaceAbi, 'MarketItemSold')).toEqual([
      {
        itemId,
        nftContract: f.c.game721,
        buyer: bob.address,
        tokenId: id,
        seller: alice.address,
        coin: zeroAddress,
        price,
        amount: 1n,
        leftAmount: 0n,
        fee,
        royalty,
        royaltyReceiver: royaltyAccount.address,
      },
    ]);
    expect(await item(itemId)).toMatchObject({ status: ITEM_STATUS.sold, leftAmount: 0n });
    expect(await f.read(tokenCall.ownerOf(f.c.game721, id!))).toBe(bob.address);
    await f.expectRevert(
      carol,
      f.mk.buy(itemId, 1n, priceHash(f.c.game721, id!, price), price),
      'NotListed',
      [itemId],
    );
    expect(await f.read(f.mk.call('activeItemId', [f.c.game721, id!, alice.address]))).toBe(0n);
  });

  it('sells for the 6-decimal stable coin and an 18-decimal coin, pulling from the buyer', async () => {
    for (const [coin, price] of [
      [f.c.usdt, parseUnits('12.345679', 6)],
      [f.c.coin18, parseUnits('0.333333333333333333', 18)],
    ] as const) {
      const [id] = await f.mint721(alice);
      const itemId = await list(alice, f.c.game721, id!, 1n, price, coin);
      const who = [alice, bob, feeAccount, royaltyAccount];
      const before = await Promise.all(who.map((a) => f.balance(coin, a.address)));
      await f.write(bob, f.mk.buy(itemId, 1n, priceHash(f.c.game721, id!, price)));
      const after = await Promise.all(who.map((a) => f.balance(coin, a.address)));
      const fee = (price * 25n) / 1000n;
      const royalty = (price * 500n) / 10000n;
      expect(after[0]! - before[0]!).toBe(price - fee - royalty);
      expect(before[1]! - after[1]!).toBe(price);
      expect(after[2]! - before[2]!).toBe(fee);
      expect(after[3]! - before[3]!).toBe(royalty);
      expect(await f.balance(coin, f.c.market)).toBe(0n);
    }
  });

  it('sells an ERC1155 in parts: leftAmount goes down and 0 closes the listing', async () => {
    await f.mint1155(alice, 4n, 10n);
    const price = parseUnits('3', 6);
    const itemId = await list(alice, f.c.game1155, 4n, 6n, price, f.c.usdt);
    const h = priceHash(f.c.game1155, 4n, price);
    let receipt = await f.write(bob, f.mk.buy(itemId, 2n, h));
    expect(f.events(receipt, marketplaceAbi, 'MarketItemSold')[0]).toMatchObject({
      amount: 2n,
      leftAmount: 4n,
      fee: (price * 2n * 25n) / 1000n,
    });
    expect(await item(itemId)).toMatchObject({ status: ITEM_STATUS.listed, leftAmount: 4n });
    await f.expectRevert(carol, f.mk.buy(itemId, 5n, h), 'ExceedsLeftAmount', [4n, 5n]);
    receipt = await f.write(carol, f.mk.buy(itemId, 4n, h));
    expect(await item(itemId)).toMatchObject({ status: ITEM_STATUS.sold, leftAmount: 0n });
    const bal = (a: Address) =>
      f.read({
        address: f.c.game1155,
        abi: gameItems1155Abi,
        functionName: 'balanceOf',
        args: [a, 4n],
      });
    expect(await bal(alice.address)).toBe(4n);
    expect(await bal(bob.address)).toBe(2n);
    expect(await bal(carol.address)).toBe(4n);
  });

  it('reverts with a custom error for every invalid buy', async () => {
    const [id] = await f.mint721(alice);
    const price = 1000n;
    const itemId = await list(alice, f.c.game721, id!, 1n, price);
    const h = priceHash(f.c.game721, id!, price);
    await f.expectRevert(bob, f.mk.buy(99n, 1n, h, price), 'NotListed', [99n]);
    await f.expectRevert(
      bob,
      f.mk.buy(itemId, 1n, priceHash(f.c.game721, id!, 999n), price),
      'PriceChanged',
      [itemId],
    );
    await f.expectRevert(bob, f.mk.buy(itemId, 0n, h, 0n), 'InvalidAmount', [0n]);
    await f.expectRevert(bob, f.mk.buy(itemId, 2n, h, 2n * price), 'ExceedsLeftAmount', [1n, 2n]);
    await f.expectRevert(alice, f.mk.buy(itemId, 1n, h, price), 'BuyerIsSeller');
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, h, price - 1n), 'IncorrectPayment', [
      price,
      price - 1n,
    ]);
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, h, price + 1n), 'IncorrectPayment', [
      price,
      price + 1n,
    ]);
    await f.write(owner, f.mk.call('setCoinAllowed', [zeroAddress, false]));
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, h, price), 'CoinNotAllowed', [zeroAddress]);
    await f.write(owner, f.mk.call('setCoinAllowed', [zeroAddress, true]));

    const [id2] = await f.mint721(alice);
    const usdtItem = await list(alice, f.c.game721, id2!, 1n, 5n, f.c.usdt);
    await f.expectRevert(
      bob,
      f.mk.buy(usdtItem, 1n, priceHash(f.c.game721, id2!, 5n), 1n),
      'IncorrectPayment',
      [0n, 1n],
    );
  });

  it('a price change after the buyer saw the price makes the buy revert instead of charging more', async () => {
    const [id] = await f.mint721(alice);
    const itemId = await list(alice, f.c.game721, id!, 1n, 100n, f.c.usdt);
    const seen = priceHash(f.c.game721, id!, 100n);
    await f.write(alice, f.mk.modify(itemId, 150n));
    const before = await f.balance(f.c.usdt, bob.address);
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, seen), 'PriceChanged', [itemId]);
    const receipt = await f.send(bob, f.mk.buy(itemId, 1n, seen));
    expect(receipt.status).toBe('reverted');
    expect(await f.balance(f.c.usdt, bob.address)).toBe(before);
    await f.write(bob, f.mk.buy(itemId, 1n, priceHash(f.c.game721, id!, 150n)));
    expect(await f.balance(f.c.usdt, bob.address)).toBe(before - 150n);
  });

  it('a listing whose seller no longer holds the token cannot be bought and anyone may force-cancel it', async () => {
    const [id] = await f.mint721(alice);
    const itemId = await list(alice, f.c.game721, id!, 1n, 100n);
    const h = priceHash(f.c.game721, id!, 100n);
    await f.expectRevert(carol, f.mk.cancel(itemId), 'ListingStillValid', [itemId]);
    await f.write(alice, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferFrom',
      args: [alice.address, dave(), id!],
    });
    expect(await f.read(f.mk.call('isListingValid', [itemId]))).toBe(false);
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, h, 100n), 'ListingNotValid', [itemId]);
    const receipt = await f.write(carol, f.mk.cancel(itemId));
    expect(f.events(receipt, marketplaceAbi, 'MarketItemCancelled')).toEqual([
      {
        itemId,
        nftContract: f.c.game721,
        tokenId: id,
        seller: alice.address,
        canceller: carol.address,
        status: ITEM_STATUS.forceCancelled,
      },
    ]);
    await f.expectRevert(alice, f.mk.cancel(itemId), 'NotListed', [itemId]);
  });

  it('an ERC1155 listing above the seller holding is not buyable; revoked approval too', async () => {
    await f.mint1155(alice, 9n, 5n);
    const itemId = await list(alice, f.c.game1155, 9n, 5n, 10n);
    await f.write(alice, {
      address: f.c.game1155,
      abi: gameItems1155Abi,
      functionName: 'safeTransferFrom',
      args: [alice.address, carol.address, 9n, 1n, '0x'],
    });
    const h = priceHash(f.c.game1155, 9n, 10n);
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, h, 10n), 'ListingNotValid', [itemId]);
    await f.write(carol, {
      address: f.c.game1155,
      abi: gameItems1155Abi,
      functionName: 'safeTransferFrom',
      args: [carol.address, alice.address, 9n, 1n, '0x'],
    });
    expect(await f.read(f.mk.call('isListingValid', [itemId]))).toBe(true);
    await f.write(alice, {
      address: f.c.game1155,
      abi: gameItems1155Abi,
      functionName: 'setApprovalForAll',
      args: [f.c.market, false],
    });
    expect(await f.read(f.mk.call('isListingValid', [itemId]))).toBe(false);
    await f.expectRevert(bob, f.mk.buy(itemId, 1n, h, 10n), 'ERC1155MissingApprovalForAll', [
      f.c.market,
      alice.address,
    ]);
    await f.write(bob, f.mk.cancel(itemId));
    expect((await item(itemId)).status).toBe(ITEM_STATUS.forceCancelled);
  });
});

function dave(): Address {
  return '0x000000000000000000000000000000000000dEaD';
}

describe('Marketplace: cancel, modify, royalty', () => {
  it('the seller cancels; cancelling twice or an unknown item reverts', async () => {
    const [id] = await f.mint721(alice);
    const itemId = await list(alice, f.c.game721, id!, 1n, 100n);
    const receipt = await f.write(alice, f.mk.cancel(itemId));
    expect(f.events(receipt, marketplaceAbi, 'MarketItemCancelled')[0]).toMatchObject({
      itemId,
      canceller: alice.address,
      status: ITEM_STATUS.cancelled,
    });
    expect(await item(itemId)).toMatchObject({ status: ITEM_STATUS.cancelled, leftAmount: 0n });
    await f.expectRevert(alice, f.mk.cancel(itemId), 'NotListed', [itemId]);
    await f.expectRevert(alice, f.mk.cancel(42n), 'NotListed', [42n]);
  });

  it('modifyPrice: seller only, above 0, listed only; emits old and new price', async () => {
    const [id] = await f.mint721(alice);
    const itemId = await list(alice, f.c.game721, id!, 1n, 100n);
    await f.expectRevert(bob, f.mk.modify(itemId, 5n), 'NotSeller', [itemId]);
    await f.expectRevert(alice, f.mk.modify(itemId, 0n), 'InvalidPrice');
    await f.expectRevert(alice, f.mk.modify(77n, 1n), 'NotListed', [77n]);
    const receipt = await f.write(alice, f.mk.modify(itemId, 250n));
    expect(f.events(receipt, marketplaceAbi, 'MarketItemPriceChanged')).toEqual([
      {
        itemId,
        nftContract: f.c.game721,
        tokenId: id,
        seller: alice.address,
        oldPrice: 100n,
        newPrice: 250n,
      },
    ]);
    expect((await item(itemId)).price).toBe(250n);
    await f.write(alice, f.mk.cancel(itemId));
    await f.expectRevert(alice, f.mk.modify(itemId, 1n), 'NotListed', [itemId]);
  });

  it('setRoyaltyRate: collection owner or market owner, at most 10 %, overrides ERC-2981', async () => {
    await f.expectRevert(
      alice,
      f.mk.call('setRoyaltyRate', [f.c.game721, alice.address, 100n]),
      'NotCollectionOwner',
      [f.c.game721],
    );
    await f.expectRevert(
      owner,
      f.mk.call('setRoyaltyRate', [f.c.game721, carol.address, 1001n]),
      'RoyaltyTooHigh',
      [1001n, 1000n],
    );
    await f.expectRevert(
      owner,
      f.mk.call('setRoyaltyRate', [f.c.game721, zeroAddress, 5n]),
      'ZeroAddress',
    );
    // Transfer collection ownership to alice: she is now the collection owner.
    await f.write(owner, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'transferOwnership',
      args: [alice.address],
    });
    const receipt = await f.write(
      alice,
      f.mk.call('setRoyaltyRate', [f.c.game721, carol.address, 1000n]),
    );
    expect(f.events(receipt, marketplaceAbi, 'RoyaltyRateSet')).toEqual([
      { nftContract: f.c.game721, setter: alice.address, receiver: carol.address, rate: 1000n },
    ]);
    expect(await f.read(f.mk.call('royaltyRateOf', [f.c.game721]))).toEqual([
      carol.address,
      1000n,
      true,
    ]);
    expect(await f.read(f.mk.call('royaltyOf', [f.c.game721, 1n, 10_000n]))).toEqual([
      carol.address,
      1000n,
    ]);
    // An explicit 0 turns royalties off even though the collection implements ERC-2981.
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, zeroAddress, 0n]));
    expect(await f.read(f.mk.call('royaltyOf', [f.c.game721, 1n, 10_000n]))).toEqual([
      zeroAddress,
      0n,
    ]);
  });

  it('honours ERC-2981 when no rate is set, capped at 10 %, and pays nothing without it', async () => {
    expect(await f.read(f.mk.call('royaltyOf', [f.c.game721, 1n, 10_000n]))).toEqual([
      royaltyAccount.address,
      500n,
    ]);
    await f.write(owner, {
      address: f.c.game721,
      abi: gameItems721Abi,
      functionName: 'setDefaultRoyalty',
      args: [royaltyAccount.address, 2500n],
    });
    expect(await f.read(f.mk.call('royaltyOf', [f.c.game721, 1n, 10_000n]))).toEqual([
      royaltyAccount.address,
      1000n,
    ]);
    const [id] = await f.mint721(alice);
    const itemId = await list(alice, f.c.game721, id!, 1n, 10_000n);
    const receipt = await f.write(
      bob,
      f.mk.buy(itemId, 1n, priceHash(f.c.game721, id!, 10_000n), 10_000n),
    );
    expect(f.events(receipt, marketplaceAbi, 'MarketItemSold')[0]).toMatchObject({
      royalty: 1000n,
      fee: 250n,
    });
    // Launchpad collections implement 2981 with no default: no royalty.
    expect(await f.read(f.mk.call('royaltyOf', [f.c.lp721, 1n, 10_000n]))).toEqual([
      zeroAddress,
      0n,
    ]);
  });
});

describe('Marketplace: upgrade', () => {
  it('an upgrade by the owner keeps every listing, setting and the proxy address', async () => {
    const [id1, id2] = await f.mint721(alice, 2);
    await f.mint1155(bob, 1n, 5n);
    const a = await list(alice, f.c.game721, id1!, 1n, 100n);
    const b = await list(alice, f.c.game721, id2!, 1n, 7n, f.c.usdt);
    const c = await list(bob, f.c.game1155, 1n, 5n, 3n);
    await f.write(carol, f.mk.buy(c, 2n, priceHash(f.c.game1155, 1n, 3n), 6n));
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game1155, carol.address, 300n]));
    const before = await Promise.all([a, b, c].map(item));
    const configBefore = await f.read(f.mk.call('feeConfig'));

    const v2 = await f.deploy(owner, marketplaceV2Abi, marketplaceV2Bytecode);
    await f.expectRevert(
      alice,
      f.mk.call('upgradeToAndCall', [v2, '0x']),
      'OwnableUnauthorizedAccount',
      [alice.address],
    );
    await f.write(owner, f.mk.call('upgradeToAndCall', [v2, '0x']));
    const v2c = { address: f.c.market, abi: marketplaceV2Abi };
    expect(await f.read({ ...v2c, functionName: 'version' })).toBe('2');
    await f.write(owner, { ...v2c, functionName: 'setMotd', args: ['hello'] });
    expect(await f.read({ ...v2c, functionName: 'motd' })).toBe('hello');

    expect(await Promise.all([a, b, c].map(item))).toEqual(before);
    expect(await f.read(f.mk.call('feeConfig'))).toEqual(configBefore);
    expect(await f.read(f.mk.call('itemCount'))).toBe(3n);
    expect(await f.read(f.mk.call('royaltyRateOf', [f.c.game1155]))).toEqual([
      carol.address,
      300n,
      true,
    ]);
    // Listings are still buyable after the upgrade.
    await f.write(carol, f.mk.buy(a, 1n, priceHash(f.c.game721, id1!, 100n), 100n));
    await f.write(carol, f.mk.buy(c, 3n, priceHash(f.c.game1155, 1n, 3n), 9n));
    expect((await item(a)).status).toBe(ITEM_STATUS.sold);
    expect((await item(c)).status).toBe(ITEM_STATUS.sold);
    expect((await item(b)).status).toBe(ITEM_STATUS.listed);
  });

  it('refuses to upgrade to a contract that is not UUPS', async () => {
    await f.expectRevert(
      owner,
      f.mk.call('upgradeToAndCall', [f.c.usdt, '0x']),
      'ERC1967InvalidImplementation',
      [f.c.usdt],
    );
  });
});
