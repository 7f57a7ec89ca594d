import { describe, expect, it } from 'vitest';
import { recoverTypedDataAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  OFFER_KIND,
  OFFER_STATUS,
  OFFER_TYPES,
  offerDomain,
  type OfferVO,
} from '@aiamarket/shared';
import { offerFundingPlan } from '../../lib/chain/offers';
import {
  OFFER_GAS_RESERVE,
  acceptableUnits,
  committedInCoin,
  offerFields,
  offerFieldsText,
  offerPayout,
  randomSalt,
  wrapPlan,
} from './terms';

// anvil's second well-known test key (a test fixture, never a real wallet).
const account = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);
const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address;
const OFFERS = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' as Address;
const COIN = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0' as Address;
const E18 = 10n ** 18n;

describe('offerPayout', () => {
  it('splits as the contract does: fee = gross x num / den rounded down, royalty as given, the rest to the seller', () => {
    // 3 x 1.5 = 4.5 coins, fee 2.5 % = 0.1125, royalty 5 % = 0.225 (what royaltyOf answered).
    const royalty = (45n * E18) / 10n / 20n;
    const p = offerPayout((3n * E18) / 2n, 3n, { numerator: 250n, denominator: 10_000n }, royalty);
    expect(p).toEqual({
      gross: 45n * 10n ** 17n,
      fee: 1125n * 10n ** 14n,
      royalty: 225n * 10n ** 15n,
      net: 41625n * 10n ** 14n,
    });
  });

  it('rounds the fee down (the seller keeps the remainder) and never loses a base unit', () => {
    const fee = { numerator: 250n, denominator: 10_000n };
    for (const [price, units, royalty] of [
      [999n, 1n, 0n],
      [1n, 1n, 0n],
      [7n, 13n, 3n],
      [123_456_789n, 5n, 30_864_197n],
    ] as const) {
      const p = offerPayout(price, units, fee, royalty);
      expect(p.fee).toBe((price * units * 250n) / 10_000n);
      expect(p.fee + p.royalty + p.net).toBe(price * units);
    }
    expect(offerPayout(999n, 1n, fee, 0n).fee).toBe(24n); // 24.975 -> 24
  });

  it('takes no fee from a zero denominator', () => {
    expect(offerPayout(10n, 2n, { numerator: 1n, denominator: 0n }, 0n).fee).toBe(0n);
  });
});

describe('offerFields', () => {
  const base = {
    offerer: account.address,
    units: 2n,
    coin: COIN,
    pricePerUnit: E18,
    days: 7 as const,
    nowSeconds: 1_800_000_000n,
    counter: 3n,
    salt: 42n,
  };

  it('names the token, the trait root or nothing as identifier, and ends `days` later', () => {
    const item = offerFields({
      ...base,
      target: { kind: OFFER_KIND.item, contractAddr: CONTRACT, erc1155: true, tokenId: '7' },
    });
    expect(item.identifier).toBe(7n);
    expect(item.end - item.start).toBe(7n * 86_400n);
    const root = `0x${'ab'.repeat(32)}`;
    const trait = offerFields({
      ...base,
      target: { kind: OFFER_KIND.trait, contractAddr: CONTRACT, erc1155: false, valueId: 5, root },
    });
    expect(trait.identifier).toBe(BigInt(root));
    expect(trait.kind).toBe(OFFER_KIND.trait);
    const collection = offerFields({
      ...base,
      target: { kind: OFFER_KIND.collection, contractAddr: CONTRACT, erc1155: false },
    });
    expect(collection.identifier).toBe(0n);
  });

  it('is signed with the shared domain and types, and its text form reads back to the same offer', async () => {
    const fields = offerFields({
      ...base,
      target: { kind: OFFER_KIND.collection, contractAddr: CONTRACT, erc1155: false },
    });
    const domain = offerDomain(31337, OFFERS);
    const signature = await account.signTypedData({
      domain,
      types: OFFER_TYPES,
      primaryType: 'Offer',
      message: fields,
    });
    const text = offerFieldsText(fields);
    const back = {
      ...text,
      identifier: BigInt(text.identifier),
      units: BigInt(text.units),
      pricePerUnit: BigInt(text.pricePerUnit),
      start: BigInt(text.start),
      end: BigInt(text.end),
      salt: BigInt(text.salt),
      counter: BigInt(text.counter),
      offerer: text.offerer as Address,
      collection: text.collection as Address,
      coin: text.coin as Address,
    };
    const signer = await recoverTypedDataAddress({
      domain,
      types: OFFER_TYPES,
      primaryType: 'Offer',
      message: back,
      signature: signature as Hex,
    });
    expect(signer).toBe(account.address);
  });

  it('draws a different 256-bit salt each time', () => {
    const a = randomSalt();
    expect(a).not.toBe(randomSalt());
    expect(a < 2n ** 256n).toBe(true);
  });
});

const offer = (over: Partial<OfferVO>): OfferVO =>
  ({
    status: OFFER_STATUS.active,
    moneyAddr: COIN,
    remaining: '2',
    priceWei: '10',
    erc1155: true,
    ...over,
  }) as OfferVO;

describe('the allowance an offer needs', () => {
  it('adds what the open offers in the same coin can still draw (unfunded and not started too)', () => {
    const offers = [
      offer({}),
      offer({ status: OFFER_STATUS.unfunded, remaining: '1', priceWei: '5' }),
      offer({ status: OFFER_STATUS.notStarted, remaining: '1', priceWei: '1' }),
      offer({ status: OFFER_STATUS.filled }),
      offer({ status: OFFER_STATUS.cancelled }),
      offer({ status: OFFER_STATUS.expired }),
      offer({ moneyAddr: OFFERS }),
    ];
    expect(committedInCoin(offers, COIN.toUpperCase().replace('0X', '0x'))).toBe(26n);
  });

  it('wraps only the wrapped-AIA shortfall and approves only when the allowance is short', () => {
    const plan = (over: Partial<Parameters<typeof offerFundingPlan>[0]>) =>
      offerFundingPlan({
        total: 10n,
        allowanceNeeded: 30n,
        balance: 4n,
        allowance: 30n,
        wrapped: true,
        ...over,
      });
    expect(plan({})).toEqual({ wrap: 6n, approve: null });
    expect(plan({ wrapped: false })).toEqual({ wrap: 0n, approve: null });
    expect(plan({ balance: 10n, allowance: 29n })).toEqual({ wrap: 0n, approve: 30n });
  });
});

describe('acceptableUnits', () => {
  it('is one for an ERC721 held, and what is held up to what is left for an ERC1155', () => {
    expect(acceptableUnits({ erc1155: false, remaining: '3' }, 1n)).toBe(1n);
    expect(acceptableUnits({ erc1155: false, remaining: '3' }, 0n)).toBe(0n);
    expect(acceptableUnits({ erc1155: true, remaining: '3' }, 5n)).toBe(3n);
    expect(acceptableUnits({ erc1155: true, remaining: '3' }, 2n)).toBe(2n);
  });
});

describe('the gas reserve of a wrap', () => {
  const E18 = 10n ** 18n;
  it('keeps the reserve in native AIA only when some is wrapped, to the base unit', () => {
    const native = 3n * E18;
    // Wrapping all but exactly the reserve is fine; one base unit more is not.
    expect(wrapPlan(native - OFFER_GAS_RESERVE, { balance: 0n, native })).toEqual({
      wrap: native - OFFER_GAS_RESERVE,
      keepsReserve: true,
      most: native - OFFER_GAS_RESERVE,
    });
    expect(wrapPlan(native - OFFER_GAS_RESERVE + 1n, { balance: 0n, native }).keepsReserve).toBe(
      false,
    );
    // Already wrapped: no wrap, no reserve needed, even with no native AIA.
    expect(wrapPlan(E18, { balance: E18, native: 0n })).toEqual({
      wrap: 0n,
      keepsReserve: true,
      most: E18,
    });
    // The wrapped part counts towards the most: 1 wrapped + 0.5 native = 1.49 at most.
    expect(wrapPlan(2n * E18, { balance: E18, native: E18 / 2n }).most).toBe(
      E18 + E18 / 2n - OFFER_GAS_RESERVE,
    );
  });
});
