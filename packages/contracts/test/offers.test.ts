// Unit and adversarial tests of the Offers contract and the wrapped AIA: the order hash and
// domain, acceptance paying fee and royalty as the market's settings say (also for an
// offer in wrapped AIA), partial fills, cancels, the pause, a signature for another contract,
// a high-s signature, an EIP-1271 contract-wallet offerer, re-entry from its ERC721 and ERC1155
// receive hooks, and an allowance revoked between two partial fills.
import { OFFER_KIND, traitTree } from '@aiamarket/shared';
import type { SignedOfferFields } from '@aiamarket/shared';
import {
  gameItems721Abi,
  offersAbi,
  offersBytecode,
  stableCoinAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';
import { encodeFunctionData, hexToBigInt, maxUint256, parseEther, toFunctionSelector } from 'viem';
import type { Address, Hex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { offerWalletAbi, offerWalletBytecode } from '../out/testing-abis.js';
import { alice, bob, carol, feeAccount, owner, royaltyAccount, useFixture } from './fixture.js';
import { tokenCall } from './token-calls.js';
import type { Actor } from './fixture.js';
import {
  OFFERS_ABIS,
  acceptCall,
  approveOffers,
  highS,
  offersAddresses,
  offersCall,
  orderHashOf,
  signOffer,
} from './offers-helpers.js';

let offers: Address;
let wrapped: Address;
let tokens: bigint[] = []; // bob's GameItems721 tokens

const f = useFixture(
  [...OFFERS_ABIS, offerWalletAbi],
  async () => {
    ({ offers, wrapped } = offersAddresses(f));
    await approveOffers(f, [alice, bob, carol]);
    tokens = await f.mint721(bob, 4);
    await f.mint1155(bob, 1n, 10n);
  },
  { timeout: 120_000 },
);

function offerOf(offerer: Address, extra: Partial<SignedOfferFields> = {}): SignedOfferFields {
  return {
    offerer,
    collection: f.c.game721,
    kind: OFFER_KIND.item,
    erc1155: false,
    identifier: tokens[0]!,
    units: 1n,
    coin: f.c.usdt,
    pricePerUnit: 10_000_000n,
    start: 0n,
    end: 2n ** 40n,
    salt: 1n,
    counter: 0n,
    ...extra,
  };
}
const sign = (signer: Actor, offer: SignedOfferFields, contract = offers) =>
  signOffer(signer, offer, f.anvil.chainId, contract);
const usdt = (a: Address) => f.balance(f.c.usdt, a);
const status = (offer: SignedOfferFields) =>
  f.read<readonly [bigint, boolean]>(
    offersCall(offers, 'offerStatus', [offer.offerer, orderHashOf(offer, f.anvil.chainId, offers)]),
  );
const ownerOf = (tokenId: bigint) =>
  f.read({ address: f.c.game721, abi: gameItems721Abi, functionName: 'ownerOf', args: [tokenId] });
const REENTRANT = toFunctionSelector('ReentrancyGuardReentrantCall()');

describe('Offers', () => {
  it('hashes offers as the shared EIP-712 types do, bound to this chain and contract', async () => {
    const offer = offerOf(alice.address);
    expect(await f.read(offersCall(offers, 'hashOffer', [offer]))).toBe(
      orderHashOf(offer, f.anvil.chainId, offers),
    );
    expect(orderHashOf(offer, f.anvil.chainId + 1, offers)).not.toBe(
      orderHashOf(offer, f.anvil.chainId, offers),
    );
    expect(await f.read(offersCall(offers, 'market'))).toBe(f.c.market);
  });

  it('accepts an item offer: token to the offerer, fee and royalty as a sale pays them', async () => {
    const offer = offerOf(alice.address);
    const signature = await sign(alice, offer);
    const parties = [alice, bob, feeAccount, royaltyAccount].map((a) => a.address);
    const before = await Promise.all(parties.map(usdt));
    const receipt = await f.write(bob, acceptCall(offers, offer, signature, tokens[0]!, 1n));
    const after = await Promise.all(parties.map(usdt));
    const gross = offer.pricePerUnit;
    // The market's own answer for a sale of this token at this price.
    const [feeAddress, num, den] = await f.read<readonly [Address, bigint, bigint, bigint]>(
      f.mk.call('feeConfig'),
    );
    const [receiver, royalty] = await f.read<readonly [Address, bigint]>(
      f.mk.call('royaltyOf', [f.c.game721, tokens[0]!, gross]),
    );
    const fee = (gross * num) / den;
    expect([feeAddress, receiver]).toEqual([feeAccount.address, royaltyAccount.address]);
    expect(royalty).toBe(gross / 20n); // ERC-2981 5 %
    expect(after.map((a, i) => a - before[i]!)).toEqual([
      -gross,
      gross - fee - royalty,
      fee,
      royalty,
    ]);
    const [event] = f.events<Record<string, unknown>>(receipt, offersAbi, 'OfferAccepted', offers);
    expect(event).toMatchObject({
      offerer: alice.address,
      seller: bob.address,
      tokenId: tokens[0],
      units: 1n,
      fee,
      royalty,
      royaltyReceiver: royaltyAccount.address,
      filled: 1n,
    });
    expect(await ownerOf(tokens[0]!)).toBe(alice.address);
    expect(await status(offer)).toEqual([1n, false]);
  });

  it('follows the market: a new fee, a market royalty rate, a refused coin and the pause', async () => {
    const offer = offerOf(alice.address, {
      kind: OFFER_KIND.collection,
      identifier: 0n,
      units: 3n,
    });
    const signature = await sign(alice, offer);
    await f.write(owner, f.mk.call('setFee', [100, 1000]));
    await f.write(owner, f.mk.call('setRoyaltyRate', [f.c.game721, carol.address, 250n]));
    const before = await Promise.all([bob, feeAccount, carol].map((a) => usdt(a.address)));
    await f.write(bob, acceptCall(offers, offer, signature, tokens[1]!, 1n));
    const after = await Promise.all([bob, feeAccount, carol].map((a) => usdt(a.address)));
    expect(after.map((a, i) => a - before[i]!)).toEqual([8_750_000n, 1_000_000n, 250_000n]);

    await f.write(owner, f.mk.call('setCoinAllowed', [f.c.usdt, false]));
    await f.expectRevert(
      bob,
      acceptCall(offers, offer, signature, tokens[2]!, 1n),
      'CoinNotAllowed',
      [f.c.usdt],
    );
    await f.write(owner, f.mk.call('setCoinAllowed', [f.c.usdt, true]));
    await f.write(owner, f.mk.call('pause'));
    await f.expectRevert(bob, acceptCall(offers, offer, signature, tokens[2]!, 1n), 'MarketPaused');
    await f.write(owner, f.mk.call('unpause'));
    await f.write(bob, acceptCall(offers, offer, signature, tokens[2]!, 1n));
    expect(await status(offer)).toEqual([2n, false]);
  });

  it('an offer in wrapped AIA: wrap, approve, accepted with a trait proof, unwrap', async () => {
    const wrap = (functionName: string, args: readonly unknown[] = [], value?: bigint) => ({
      address: wrapped,
      abi: wrappedAiaAbi,
      functionName,
      args,
      value,
    });
    await f.write(carol, wrap('deposit', [], parseEther('2')));
    await f.write(carol, wrap('approve', [offers, maxUint256]));
    const tree = traitTree([tokens[1]!, tokens[3]!, 1000n]);
    const offer = offerOf(carol.address, {
      kind: OFFER_KIND.trait,
      identifier: hexToBigInt(tree.root),
      units: 2n,
      coin: wrapped,
      pricePerUnit: parseEther('1'),
    });
    const signature = await sign(carol, offer);
    await f.expectRevert(
      bob,
      acceptCall(offers, offer, signature, tokens[0]!, 1n, tree.proof(tokens[1]!)),
      'TokenNotInTraitSet',
      [tokens[0]],
    );
    await f.write(
      bob,
      acceptCall(offers, offer, signature, tokens[3]!, 1n, tree.proof(tokens[3]!)),
    );
    const bobWrapped = await f.balance(wrapped, bob.address);
    expect(bobWrapped).toBe(parseEther('0.925')); // 1 - 2.5 % fee - 5 % royalty
    expect(await f.read(wrap('totalSupply'))).toBe(parseEther('2'));
    expect(await f.read(wrap('allowance', [carol.address, offers]))).toBe(maxUint256);
    const nativeBefore = await f.nativeBalance(bob.address);
    await f.write(bob, wrap('withdraw', [bobWrapped]));
    expect((await f.nativeBalance(bob.address)) - nativeBefore).toBe(bobWrapped);
    await f.expectRevert(bob, wrap('withdraw', [1n]), 'InsufficientBalance', [0n, 1n]);
    expect(await f.read(wrap('totalSupply'))).toBe(parseEther('2') - bobWrapped);
  });

  it('cancel by hash only counts for the offerer; raising the counter cancels every older offer', async () => {
    const offer = offerOf(alice.address, {
      erc1155: true,
      collection: f.c.game1155,
      identifier: 1n,
      units: 5n,
    });
    const signature = await sign(alice, offer);
    const hash = orderHashOf(offer, f.anvil.chainId, offers);
    await f.write(carol, offersCall(offers, 'cancelOffers', [[hash]]));
    await f.write(bob, acceptCall(offers, offer, signature, 1n, 2n));
    const receipt = await f.write(alice, offersCall(offers, 'cancelOffers', [[hash]]));
    expect(f.events(receipt, offersAbi, 'OfferCancelled', offers)).toEqual([
      { offerer: alice.address, orderHash: hash },
    ]);
    await f.expectRevert(bob, acceptCall(offers, offer, signature, 1n, 1n), 'OfferCancelledError', [
      hash,
    ]);
    expect(await status(offer)).toEqual([0n, true]);

    const second = { ...offer, salt: 2n };
    const secondSig = await sign(alice, second);
    await f.write(alice, offersCall(offers, 'incrementCounter'));
    expect(await f.read(offersCall(offers, 'counterOf', [alice.address]))).toBe(1n);
    await f.expectRevert(bob, acceptCall(offers, second, secondSig, 1n, 1n), 'CounterBumped', [
      0n,
      1n,
    ]);
  });

  it('a signature for another Offers contract (same market) is refused there', async () => {
    const other = await f.deploy(owner, offersAbi, offersBytecode, [f.c.market]);
    const offer = offerOf(alice.address);
    const signature = await sign(alice, offer); // for `offers`
    await f.expectRevert(
      bob,
      acceptCall(other, offer, signature, tokens[0]!, 1n),
      'InvalidSignature',
    );
    await f.expectRevert(
      bob,
      acceptCall(offers, offer, await sign(alice, offer, other), tokens[0]!, 1n),
      'InvalidSignature',
    );
    await f.write(bob, acceptCall(offers, offer, signature, tokens[0]!, 1n));
  });

  it('refuses the high-s twin of a valid signature (malleability) and accepts the low-s one', async () => {
    const offer = offerOf(alice.address);
    const signature = await sign(alice, offer);
    await f.expectRevert(
      bob,
      acceptCall(offers, offer, highS(signature), tokens[0]!, 1n),
      'InvalidSignature',
    );
    await f.write(bob, acceptCall(offers, offer, signature, tokens[0]!, 1n));
  });

  it('an allowance revoked between two partial fills stops the second; nothing moves', async () => {
    const offer = offerOf(alice.address, {
      collection: f.c.game1155,
      erc1155: true,
      identifier: 1n,
      units: 6n,
      pricePerUnit: 1_000_000n,
    });
    const signature = await sign(alice, offer);
    await f.write(bob, acceptCall(offers, offer, signature, 1n, 2n));
    await f.write(alice, tokenCall.approve(f.c.usdt, offers, 0n));
    const before = await Promise.all([alice, bob].map((a) => usdt(a.address)));
    await f.expectRevert(
      bob,
      acceptCall(offers, offer, signature, 1n, 2n),
      'ERC20InsufficientAllowance',
    );
    const sent = await f.send(bob, acceptCall(offers, offer, signature, 1n, 2n));
    expect(sent.status).toBe('reverted');
    expect(await Promise.all([alice, bob].map((a) => usdt(a.address)))).toEqual(before);
    expect(await status(offer)).toEqual([2n, false]);
    await f.write(alice, tokenCall.approve(f.c.usdt, offers));
    await f.write(bob, acceptCall(offers, offer, signature, 1n, 4n));
    await f.expectRevert(bob, acceptCall(offers, offer, signature, 1n, 1n), 'ExceedsRemaining', [
      0n,
      1n,
    ]);
    expect(await usdt(alice.address)).toBe(before[0]! - 4_000_000n);
  });
});

describe('WrappedAIA', () => {
  const call = (functionName: string, args: readonly unknown[] = [], value?: bigint) => ({
    address: wrapped,
    abi: wrappedAiaAbi,
    functionName,
    args,
    value,
  });

  it('wraps on a plain transfer, spends a limited allowance and refuses beyond it', async () => {
    const hash = await f.wallet(alice).sendTransaction({ to: wrapped, value: 500n, gas: 100_000n });
    await f.publicClient.waitForTransactionReceipt({ hash });
    expect(await f.balance(wrapped, alice.address)).toBe(500n);
    await f.write(alice, call('approve', [bob.address, 300n]));
    await f.write(bob, call('transferFrom', [alice.address, carol.address, 200n]));
    expect(await f.read(call('allowance', [alice.address, bob.address]))).toBe(100n);
    await f.expectRevert(
      bob,
      call('transferFrom', [alice.address, carol.address, 101n]),
      'InsufficientAllowance',
      [100n, 101n],
    );
    await f.expectRevert(alice, call('transfer', [carol.address, 301n]), 'InsufficientBalance', [
      300n,
      301n,
    ]);
    expect(await f.balance(wrapped, carol.address)).toBe(200n);
    expect(await f.read(call('totalSupply'))).toBe(500n);
  });
});

describe('Offers from a contract wallet (EIP-1271)', () => {
  let wallet: Address;
  const exec = (target: Address, data: Hex) => ({
    address: wallet,
    abi: offerWalletAbi,
    functionName: 'execute',
    args: [target, 0n, data],
  });

  beforeEach(async () => {
    wallet = await f.deploy(owner, offerWalletAbi, offerWalletBytecode, [alice.address]);
    await f.write(owner, tokenCall.mint(f.c.usdt, wallet, 10n ** 12n));
    await f.write(
      owner,
      exec(
        f.c.usdt,
        encodeFunctionData({
          abi: stableCoinAbi,
          functionName: 'approve',
          args: [offers, maxUint256],
        }),
      ),
    );
  });

  it('accepts an offer its signer signed and refuses one signed by someone else', async () => {
    const offer = offerOf(wallet);
    await f.expectRevert(
      bob,
      acceptCall(offers, offer, await sign(carol, offer), tokens[0]!, 1n),
      'InvalidSignature',
    );
    const before = await usdt(wallet);
    await f.write(bob, acceptCall(offers, offer, await sign(alice, offer), tokens[0]!, 1n));
    expect(before - (await usdt(wallet))).toBe(offer.pricePerUnit);
    // ERC721s reach a contract offerer through safeTransferFrom (its receive hook accepted it).
    expect(await ownerOf(tokens[0]!)).toBe(wallet);
  });

  for (const kind of ['ERC721', 'ERC1155'] as const) {
    it(`cannot re-enter acceptOffer from its ${kind} receive hook to fill twice`, async () => {
      const erc1155 = kind === 'ERC1155';
      const offer = offerOf(wallet, {
        kind: OFFER_KIND.collection,
        identifier: 0n,
        erc1155,
        collection: erc1155 ? f.c.game1155 : f.c.game721,
        units: erc1155 ? 2n : 1n,
      });
      const signature = await sign(alice, offer);
      // The hook tries to fill the same offer again with another token.
      await f.write(owner, {
        address: wallet,
        abi: offerWalletAbi,
        functionName: 'setReentries',
        args: [
          [
            {
              target: offers,
              value: 0n,
              data: encodeFunctionData(
                acceptCall(offers, offer, signature, erc1155 ? 1n : tokens[1]!, 1n) as never,
              ),
            },
          ],
        ],
      });
      const before = await usdt(wallet);
      await f.write(bob, acceptCall(offers, offer, signature, erc1155 ? 1n : tokens[0]!, 1n));
      const read = (functionName: string) =>
        f.read({ address: wallet, abi: offerWalletAbi, functionName });
      expect(await read('attempts')).toBe(1n);
      expect(await read('successes')).toBe(0n);
      expect(await read('errors')).toEqual([REENTRANT]);
      expect(await status(offer)).toEqual([1n, false]);
      expect(before - (await usdt(wallet))).toBe(offer.pricePerUnit);
      expect(await f.balance(f.c.usdt, offers)).toBe(0n);
    });
  }
});
