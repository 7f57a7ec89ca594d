import DecimalBase from 'decimal.js';
import { isAddress, parseUnits } from 'viem';
import { z } from 'zod';
import {
  CONTRACT_TYPE,
  DEFAULT_LOCALE,
  NATIVE_COIN_ADDRESS,
  PRICE,
  type ContractType,
} from '../constants.js';
import { parseDecimalInput, type DecimalInputRefusal } from '../decimal/input.js';
import { decimalRefusalMessage, VALIDATION_MESSAGES as M } from './messages.js';

// The trading rules of spec doc 1 section 5 (listing price, listing amount, buy quantity,
// transfer), written once as pure functions; the web forms and the server both use them.

type Message = (typeof M)[keyof typeof M];

export type RuleCheck<T> = { ok: true; value: T } | { ok: false; message: Message };

const fail = (message: Message): { ok: false; message: Message } => ({ ok: false, message });

// Prices have up to 36 significant digits: keep them all.
const Decimal = DecimalBase.clone({ precision: 64 });

/** A price already read (checkListingPrice's value). */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** Typed text -> the rule's failure message, for the refusals every number box shares. */
function refused(
  reason: DecimalInputRefusal,
  ownMessage: Message,
): { ok: false; message: Message } {
  return fail(decimalRefusalMessage(reason) ?? ownMessage);
}

/**
 * The listing (and change-price) price, typed in `locale` ("1,5" is 1.5 in Turkish and refused
 * as ambiguous in English): required, at most 20 characters, a number with one decimal
 * separator, above 0, at most 18 integer digits and 18 decimals, and no more decimals than the
 * coin has. The value returned is the exact price as plain text ("1.5", never "1,5").
 */
export function checkListingPrice(
  input: string,
  coinDecimals: number = PRICE.maxDecimals,
  locale: string = DEFAULT_LOCALE,
): RuleCheck<string> {
  const typed = input.trim();
  if (!typed) return fail(M.priceRequired);
  if (typed.length > PRICE.maxLength) return fail(M.tooLong);
  const parsed = parseDecimalInput(typed, locale);
  if (!parsed.ok) return refused(parsed.reason, M.numbersOnly);
  const [whole = '', fraction = ''] = parsed.value.split('.');
  if (parsed.value === '0') return fail(M.aboveZero);
  if (whole.length > PRICE.maxIntegerDigits) return fail(M.priceDigits);
  if (fraction.length > PRICE.maxDecimals) return fail(M.priceDigits);
  if (fraction.length > coinDecimals) return fail(M.coinDecimals);
  return { ok: true, value: parsed.value };
}

/**
 * Update price: the listing price rules, and a price other than the current one (`currentWei`,
 * base units): the same price would cost a transaction and change nothing.
 */
export function checkChangedPrice(
  input: string,
  currentWei: bigint,
  coinDecimals: number = PRICE.maxDecimals,
  locale: string = DEFAULT_LOCALE,
): RuleCheck<string> {
  const check = checkListingPrice(input, coinDecimals, locale);
  if (!check.ok) return check;
  return parseUnits(check.value, coinDecimals) === currentWei ? fail(M.samePrice) : check;
}

/** A whole amount typed in `locale`: required, a whole number ('integers only'), above 0. */
function checkWholeAmount(input: string, locale: string): RuleCheck<bigint> {
  const parsed = parseDecimalInput(input, locale, { maxDecimals: 0 });
  if (!parsed.ok) {
    if (parsed.reason === 'empty') return fail(M.amountRequired);
    return parsed.reason === 'ambiguous' ? fail(M.decimalAmbiguous) : fail(M.integersOnly);
  }
  const amount = BigInt(parsed.value);
  if (amount <= 0n) return fail(M.aboveZero);
  return { ok: true, value: amount };
}

/** The ERC1155 listing amount: an integer, above 0, at most the available balance. */
export function checkListingAmount(
  input: string,
  available: bigint | number,
  locale: string = DEFAULT_LOCALE,
): RuleCheck<bigint> {
  const amount = checkWholeAmount(input, locale);
  if (amount.ok && amount.value > BigInt(available)) return fail(M.greaterThanAvailable);
  return amount;
}

/**
 * The ERC1155 buy quantity while it is typed in `locale`: a whole number above what the listing
 * has left is capped to it; anything else stays as typed ("2a", "1,5"), for checkBuyQuantity to
 * refuse, instead of losing characters. An empty box stays empty until blur.
 */
export function typedBuyQuantity(
  typed: string,
  leftAmount: number,
  locale: string = DEFAULT_LOCALE,
): string {
  const read = parseDecimalInput(typed, locale, { maxDecimals: 0 });
  if (!read.ok) return read.reason === 'empty' ? '' : typed;
  return BigInt(read.value) > BigInt(leftAmount) ? String(leftAmount) : read.value;
}

/** On blur an empty or 0 quantity becomes 1. */
export function buyQuantityOnBlur(value: string): string {
  return !value || Number(value) < 1 ? '1' : value;
}

/** The stepper: one up or down, within 1..leftAmount. */
export function stepBuyQuantity(current: number, delta: number, leftAmount: number): number {
  return Math.min(Math.max(current + delta, 1), Math.max(leftAmount, 1));
}

/** The quantity actually bought: 1..leftAmount ('NFT amount' above it). */
export function checkBuyQuantity(quantity: number, leftAmount: number): RuleCheck<number> {
  if (!Number.isInteger(quantity)) return fail(M.integersOnly);
  if (quantity < 1) return fail(M.aboveZero);
  if (quantity > leftAmount) return fail(M.nftAmount);
  return { ok: true, value: quantity };
}

/**
 * The transfer recipient: a valid address, not the zero address, not the sender. A mixed-case
 * address carries an EIP-55 checksum, which must be right (a mistyped letter would otherwise
 * send the item to an address nobody holds); all lower or all upper case carries none.
 */
export function checkTransferRecipient(input: string, self: string | null): RuleCheck<string> {
  const value = input.trim();
  if (!value) return fail(M.recipientRequired);
  if (!isAddress(value, { strict: false })) return fail(M.recipientInvalid);
  const hex = value.slice(2);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && !isAddress(value, { strict: true })) return fail(M.recipientChecksum);
  const to = value.toLowerCase();
  if (to === NATIVE_COIN_ADDRESS) return fail(M.recipientZero);
  if (self && to === self.toLowerCase()) return fail(M.recipientSelf);
  return { ok: true, value: to };
}

/**
 * The transfer amount: an ERC721 sender must own the item (amount 1); an ERC1155 amount is an
 * integer above 0 and at most what the sender holds ('Insufficient NFT assets to transfer').
 */
export function checkTransferAmount(
  input: string,
  held: bigint | number,
  contractType: ContractType,
  locale: string = DEFAULT_LOCALE,
): RuleCheck<bigint> {
  if (contractType === CONTRACT_TYPE.erc721) {
    return BigInt(held) >= 1n ? { ok: true, value: 1n } : fail(M.deficitAssets);
  }
  const amount = checkWholeAmount(input, locale);
  if (amount.ok && amount.value > BigInt(held)) return fail(M.deficitAssets);
  return amount;
}

/**
 * What the seller receives per unit: price minus the platform fee and the royalty (both in
 * percent), exact decimal arithmetic, shown with 4 decimals (rounded down, never overstated).
 */
export function netReceipt(
  price: string,
  feePercent: number | string,
  royaltyPercent: number | string | null,
): string {
  const p = new Decimal(PLAIN_DECIMAL.test(price.trim()) ? price.trim() : 0);
  const kept = new Decimal(100)
    .minus(feePercent || 0)
    .minus(royaltyPercent || 0)
    .div(100);
  const net = Decimal.max(p.times(kept), 0);
  return net
    .toDecimalPlaces(PRICE.displayDecimals, Decimal.ROUND_DOWN)
    .toFixed(PRICE.displayDecimals);
}

/** zod form of a rule check: the rule's message becomes the issue message. */
function fromRule<T>(check: (value: string) => RuleCheck<T>) {
  return z.string().transform((value, ctx) => {
    const result = check(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message.message });
      return z.NEVER;
    }
    return result.value;
  });
}

/** The price of a new listing or a price change, for a coin with `coinDecimals` decimals. */
export const listingPriceSchema = (coinDecimals: number = PRICE.maxDecimals) =>
  fromRule((v) => checkListingPrice(v, coinDecimals));

/** The ERC1155 listing amount against an available balance. */
export const listingAmountSchema = (available: bigint | number) =>
  fromRule((v) => checkListingAmount(v, available));

/** The transfer recipient of `self`. */
export const transferRecipientSchema = (self: string | null) =>
  fromRule((v) => checkTransferRecipient(v, self));
