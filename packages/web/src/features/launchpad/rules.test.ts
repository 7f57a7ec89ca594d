import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import {
  mintCeiling,
  checkExchange,
  checkHeldAmount,
  checkMint,
  coinRemaining,
  formatCount,
  isCoinSoldOut,
  readCount,
  perTransactionCap,
  receivedFor,
  remainingSupply,
  selectedTotal,
  stepCount,
  type RuleMessage,
} from './rules';

/** The English text of a rule's message, with its values filled in. */
function english(m: RuleMessage | null): string | null {
  if (!m) return null;
  let node: unknown = en;
  for (const part of m.key.split('.')) node = (node as Record<string, unknown>)[part];
  let text = String(node);
  for (const [k, v] of Object.entries(m.values ?? {})) text = text.replace(`{{${k}}}`, String(v));
  return text;
}

const sale = { remainingSupply: 100, mintMaxLimit: 20, coinRemaining: 50, userRemaining: 20 };

describe('quantity input', () => {
  it('reads typed quantities with the language grouping and drops nothing', () => {
    expect(readCount('1,234', 'en')).toEqual({ ok: true, count: 1234 });
    expect(readCount('1.234', 'tr')).toEqual({ ok: true, count: 1234 });
    expect(readCount(' 12 ', 'en')).toEqual({ ok: true, count: 12 });
    expect(readCount('', 'en')).toEqual({ ok: true, count: 0 });
    expect(readCount('9'.repeat(30), 'en')).toEqual({ ok: true, count: Number.MAX_SAFE_INTEGER });
    // The old reading kept the digits: "1,2a3" was 123, "-5" was 0 and "1,5" was 15.
    const integersOnly = { ok: false, message: { key: 'trade.rules.integersOnly' } };
    expect(readCount('1,2a3', 'en')).toEqual(integersOnly);
    expect(readCount('-5', 'en')).toEqual(integersOnly);
    expect(readCount('1,5', 'tr')).toEqual(integersOnly);
    expect(readCount('1,5', 'en')).toEqual({
      ok: false,
      message: { key: 'validation.decimalAmbiguous' },
    });
  });
  it('formats with the language thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(1234567, 'tr')).toBe('1.234.567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-3)).toBe('0');
  });
  it('steps without going below zero', () => {
    expect(stepCount(0, -1)).toBe(0);
    expect(stepCount(1, -1)).toBe(0);
    expect(stepCount(1, 1)).toBe(2);
  });
});

describe('supply helpers', () => {
  it('computes the remaining supply and coin remainder', () => {
    expect(remainingSupply(1000, 3)).toBe(997);
    expect(remainingSupply(10, 12)).toBe(0);
    expect(coinRemaining(800, 5)).toBe(795);
    expect(coinRemaining(5, 5)).toBe(0);
    expect(coinRemaining(undefined, 5)).toBeUndefined();
    expect(coinRemaining(5, undefined)).toBeUndefined();
  });
  it("disables a coin's mint button ('sold out') with no supply or no coin remainder", () => {
    expect(isCoinSoldOut(0, 10)).toBe(true);
    expect(isCoinSoldOut(10, 0)).toBe(true);
    expect(isCoinSoldOut(10, 1)).toBe(false);
    expect(isCoinSoldOut(10, undefined)).toBe(false);
  });
});

describe('mintCeiling (the most the mint stepper offers)', () => {
  it('is the lowest known limit, with the message of that limit', () => {
    const base = { mintMaxLimit: 20, maxBatchSize: 10 };
    expect(mintCeiling(base)).toEqual({
      max: 10,
      message: { key: 'launchpad.maxMintTip', values: { num: 10 } },
    });
    expect(
      mintCeiling({ ...base, remainingSupply: 4, coinRemaining: 6, userRemaining: 8 }),
    ).toEqual({
      max: 4,
      message: { key: 'launchpad.exceedMintTip', values: { num: 4 } },
    });
    expect(
      mintCeiling({ ...base, remainingSupply: 9, coinRemaining: 3, userRemaining: 8 }),
    ).toEqual({
      max: 3,
      message: { key: 'launchpad.coinMintTip', values: { num: 3 } },
    });
    expect(
      mintCeiling({ ...base, remainingSupply: 9, coinRemaining: 7, userRemaining: 2 }),
    ).toEqual({
      max: 2,
      message: { key: 'launchpad.exchangeLimtTip', values: { num: 2 } },
    });
    expect(mintCeiling({ ...base, remainingSupply: 0 })).toEqual({
      max: 0,
      message: { key: 'launchpad.mintLackTip' },
    });
  });
});

describe('checkMint (section 5, mint quantity)', () => {
  it('accepts a quantity within every limit', () => {
    expect(checkMint(1, sale)).toBeNull();
    expect(checkMint(20, sale)).toBeNull();
  });
  it('refuses a negative quantity', () => {
    expect(checkMint(-1, sale)?.key).toBe('marketplace.details.enterAmounts');
    expect(checkMint(Number.NaN, sale)?.key).toBe('marketplace.details.enterAmounts');
  });
  it('refuses more than mintMaxLimit: maxMintTip', () => {
    const m = checkMint(21, sale);
    expect(m).toEqual({ key: 'launchpad.maxMintTip', values: { num: 20 } });
    expect(english(m)).toBe('A single transaction exceeds the maximum (20)');
  });
  it('refuses more than the per-transaction cap (maxBatchSize): maxMintTip with the cap', () => {
    const batched = { ...sale, maxBatchSize: 10 };
    expect(checkMint(10, batched)).toBeNull();
    const m = checkMint(11, batched);
    expect(m).toEqual({ key: 'launchpad.maxMintTip', values: { num: 10 } });
    expect(english(m)).toBe('A single transaction exceeds the maximum (10)');
    // The smaller of the two caps applies; an unknown (0) batch size leaves mintMaxLimit.
    expect(perTransactionCap({ mintMaxLimit: 5, maxBatchSize: 10 })).toBe(5);
    expect(perTransactionCap({ mintMaxLimit: 20, maxBatchSize: 10 })).toBe(10);
    expect(perTransactionCap({ mintMaxLimit: 20, maxBatchSize: 0 })).toBe(20);
    expect(perTransactionCap({ mintMaxLimit: 20 })).toBe(20);
  });
  it('refuses 0: enterAmounts', () => {
    const m = checkMint(0, sale);
    expect(m).toEqual({ key: 'marketplace.details.enterAmounts' });
    expect(english(m)).toBe('Please enter the amount');
  });
  it('refuses more than the remaining supply: exceedMintTip with the number', () => {
    const m = checkMint(8, { ...sale, remainingSupply: 5 });
    expect(m).toEqual({ key: 'launchpad.exceedMintTip', values: { num: 5 } });
    expect(english(m)).toBe('Not enough swappable or mintable NFTs remaining (5 left)');
  });
  it("refuses more than the coin's remainder: coinMintTip with the number", () => {
    const m = checkMint(4, { ...sale, coinRemaining: 3 });
    expect(m).toEqual({ key: 'launchpad.coinMintTip', values: { num: 3 } });
    expect(english(m)).toBe('Coin mint limit exceeded (can mint 3)');
  });
  it('refuses a mint when no supply is left: mintLackTip', () => {
    const m = checkMint(1, { ...sale, remainingSupply: 0 });
    expect(m).toEqual({ key: 'launchpad.mintLackTip' });
    expect(english(m)).toBe('The current asset count has reached the ceiling');
  });
  it("refuses more than the wallet's remaining allowance: exchangeLimtTip", () => {
    const m = checkMint(3, { ...sale, userRemaining: 2 });
    expect(m).toEqual({ key: 'launchpad.exchangeLimtTip', values: { num: 2 } });
    expect(english(m)).toBe('Wallet mint limit reached (you can mint 2 more)');
  });
  it('checks in the spec order (max before zero before supply before coin)', () => {
    expect(checkMint(30, { ...sale, remainingSupply: 0, coinRemaining: 0 })?.key).toBe(
      'launchpad.maxMintTip',
    );
    expect(checkMint(0, { ...sale, remainingSupply: 0 })?.key).toBe(
      'marketplace.details.enterAmounts',
    );
    expect(checkMint(10, { ...sale, remainingSupply: 5, coinRemaining: 1 })?.key).toBe(
      'launchpad.exceedMintTip',
    );
  });
  it('skips the coin and wallet checks when they are unknown', () => {
    expect(checkMint(5, { remainingSupply: 10, mintMaxLimit: 20 })).toBeNull();
  });
});

describe('checkExchange (section 5, exchange)', () => {
  const ratio = { newNum: 1, oldNum: 2 };
  it('computes received = newNum / oldNum x selected', () => {
    expect(receivedFor(4, 1, 2)).toBe(2);
    expect(receivedFor(3, 3, 1)).toBe(9);
    expect(Number.isFinite(receivedFor(3, 1, 0))).toBe(false);
    expect(checkExchange(4, ratio, sale)).toEqual({ ok: true, received: 2 });
    expect(checkExchange(3, { newNum: 1, oldNum: 1 }, sale)).toEqual({ ok: true, received: 3 });
  });
  it('refuses an empty selection: selectTip', () => {
    const r = checkExchange(0, ratio, sale);
    expect(r).toEqual({ ok: false, message: { key: 'launchpad.selectTip' } });
    expect(english(r.ok ? null : r.message)).toBe('Please select NFT');
  });
  it('refuses a count not divisible by oldNum: exceedTip', () => {
    const r = checkExchange(3, ratio, sale);
    expect(r).toEqual({ ok: false, message: { key: 'launchpad.exceedTip' } });
    expect(english(r.ok ? null : r.message)).toBe(
      'The selected count does not meet the swap ratio',
    );
  });
  it('refuses a ratio that gives no finite received count', () => {
    expect(checkExchange(2, { newNum: 1, oldNum: 0 }, sale)).toEqual({
      ok: false,
      message: { key: 'launchpad.exceedTip' },
    });
    expect(checkExchange(2, { newNum: Number.POSITIVE_INFINITY, oldNum: 1 }, sale).ok).toBe(false);
  });
  it('refuses more than the remaining supply: swapLackTip', () => {
    const r = checkExchange(4, ratio, { ...sale, remainingSupply: 1 });
    expect(r).toEqual({ ok: false, message: { key: 'launchpad.swapLackTip' } });
    expect(english(r.ok ? null : r.message)).toBe('Not enough NFTs remaining for this exchange');
  });
  it('refuses more than mintMaxLimit: maxExchangeTip', () => {
    const r = checkExchange(6, { newNum: 1, oldNum: 1 }, { ...sale, mintMaxLimit: 5 });
    expect(r).toEqual({
      ok: false,
      message: { key: 'launchpad.maxExchangeTip', values: { num: 5 } },
    });
    expect(english(r.ok ? null : r.message)).toBe('Swap exceeds the maximum (5)');
  });
  it('refuses a received count above the per-transaction cap: maxExchangeTip', () => {
    const batched = { ...sale, maxBatchSize: 10 };
    expect(checkExchange(20, ratio, batched)).toEqual({ ok: true, received: 10 });
    const r = checkExchange(22, ratio, batched);
    expect(r).toEqual({
      ok: false,
      message: { key: 'launchpad.maxExchangeTip', values: { num: 10 } },
    });
    expect(english(r.ok ? null : r.message)).toBe('Swap exceeds the maximum (10)');
  });
  it("refuses more than the wallet's remaining allowance: exchangeLimtTip with the number", () => {
    const r = checkExchange(6, ratio, { ...sale, userRemaining: 2 });
    expect(r).toEqual({
      ok: false,
      message: { key: 'launchpad.exchangeLimtTip', values: { num: 2 } },
    });
  });
});

describe('held amounts (1155 steppers, 721 checkboxes)', () => {
  it('caps a 1155 amount at the held count with beyondTip', () => {
    expect(checkHeldAmount(3, 5)).toEqual({ amount: 3, message: null });
    const r = checkHeldAmount(6, 5);
    expect(r).toEqual({ amount: 5, message: { key: 'launchpad.beyondTip' } });
    expect(english(r.message)).toBe('The selected amount is more than you hold');
  });
  it('never goes negative', () => {
    expect(checkHeldAmount(-1, 5)).toEqual({ amount: 0, message: null });
  });
  it('a 721 toggles between 0 and 1', () => {
    expect(checkHeldAmount(1, 1).amount).toBe(1);
    expect(checkHeldAmount(2, 1)).toEqual({ amount: 1, message: { key: 'launchpad.beyondTip' } });
  });
  it('sums the selection', () => {
    expect(selectedTotal([1, 0, 1, 3])).toBe(5);
    expect(selectedTotal([])).toBe(0);
  });
});
