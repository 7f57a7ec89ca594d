import { gameItems1155Abi, launchpad1155Abi, launchpad721Abi } from '@aiamarket/shared/abis';
import { parseEther, parseUnits, zeroAddress } from 'viem';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { CONTRACT_KIND, DEMO_LAUNCHPAD, SALE_STATE } from '../ts/index.js';
import { alice, bank, bob, carol, launchpadCalls, owner, useFixture } from './fixture.js';
import { tokenCall } from './token-calls.js';
import type { Actor } from './fixture.js';

const AIA = parseEther('0.01');
const USDT = parseUnits('5', 6);

interface Base {
  collectionSize: number;
  maxBatchSize: number;
  maxUserSize: number;
  totalSupply: number;
  startAt: bigint;
  endAt: bigint;
}

let base: Base;

const f = useFixture([], async () => {
  const common = { blindBoxType: 0, downFlag: false, swapFlag: true, bankAddress: bank.address };
  await f.write(owner, lp721('setCommonConfig', [common]));
  await f.write(owner, lp1155('setCommonConfig', [0n, common]));
  const [, b] = await f.read<[unknown, Base]>(lp721('getConfig'));
  base = b;
});

const { lp721, lp1155 } = launchpadCalls(f);

describe('Launchpad721: reads and mint', () => {
  it('getConfig and getState describe the demo sale', async () => {
    const [common, b, swap, coins] = await f.read<[unknown, Base, unknown, unknown]>(
      lp721('getConfig'),
    );
    expect(common).toEqual({
      blindBoxType: 0,
      downFlag: false,
      swapFlag: true,
      bankAddress: bank.address,
    });
    expect(b).toMatchObject({
      collectionSize: 1000,
      maxBatchSize: 10,
      maxUserSize: 20,
      totalSupply: 0,
    });
    expect(b.endAt - b.startAt).toBe(BigInt(DEMO_LAUNCHPAD.durationSeconds));
    expect(swap).toEqual({ fromNft: f.c.game721, fromAmount: 2, toAmount: 1 });
    expect(coins).toEqual([
      { coinAddr: zeroAddress, coinAmount: AIA, coinMaxAmount: 800n },
      { coinAddr: f.c.usdt, coinAmount: USDT, coinMaxAmount: 500n },
    ]);
    expect(await f.read(lp721('getState'))).toEqual([SALE_STATE.active, 0n, 1000n]);
    expect(await f.read(lp721('numberMinted', [alice.address]))).toEqual([0n, 20n]);
  });

  it('mints with AIA: pays the bank exactly, emits Minted, counts wallet and coin', async () => {
    const bankBefore = await f.nativeBalance(bank.address);
    const receipt = await f.write(alice, lp721('mint', [zeroAddress, 3n], 3n * AIA));
    expect(await f.nativeBalance(bank.address)).toBe(bankBefore + 3n * AIA);
    expect(await f.nativeBalance(f.c.lp721)).toBe(0n);
    expect(f.events(receipt, launchpad721Abi, 'Minted')).toEqual([
      {
        minter: alice.address,
        tokenId: 0n,
        coin: zeroAddress,
        count: 3n,
        cost: 3n * AIA,
        firstTokenId: 1n,
        totalSupply: 3n,
      },
    ]);
    const transfers = f.events<{ to: Address; tokenId: bigint }>(
      receipt,
      launchpad721Abi,
      'Transfer',
    );
    expect(transfers.map((t) => t.tokenId)).toEqual([1n, 2n, 3n]);
    expect(await f.read(lp721('numberMinted', [alice.address]))).toEqual([3n, 17n]);
    expect(await f.read(lp721('amountMinted', [zeroAddress]))).toBe(3n);
    expect(await f.read(lp721('getState'))).toEqual([SALE_STATE.active, 3n, 1000n]);
    expect(await f.read(lp721('balanceOf', [alice.address]))).toBe(3n);
  });

  it('mints with the stable coin (pulled from the minter to the bank)', async () => {
    const before = await f.balance(f.c.usdt, bank.address);
    const minterBefore = await f.balance(f.c.usdt, bob.address);
    await f.write(bob, lp721('mint', [f.c.usdt, 5n]));
    expect(await f.balance(f.c.usdt, bank.address)).toBe(before + 5n * USDT);
    expect(await f.balance(f.c.usdt, bob.address)).toBe(minterBefore - 5n * USDT);
    expect(await f.balance(f.c.usdt, f.c.lp721)).toBe(0n);
    expect(await f.read(lp721('amountMinted', [f.c.usdt]))).toBe(5n);
  });

  it('enforces every mint rule with its custom error', async () => {
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 0n]), 'ZeroQuantity');
    await f.expectRevert(
      alice,
      lp721('mint', [zeroAddress, 11n], 11n * AIA),
      'TransactionLimitExceeded',
      [10n],
    );
    await f.expectRevert(alice, lp721('mint', [f.c.coin18, 1n]), 'CoinNotAccepted', [f.c.coin18]);
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 2n], AIA), 'InsufficientBalance', [
      AIA,
      2n * AIA,
    ]);
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 1n], 2n * AIA), 'IncorrectPayment', [
      AIA,
      2n * AIA,
    ]);
    await f.expectRevert(alice, lp721('mint', [f.c.usdt, 1n], 1n), 'IncorrectPayment', [0n, 1n]);
    // owner holds no stable coin
    await f.expectRevert(owner, lp721('mint', [f.c.usdt, 2n]), 'InsufficientBalance', [
      0n,
      2n * USDT,
    ]);
    // wallet cap 20
    await f.write(alice, lp721('mint', [zeroAddress, 10n], 10n * AIA));
    await f.write(alice, lp721('mint', [zeroAddress, 8n], 8n * AIA));
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 3n], 3n * AIA), 'WalletLimitExceeded', [
      2n,
    ]);
    await f.write(alice, lp721('mint', [f.c.usdt, 2n]));
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 1n], AIA), 'WalletLimitExceeded', [0n]);
    expect(await f.read(lp721('numberMinted', [alice.address]))).toEqual([20n, 0n]);
  });

  it('per-coin caps, supply cap, sold out', async () => {
    await f.write(
      owner,
      lp721('setCoins', [[{ coinAddr: zeroAddress, coinAmount: AIA, coinMaxAmount: 4n }]]),
    );
    await f.expectRevert(alice, lp721('mint', [f.c.usdt, 1n]), 'CoinNotAccepted', [f.c.usdt]);
    await f.write(alice, lp721('mint', [zeroAddress, 3n], 3n * AIA));
    await f.expectRevert(bob, lp721('mint', [zeroAddress, 2n], 2n * AIA), 'CoinLimitExceeded', [
      1n,
    ]);
    await f.write(
      owner,
      lp721('setCoins', [
        [
          { coinAddr: zeroAddress, coinAmount: AIA, coinMaxAmount: 100n },
          { coinAddr: f.c.usdt, coinAmount: USDT, coinMaxAmount: 100n },
        ],
      ]),
    );
    // minted-per-coin survives a coin list change
    expect(await f.read(lp721('amountMinted', [zeroAddress]))).toBe(3n);
    await f.write(owner, lp721('setBaseConfig', [{ ...base, collectionSize: 6 }]));
    await f.expectRevert(bob, lp721('mint', [zeroAddress, 4n], 4n * AIA), 'InsufficientSupply', [
      3n,
    ]);
    await f.write(bob, lp721('mint', [f.c.usdt, 3n]));
    expect(await f.read(lp721('getState'))).toEqual([SALE_STATE.soldOut, 6n, 6n]);
    await f.expectRevert(carol, lp721('mint', [zeroAddress, 1n], AIA), 'SoldOut');
    await f.expectRevert(
      owner,
      lp721('setBaseConfig', [{ ...base, collectionSize: 5 }]),
      'InvalidConfig',
      ['collectionSize below totalSupply'],
    );
  });

  it('sale window, take-down and state', async () => {
    const { timestamp } = await f.publicClient.getBlock();
    await f.write(
      owner,
      lp721('setBaseConfig', [{ ...base, startAt: timestamp + 1000n, endAt: timestamp + 2000n }]),
    );
    expect((await f.read<unknown[]>(lp721('getState')))[0]).toBe(SALE_STATE.notStarted);
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 1n], AIA), 'SaleNotStarted', [
      timestamp + 1000n,
    ]);
    await f.testClient.setNextBlockTimestamp({ timestamp: timestamp + 1000n });
    await f.write(alice, lp721('mint', [zeroAddress, 1n], AIA));
    await f.testClient.increaseTime({ seconds: 1000 });
    await f.testClient.mine({ blocks: 1 });
    expect((await f.read<unknown[]>(lp721('getState')))[0]).toBe(SALE_STATE.ended);
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 1n], AIA), 'SaleEnded', [
      timestamp + 2000n,
    ]);
    await f.write(owner, lp721('setBaseConfig', [base]));
    await f.write(
      owner,
      lp721('setCommonConfig', [
        { blindBoxType: 1, downFlag: true, swapFlag: true, bankAddress: bank.address },
      ]),
    );
    expect((await f.read<unknown[]>(lp721('getState')))[0]).toBe(SALE_STATE.down);
    await f.expectRevert(alice, lp721('mint', [zeroAddress, 1n], AIA), 'SaleDown');
  });
});

describe('Launchpad721: swap', () => {
  async function gameTokens(to: Actor, count: number) {
    return f.mint721(to, count);
  }
  const swap = (ids: bigint[], amounts = ids.map(() => 1n), source?: Address) =>
    lp721('swap', [CONTRACT_KIND.erc721, source ?? f.c.game721, ids, amounts]);

  it('swaps 2 source NFTs for 1 new token, pulling them to the bank', async () => {
    const ids = await gameTokens(alice, 4);
    const receipt = await f.write(alice, swap(ids));
    expect(f.events(receipt, launchpad721Abi, 'Swapped')).toEqual([
      {
        user: alice.address,
        tokenId: 0n,
        source: f.c.game721,
        sourceType: CONTRACT_KIND.erc721,
        sourceTokenIds: ids,
        sourceAmounts: [1n, 1n, 1n, 1n],
        received: 2n,
        totalSupply: 2n,
      },
    ]);
    for (const id of ids) {
      expect(await f.read(tokenCall.ownerOf(f.c.game721, id))).toBe(bank.address);
    }
    expect(await f.read(lp721('balanceOf', [alice.address]))).toBe(2n);
    expect(await f.read(lp721('numberMinted', [alice.address]))).toEqual([2n, 18n]);
  });

  it('enforces every swap rule with its custom error', async () => {
    const ids = await gameTokens(alice, 3);
    await f.expectRevert(alice, swap([]), 'NothingSelected');
    await f.expectRevert(alice, swap(ids), 'SwapRatioMismatch', [2n, 1n]);
    await f.expectRevert(alice, swap(ids.slice(0, 2), [1n, 2n]), 'InvalidSourceAmount', [
      ids[1],
      2n,
    ]);
    await f.expectRevert(alice, swap(ids.slice(0, 2), [1n]), 'LengthMismatch');
    await f.expectRevert(alice, swap(ids.slice(0, 2), undefined, f.c.game1155), 'WrongSwapSource', [
      f.c.game1155,
    ]);
    // someone else's tokens cannot be swapped
    await f.expectRevert(bob, swap(ids.slice(0, 2)), 'ERC721IncorrectOwner', [
      bob.address,
      ids[0],
      alice.address,
    ]);
    const many = await gameTokens(alice, 22);
    await f.expectRevert(alice, swap(many), 'SwapLimitExceeded', [10n]);
    await f.write(alice, lp721('mint', [zeroAddress, 10n], 10n * AIA));
    await f.write(alice, lp721('mint', [zeroAddress, 9n], 9n * AIA));
    await f.expectRevert(alice, swap(many.slice(0, 4)), 'WalletLimitExceeded', [1n]);
    await f.write(
      owner,
      lp721('setCommonConfig', [
        { blindBoxType: 0, downFlag: false, swapFlag: false, bankAddress: bank.address },
      ]),
    );
    await f.expectRevert(alice, swap(many.slice(0, 2)), 'SwapDisabled');
  });

  it('swap respects the supply cap', async () => {
    const ids = await gameTokens(alice, 6);
    await f.write(owner, lp721('setBaseConfig', [{ ...base, collectionSize: 2 }]));
    await f.expectRevert(alice, swap(ids), 'InsufficientSupply', [2n]);
    await f.write(alice, swap(ids.slice(0, 4)));
    await f.expectRevert(alice, swap(ids.slice(4)), 'SoldOut');
  });
});

describe('Launchpad721: owner', () => {
  it('setters are owner-only, validate and emit', async () => {
    for (const call of [
      lp721('setCommonConfig', [
        { blindBoxType: 0, downFlag: false, swapFlag: true, bankAddress: bank.address },
      ]),
      lp721('setBaseConfig', [base]),
      lp721('setSwapConfig', [{ fromNft: f.c.game721, fromAmount: 1, toAmount: 1 }]),
      lp721('setCoins', [[]]),
      lp721('withdraw', [zeroAddress, alice.address, 0n]),
      lp721('setBaseURI', ['x']),
    ]) {
      await f.expectRevert(alice, call, 'OwnableUnauthorizedAccount', [alice.address]);
    }
    await f.expectRevert(
      owner,
      lp721('setCommonConfig', [
        { blindBoxType: 0, downFlag: false, swapFlag: true, bankAddress: zeroAddress },
      ]),
      'ZeroAddress',
    );
    await f.expectRevert(
      owner,
      lp721('setBaseConfig', [{ ...base, maxBatchSize: 0 }]),
      'InvalidConfig',
      ['maxBatchSize is 0'],
    );
    await f.expectRevert(
      owner,
      lp721('setBaseConfig', [{ ...base, maxUserSize: 0 }]),
      'InvalidConfig',
      ['maxUserSize is 0'],
    );
    await f.expectRevert(
      owner,
      lp721('setBaseConfig', [{ ...base, endAt: base.startAt }]),
      'InvalidConfig',
      ['endAt not after startAt'],
    );
    await f.expectRevert(
      owner,
      lp721('setSwapConfig', [{ fromNft: f.c.game721, fromAmount: 0, toAmount: 1 }]),
      'InvalidConfig',
      ['swap ratio has a 0'],
    );
    await f.expectRevert(
      owner,
      lp721('setCoins', [
        [
          { coinAddr: zeroAddress, coinAmount: 1n, coinMaxAmount: 1n },
          { coinAddr: zeroAddress, coinAmount: 2n, coinMaxAmount: 1n },
        ],
      ]),
      'DuplicateCoin',
      [zeroAddress],
    );
    let receipt = await f.write(
      owner,
      lp721('setSwapConfig', [{ fromNft: f.c.game1155, fromAmount: 3, toAmount: 2 }]),
    );
    expect(f.events(receipt, launchpad721Abi, 'SwapConfigSet')).toEqual([
      { tokenId: 0n, config: { fromNft: f.c.game1155, fromAmount: 3, toAmount: 2 } },
    ]);
    receipt = await f.write(owner, lp721('setBaseConfig', [{ ...base, totalSupply: 999 }]));
    // totalSupply is kept by the contract, not taken from the input
    expect(
      f.events<{ config: Base }>(receipt, launchpad721Abi, 'BaseConfigSet')[0]!.config.totalSupply,
    ).toBe(0);
    receipt = await f.write(
      owner,
      lp721('setCoins', [[{ coinAddr: f.c.coin18, coinAmount: 7n, coinMaxAmount: 9n }]]),
    );
    expect(f.events(receipt, launchpad721Abi, 'CoinsSet')).toEqual([
      { tokenId: 0n, coins: [{ coinAddr: f.c.coin18, coinAmount: 7n, coinMaxAmount: 9n }] },
    ]);
    receipt = await f.write(
      owner,
      lp721('setCommonConfig', [
        { blindBoxType: 2, downFlag: false, swapFlag: false, bankAddress: carol.address },
      ]),
    );
    expect(f.events(receipt, launchpad721Abi, 'CommonConfigSet')).toHaveLength(1);
  });

  it('withdraws coins sent by mistake; the contract refuses plain AIA transfers', async () => {
    const plain = await f.wallet(alice).sendTransaction({
      to: f.c.lp721,
      value: 1n,
      gas: 100_000n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
    });
    expect((await f.publicClient.waitForTransactionReceipt({ hash: plain })).status).toBe(
      'reverted',
    );
    await f.testClient.setBalance({ address: f.c.lp721, value: 9n });
    const before = await f.nativeBalance(carol.address);
    const receipt = await f.write(owner, lp721('withdraw', [zeroAddress, carol.address, 9n]));
    expect(f.events(receipt, launchpad721Abi, 'Withdrawn')).toEqual([
      { coin: zeroAddress, to: carol.address, amount: 9n },
    ]);
    expect(await f.nativeBalance(carol.address)).toBe(before + 9n);
    await f.expectRevert(owner, lp721('withdraw', [zeroAddress, zeroAddress, 1n]), 'ZeroAddress');
  });

  it('supports ERC721, ERC721Metadata and ERC2981; token URI from the base URI', async () => {
    for (const id of ['0x80ac58cd', '0x5b5e139f', '0x2a55205a', '0x01ffc9a7']) {
      expect(await f.read(lp721('supportsInterface', [id]))).toBe(true);
    }
    await f.write(alice, lp721('mint', [zeroAddress, 1n], AIA));
    expect(await f.read(lp721('tokenURI', [1n]))).toBe('ipfs://aiamarket-demo/genesis/1');
  });
});

describe('Launchpad1155', () => {
  it('reads per token id and mints token 0 with both coins', async () => {
    expect(await f.read(lp1155('getState', [0n]))).toEqual([SALE_STATE.active, 0n, 1000n]);
    expect(await f.read(lp1155('getState', [5n]))).toEqual([SALE_STATE.notConfigured, 0n, 0n]);
    const [, , swap] = await f.read<unknown[]>(lp1155('getConfig', [0n]));
    expect(swap).toEqual({ fromNft: f.c.game1155, fromAmount: 1, toAmount: 1 });
    const bankBefore = await f.nativeBalance(bank.address);
    const receipt = await f.write(alice, lp1155('mint', [0n, zeroAddress, 4n], 4n * AIA));
    expect(await f.nativeBalance(bank.address)).toBe(bankBefore + 4n * AIA);
    expect(f.events(receipt, launchpad1155Abi, 'Minted')).toEqual([
      {
        minter: alice.address,
        tokenId: 0n,
        coin: zeroAddress,
        count: 4n,
        cost: 4n * AIA,
        firstTokenId: 0n,
        totalSupply: 4n,
      },
    ]);
    await f.write(alice, lp1155('mint', [0n, f.c.usdt, 2n]));
    expect(await f.read(lp1155('balanceOf', [alice.address, 0n]))).toBe(6n);
    expect(await f.read(lp1155('numberMinted', [0n, alice.address]))).toEqual([6n, 14n]);
    expect(await f.read(lp1155('amountMinted', [0n, f.c.usdt]))).toBe(2n);
    expect(await f.read(lp1155('amountMinted', [0n, zeroAddress]))).toBe(4n);
    await f.expectRevert(alice, lp1155('mint', [5n, zeroAddress, 1n], AIA), 'SaleNotConfigured', [
      5n,
    ]);
    await f.expectRevert(
      alice,
      lp1155('mint', [0n, zeroAddress, 11n], 11n * AIA),
      'TransactionLimitExceeded',
      [10n],
    );
  });

  it('configures another token id independently', async () => {
    const { timestamp } = await f.publicClient.getBlock();
    const receipt = await f.write(
      owner,
      lp1155('configure', [
        7n,
        { blindBoxType: 1, downFlag: false, swapFlag: false, bankAddress: carol.address },
        {
          collectionSize: 3,
          maxBatchSize: 2,
          maxUserSize: 2,
          totalSupply: 0,
          startAt: timestamp - 1n,
          endAt: timestamp + 100n,
        },
        { fromNft: f.c.game721, fromAmount: 1, toAmount: 1 },
        [{ coinAddr: f.c.usdt, coinAmount: 1n, coinMaxAmount: 3n }],
      ]),
    );
    expect(f.events(receipt, launchpad1155Abi, 'BaseConfigSet')[0]).toMatchObject({ tokenId: 7n });
    await f.write(bob, lp1155('mint', [7n, f.c.usdt, 2n]));
    await f.expectRevert(bob, lp1155('mint', [7n, f.c.usdt, 1n]), 'WalletLimitExceeded', [0n]);
    await f.expectRevert(carol, lp1155('mint', [7n, f.c.usdt, 2n]), 'InsufficientSupply', [1n]);
    await f.expectRevert(carol, lp1155('mint', [7n, zeroAddress, 1n]), 'CoinNotAccepted', [
      zeroAddress,
    ]);
    await f.expectRevert(
      carol,
      lp1155('swap', [7n, CONTRACT_KIND.erc721, f.c.game721, [1n], [1n]]),
      'SwapDisabled',
    );
    // a token with a base config but no bank address is not open
    await f.write(
      owner,
      lp1155('setBaseConfig', [
        8n,
        {
          collectionSize: 3,
          maxBatchSize: 2,
          maxUserSize: 2,
          totalSupply: 0,
          startAt: timestamp - 1n,
          endAt: timestamp + 100n,
        },
      ]),
    );
    expect(await f.read(lp1155('getState', [8n]))).toEqual([SALE_STATE.notConfigured, 0n, 3n]);
    await f.expectRevert(bob, lp1155('mint', [8n, zeroAddress, 1n]), 'SaleNotConfigured', [8n]);
    // token 0 is untouched
    expect(await f.read(lp1155('numberMinted', [0n, bob.address]))).toEqual([0n, 20n]);
  });

  it('swaps ERC1155 source tokens (batch) 1:1 and enforces the swap rules', async () => {
    await f.mint1155(alice, 1n, 5n);
    await f.mint1155(alice, 2n, 5n);
    const receipt = await f.write(
      alice,
      lp1155('swap', [0n, CONTRACT_KIND.erc1155, f.c.game1155, [1n, 2n], [3n, 2n]]),
    );
    expect(f.events(receipt, launchpad1155Abi, 'Swapped')).toEqual([
      {
        user: alice.address,
        tokenId: 0n,
        source: f.c.game1155,
        sourceType: CONTRACT_KIND.erc1155,
        sourceTokenIds: [1n, 2n],
        sourceAmounts: [3n, 2n],
        received: 5n,
        totalSupply: 5n,
      },
    ]);
    const bal = (who: Address, id: bigint) =>
      f.read({
        address: f.c.game1155,
        abi: gameItems1155Abi,
        functionName: 'balanceOf',
        args: [who, id],
      });
    expect(await bal(bank.address, 1n)).toBe(3n);
    expect(await bal(bank.address, 2n)).toBe(2n);
    expect(await f.read(lp1155('balanceOf', [alice.address, 0n]))).toBe(5n);
    await f.expectRevert(
      alice,
      lp1155('swap', [0n, CONTRACT_KIND.erc1155, f.c.game1155, [1n], [0n]]),
      'NothingSelected',
    );
    await f.expectRevert(
      alice,
      lp1155('swap', [0n, CONTRACT_KIND.erc1155, f.c.game1155, [1n], [3n]]),
      'ERC1155InsufficientBalance',
      [alice.address, 2n, 3n, 1n],
    );
    await f.write(
      owner,
      lp1155('setSwapConfig', [0n, { fromNft: f.c.game1155, fromAmount: 2, toAmount: 3 }]),
    );
    await f.expectRevert(
      alice,
      lp1155('swap', [0n, CONTRACT_KIND.erc1155, f.c.game1155, [2n], [3n]]),
      'SwapRatioMismatch',
      [2n, 3n],
    );
    await f.write(alice, lp1155('swap', [0n, CONTRACT_KIND.erc1155, f.c.game1155, [2n], [2n]]));
    expect(await f.read(lp1155('balanceOf', [alice.address, 0n]))).toBe(8n);
  });

  it('owner-only configuration and metadata', async () => {
    await f.expectRevert(alice, lp1155('setBaseConfig', [0n, base]), 'OwnableUnauthorizedAccount', [
      alice.address,
    ]);
    await f.expectRevert(alice, lp1155('setURI', ['x']), 'OwnableUnauthorizedAccount', [
      alice.address,
    ]);
    expect(await f.read(lp1155('name'))).toBe('AIA Relics');
    expect(await f.read(lp1155('uri', [0n]))).toBe('ipfs://aiamarket-demo/relics/{id}.json');
    for (const id of ['0xd9b67a26', '0x2a55205a']) {
      expect(await f.read(lp1155('supportsInterface', [id]))).toBe(true);
    }
  });
});
