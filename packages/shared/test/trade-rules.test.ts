import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M, validationKeyOf } from '../src/validation/messages.js';
import {
  buyQuantityOnBlur,
  checkBuyQuantity,
  checkListingAmount,
  checkListingPrice,
  checkTransferAmount,
  checkChangedPrice,
  checkTransferRecipient,
  listingAmountSchema,
  listingPriceSchema,
  netReceipt,
  stepBuyQuantity,
  transferRecipientSchema,
  typedBuyQuantity,
} from '../src/validation/trade.js';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

const messageOf = (r: { ok: boolean; message?: { message: string } }) =>
  r.ok ? null : r.message!.message;

describe('listing price', () => {
  it('is required', () => {
    expect(messageOf(checkListingPrice(''))).toBe('Price must be set');
    expect(messageOf(checkListingPrice('   '))).toBe('Price must be set');
  });

  it('takes a number with one decimal separator, nothing else', () => {
    for (const bad of ['1e5', '-1', 'abc', '.', '+2', '1 5']) {
      expect(messageOf(checkListingPrice(bad)), bad).toBe('numbers only');
    }
    expect(messageOf(checkListingPrice('1.2.3'))).toBe(
      'A number takes one decimal separator at most',
    );
  });

  it('reads the decimal separator of the language and refuses an ambiguous one', () => {
    // The old box dropped the comma: "1,5" was listed at 15.
    expect(checkListingPrice('1,5', 18, 'tr')).toEqual({ ok: true, value: '1.5' });
    expect(checkListingPrice('1.5', 18, 'tr')).toEqual({ ok: true, value: '1.5' });
    for (const locale of ['en', 'zh-CN', 'zh-TW', 'ja']) {
      expect(messageOf(checkListingPrice('1,5', 18, locale)), locale).toBe(
        'Ambiguous number: use "." for decimals and no thousands separators',
      );
    }
    expect(messageOf(checkListingPrice('1.500', 18, 'tr'))).toBe(
      'Ambiguous number: use "." for decimals and no thousands separators',
    );
    expect(messageOf(checkListingPrice('1,234.5', 18, 'en'))).toBe(
      'Mixed separators: write the number without thousands separators',
    );
    expect(messageOf(checkListingPrice('1,1234567', 6, 'tr'))).toBe(
      'Too many decimals for this coin',
    );
  });

  it('must be above 0', () => {
    for (const zero of ['0', '0.0', '00', '.0', '0.000000000000000000']) {
      expect(messageOf(checkListingPrice(zero)), zero).toBe('numbers greater than 0');
    }
  });

  it('is at most 20 characters', () => {
    expect(messageOf(checkListingPrice('1'.repeat(21)))).toBe('This field is too long');
    expect(checkListingPrice('0.' + '1'.repeat(18))).toEqual({
      ok: true,
      value: '0.' + '1'.repeat(18),
    });
  });

  it('has at most 18 integer digits and 18 decimals', () => {
    expect(checkListingPrice('9'.repeat(18)).ok).toBe(true);
    expect(messageOf(checkListingPrice('9'.repeat(19)))).toBe(
      'At most 18 integer digits and 18 decimals',
    );
    // Leading zeros are not digits of the value.
    expect(checkListingPrice('0' + '9'.repeat(18)).ok).toBe(true);
    expect(messageOf(checkListingPrice('.' + '1'.repeat(19)))).toBe(
      'At most 18 integer digits and 18 decimals',
    );
  });

  it('has no more decimals than the coin', () => {
    expect(checkListingPrice('1.123456', 6).ok).toBe(true);
    expect(messageOf(checkListingPrice('1.1234567', 6))).toBe('Too many decimals for this coin');
    expect(checkListingPrice('1.1234567').ok).toBe(true);
  });

  it('answers the exact price as plain text', () => {
    expect(checkListingPrice(' 2.5 ')).toEqual({ ok: true, value: '2.5' });
    expect(checkListingPrice('.5')).toEqual({ ok: true, value: '0.5' });
    expect(checkListingPrice('002.500')).toEqual({ ok: true, value: '2.5' });
  });

  it('has a zod form with the same messages', () => {
    expect(listingPriceSchema(6).parse('3.25')).toBe('3.25');
    const r = listingPriceSchema(6).safeParse('0');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('numbers greater than 0');
    expect(listingPriceSchema(6).safeParse('1.0000001').error?.issues[0]?.message).toBe(
      'Too many decimals for this coin',
    );
  });
});

describe('ERC1155 listing amount', () => {
  it('is required, an integer, above 0 and at most the available balance', () => {
    expect(messageOf(checkListingAmount('', 5))).toBe('Please enter the amount');
    expect(messageOf(checkListingAmount('1.5', 5))).toBe('integers only');
    expect(messageOf(checkListingAmount('-1', 5))).toBe('integers only');
    expect(messageOf(checkListingAmount('0', 5))).toBe('numbers greater than 0');
    expect(messageOf(checkListingAmount('6', 5))).toBe('greater than available');
    expect(checkListingAmount('5', 5)).toEqual({ ok: true, value: 5n });
    expect(checkListingAmount(' 1 ', 5n)).toEqual({ ok: true, value: 1n });
    // Read in the language, never by dropping a character ("1,5" is not 15).
    expect(messageOf(checkListingAmount('1,5', 20, 'tr'))).toBe('integers only');
    expect(messageOf(checkListingAmount('1,000', 2000, 'en'))).toBe(
      'Ambiguous number: use "." for decimals and no thousands separators',
    );
    expect(checkListingAmount('１２', 20, 'ja')).toEqual({ ok: true, value: 12n });
  });

  it('has a zod form', () => {
    expect(listingAmountSchema(3).parse('3')).toBe(3n);
    expect(listingAmountSchema(3).safeParse('4').error?.issues[0]?.message).toBe(
      'greater than available',
    );
  });
});

describe('ERC1155 buy quantity', () => {
  it('caps a typed value at what is left and drops non-digits', () => {
    expect(typedBuyQuantity('3', 5)).toBe('3');
    expect(typedBuyQuantity('12', 5)).toBe('5');
    // Kept as typed, for checkBuyQuantity to refuse (they were '2', '4' and '15').
    expect(typedBuyQuantity('2a', 5)).toBe('2a');
    expect(typedBuyQuantity('-4', 5)).toBe('-4');
    expect(typedBuyQuantity('1,5', 20)).toBe('1,5');
    expect(typedBuyQuantity('１２', 20, 'ja')).toBe('12');
    expect(typedBuyQuantity('007', 10)).toBe('7');
    expect(typedBuyQuantity('', 5)).toBe('');
    expect(typedBuyQuantity('0', 5)).toBe('0');
  });

  it('turns 0 or empty into 1 on blur', () => {
    expect(buyQuantityOnBlur('0')).toBe('1');
    expect(buyQuantityOnBlur('')).toBe('1');
    expect(buyQuantityOnBlur('4')).toBe('4');
  });

  it('steps within 1..leftAmount', () => {
    expect(stepBuyQuantity(1, -1, 5)).toBe(1);
    expect(stepBuyQuantity(1, 1, 5)).toBe(2);
    expect(stepBuyQuantity(5, 1, 5)).toBe(5);
  });

  it("refuses more than is left with the 'NFT amount' error", () => {
    expect(messageOf(checkBuyQuantity(6, 5))).toBe(M.nftAmount.message);
    expect(messageOf(checkBuyQuantity(0, 5))).toBe('numbers greater than 0');
    expect(messageOf(checkBuyQuantity(1.5, 5))).toBe('integers only');
    expect(checkBuyQuantity(5, 5)).toEqual({ ok: true, value: 5 });
  });
});

describe('transfer', () => {
  it('needs a valid recipient that is neither zero nor the sender', () => {
    expect(messageOf(checkTransferRecipient('', ALICE))).toBe('Please enter the address');
    expect(messageOf(checkTransferRecipient('0x1234', ALICE))).toBe('Invalid wallet address');
    expect(messageOf(checkTransferRecipient('hello', ALICE))).toBe('Invalid wallet address');
    expect(
      messageOf(checkTransferRecipient('0x0000000000000000000000000000000000000000', ALICE)),
    ).toBe('The zero address cannot receive NFTs');
    expect(messageOf(checkTransferRecipient(ALICE.toLowerCase(), ALICE))).toBe(
      'The transfer address is the same as the current address and cannot be transferred',
    );
    expect(checkTransferRecipient(` ${BOB.toUpperCase().replace('0X', '0x')} `, ALICE)).toEqual({
      ok: true,
      value: BOB,
    });
  });

  it('refuses a mixed-case address whose EIP-55 checksum is wrong', () => {
    const checksummed = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    expect(checkTransferRecipient(checksummed, ALICE)).toEqual({
      ok: true,
      value: checksummed.toLowerCase(),
    });
    // One letter's case flipped: still 40 hex digits, but not the address it claims to be.
    const flipped = checksummed.replace('F79bf6', 'f79bf6');
    expect(messageOf(checkTransferRecipient(flipped, ALICE))).toBe(
      'The address has a wrong checksum (its upper and lower case letters): check it',
    );
    // No checksum at all (one case) is taken as typed.
    expect(checkTransferRecipient(flipped.toLowerCase(), ALICE).ok).toBe(true);
    expect(transferRecipientSchema(ALICE).safeParse(flipped).success).toBe(false);
  });

  it('makes an ERC721 sender own the item', () => {
    expect(checkTransferAmount('', 1, 'ERC721')).toEqual({ ok: true, value: 1n });
    expect(messageOf(checkTransferAmount('1', 0, 'ERC721'))).toBe(
      'Insufficient NFT assets to transfer',
    );
  });

  it('keeps an ERC1155 amount an integer above 0 and within the holding', () => {
    expect(messageOf(checkTransferAmount('', 3, 'ERC1155'))).toBe('Please enter the amount');
    expect(messageOf(checkTransferAmount('1.5', 3, 'ERC1155'))).toBe('integers only');
    expect(messageOf(checkTransferAmount('0', 3, 'ERC1155'))).toBe('numbers greater than 0');
    expect(messageOf(checkTransferAmount('4', 3, 'ERC1155'))).toBe(
      'Insufficient NFT assets to transfer',
    );
    expect(checkTransferAmount('3', 3n, 'ERC1155')).toEqual({ ok: true, value: 3n });
    expect(messageOf(checkTransferAmount('1,5', 20, 'ERC1155', 'tr'))).toBe('integers only');
    expect(messageOf(checkTransferAmount('1.000', 2000, 'ERC1155', 'tr'))).toBe(
      'Ambiguous number: use "." for decimals and no thousands separators',
    );
  });

  it('has a zod form for the recipient', () => {
    expect(transferRecipientSchema(ALICE).parse(BOB)).toBe(BOB);
    expect(transferRecipientSchema(ALICE).safeParse(ALICE).success).toBe(false);
  });
});

describe('update price', () => {
  it('refuses the current price, however it is typed', () => {
    const current = 1_500_000n; // 1.5 in a 6-decimal coin
    expect(messageOf(checkChangedPrice('1.5', current, 6))).toBe(
      'The new price is the current price',
    );
    expect(messageOf(checkChangedPrice('1.500', current, 6))).toBe(
      'The new price is the current price',
    );
    expect(messageOf(checkChangedPrice('1,5', current, 6, 'tr'))).toBe(
      'The new price is the current price',
    );
    expect(checkChangedPrice('1.6', current, 6)).toEqual({ ok: true, value: '1.6' });
    // The listing rules still come first.
    expect(messageOf(checkChangedPrice('0', current, 6))).toBe('numbers greater than 0');
  });
});

describe('net receipt', () => {
  it('is the price minus fee and royalty percent, 4 decimals, exact', () => {
    expect(netReceipt('100', 2.5, 5)).toBe('92.5000');
    expect(netReceipt('0.1', '2', null)).toBe('0.0980');
    // 0.00019 x 0.9 = 0.000171 -> rounded down, never overstated.
    expect(netReceipt('0.00019', 10, 0)).toBe('0.0001');
    expect(netReceipt('123456789012345678.123', 0, 0)).toBe('123456789012345678.1230');
    expect(netReceipt('', 2, 0)).toBe('0.0000');
    expect(netReceipt('abc', 2, 0)).toBe('0.0000');
    expect(netReceipt('5', 60, 50)).toBe('0.0000');
  });
});

describe('trade messages', () => {
  it('each has its own i18n key under trade.rules', () => {
    const names = [
      'priceRequired',
      'aboveZero',
      'priceDigits',
      'coinDecimals',
      'integersOnly',
      'amountRequired',
      'greaterThanAvailable',
      'nftAmount',
      'recipientRequired',
      'recipientInvalid',
      'recipientZero',
      'recipientSelf',
      'recipientChecksum',
      'samePrice',
      'deficitAssets',
    ] as const;
    for (const name of names) {
      expect(validationKeyOf(M[name].message)).toBe(`trade.rules.${name}`);
    }
    const texts = Object.values(M).map((m) => m.message);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
