import { parseDecimalInput } from '@aiamarket/shared';

// The launchpad's validation rules (spec document 2, section 5) as pure functions. Each failed
// rule answers the i18n key of its message and the values that fill it.

export type RuleKey =
  | 'launchpad.maxMintTip'
  | 'marketplace.details.enterAmounts'
  | 'launchpad.exceedMintTip'
  | 'launchpad.coinMintTip'
  | 'launchpad.mintLackTip'
  | 'launchpad.exchangeLimtTip'
  | 'launchpad.selectTip'
  | 'launchpad.exceedTip'
  | 'launchpad.swapLackTip'
  | 'launchpad.maxExchangeTip'
  | 'launchpad.beyondTip'
  | 'launchpad.transactionErr';

export interface RuleMessage {
  key: RuleKey;
  values?: Record<string, number>;
}

/** What the chain says about a sale when the modal opens. */
export interface SupplyState {
  /** collectionSize - totalSupply. */
  remainingSupply: number;
  /** Per-user maximum (mintMaxLimit). */
  mintMaxLimit: number;
  /** Per-transaction maximum (the contract's maxBatchSize); undefined or 0 when unknown. */
  maxBatchSize?: number;
  /** What the user may still mint (numberMinted's remaining); undefined when unknown. */
  userRemaining?: number;
}

/** A typed quantity: the count, or the message of why the text is not a whole number. */
export type TypedCount = { ok: true; count: number } | { ok: false; message: CountMessage };

export interface CountMessage {
  key: 'trade.rules.integersOnly' | 'validation.decimalAmbiguous';
}

/**
 * A quantity typed in `locale`, read by the shared number parser with the language's grouping
 * ("1,234" in English, "1.234" in Turkish): nothing typed is dropped, so "1,2a3" or "1,5" is
 * refused instead of read as 123 or 15. An empty box is 0.
 */
export function readCount(raw: string, locale: string): TypedCount {
  const read = parseDecimalInput(raw, locale, { maxDecimals: 0, grouping: true });
  if (read.ok) {
    const n = Number(read.value);
    return { ok: true, count: Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER };
  }
  if (read.reason === 'empty') return { ok: true, count: 0 };
  return {
    ok: false,
    message: {
      key: read.reason === 'ambiguous' ? 'validation.decimalAmbiguous' : 'trade.rules.integersOnly',
    },
  };
}

/** 1234567 -> "1,234,567" in English, "1.234.567" in Turkish (the stepper's grouping). */
export function formatCount(n: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(
    Math.max(0, Math.trunc(n)),
  );
}

/** The stepper's next value: never below 0. */
export function stepCount(current: number, delta: number): number {
  return Math.max(0, current + delta);
}

/** Supply left: collection size minus the total minted (never negative). */
export function remainingSupply(collectionSize: number, totalSupply: number): number {
  return Math.max(0, collectionSize - totalSupply);
}

/** What remains of a coin's cap (coinMaxAmount - minted with it), or undefined when unknown. */
export function coinRemaining(maxAmount: number | undefined, minted: number | undefined) {
  if (maxAmount === undefined || minted === undefined) return undefined;
  return Math.max(0, maxAmount - minted);
}

/** A coin's mint button shows 'sold out' and is disabled with no supply or coin cap left. */
export function isCoinSoldOut(supplyLeft: number, coinLeft: number | undefined): boolean {
  return supplyLeft <= 0 || coinLeft === 0;
}

/**
 * The most one transaction may mint or receive: mintMaxLimit, lowered to the contract's
 * per-transaction cap (maxBatchSize) when that is known and smaller.
 */
export function perTransactionCap(state: Pick<SupplyState, 'mintMaxLimit' | 'maxBatchSize'>) {
  const batch = state.maxBatchSize;
  return batch && batch > 0 && batch < state.mintMaxLimit ? batch : state.mintMaxLimit;
}

/**
 * The most the mint stepper offers, and the rule that sets it: the per-transaction cap
 * (maxMintTip), the remaining supply (exceedMintTip, or mintLackTip when none is left), the
 * coin's remainder (coinMintTip) and what this wallet may still mint, its per-wallet cap minus
 * what it minted (exchangeLimtTip). Limits that are unknown are left out.
 */
export function mintCeiling(
  state: Partial<SupplyState> & {
    mintMaxLimit: number;
    coinRemaining?: number;
  },
): { max: number; message: RuleMessage } {
  const cap = perTransactionCap(state);
  let ceiling: { max: number; message: RuleMessage } = {
    max: cap,
    message: { key: 'launchpad.maxMintTip', values: { num: cap } },
  };
  const lower = (limit: number | undefined, message: (num: number) => RuleMessage) => {
    if (limit === undefined || !Number.isFinite(limit)) return;
    const num = Math.max(0, limit);
    if (num < ceiling.max) ceiling = { max: num, message: message(num) };
  };
  lower(state.remainingSupply, (num) =>
    num === 0
      ? { key: 'launchpad.mintLackTip' }
      : { key: 'launchpad.exceedMintTip', values: { num } },
  );
  lower(state.coinRemaining, (num) => ({ key: 'launchpad.coinMintTip', values: { num } }));
  lower(state.userRemaining, (num) => ({ key: 'launchpad.exchangeLimtTip', values: { num } }));
  return ceiling;
}

/**
 * The mint rules of section 5, in order: negative, above the per-user maximum or the
 * per-transaction cap (maxMintTip with the smaller of the two),
 * zero (enterAmounts), no supply left (mintLackTip), above the remaining supply (exceedMintTip),
 * above the coin's remainder (coinMintTip), above what this wallet may still mint
 * (exchangeLimtTip). Null: the quantity may be minted.
 */
export function checkMint(
  count: number,
  state: SupplyState & { coinRemaining?: number },
): RuleMessage | null {
  if (!Number.isFinite(count) || count < 0) return { key: 'marketplace.details.enterAmounts' };
  const cap = perTransactionCap(state);
  if (count > cap) return { key: 'launchpad.maxMintTip', values: { num: cap } };
  if (count === 0) return { key: 'marketplace.details.enterAmounts' };
  if (state.remainingSupply <= 0) return { key: 'launchpad.mintLackTip' };
  if (count > state.remainingSupply) {
    return { key: 'launchpad.exceedMintTip', values: { num: state.remainingSupply } };
  }
  if (state.coinRemaining !== undefined && count > state.coinRemaining) {
    return { key: 'launchpad.coinMintTip', values: { num: state.coinRemaining } };
  }
  if (state.userRemaining !== undefined && count > state.userRemaining) {
    return { key: 'launchpad.exchangeLimtTip', values: { num: state.userRemaining } };
  }
  return null;
}

/** newNum / oldNum x selected (the received count); NaN or Infinity for a broken ratio. */
export function receivedFor(selected: number, newNum: number, oldNum: number): number {
  return (newNum / oldNum) * selected;
}

export type ExchangeCheck = { ok: true; received: number } | { ok: false; message: RuleMessage };

/**
 * The exchange rules of section 5, in order: something selected (selectTip), divisible by
 * oldNum (exceedTip), a finite received count, supply (swapLackTip), per-user maximum or
 * per-transaction cap (maxExchangeTip), the wallet's remaining allowance (exchangeLimtTip).
 */
export function checkExchange(
  selected: number,
  ratio: { newNum: number; oldNum: number },
  state: SupplyState,
): ExchangeCheck {
  const fail = (message: RuleMessage): ExchangeCheck => ({ ok: false, message });
  if (!(selected > 0)) return fail({ key: 'launchpad.selectTip' });
  if (!(ratio.oldNum > 0) || selected % ratio.oldNum !== 0)
    return fail({ key: 'launchpad.exceedTip' });
  const received = receivedFor(selected, ratio.newNum, ratio.oldNum);
  if (!Number.isFinite(received) || received <= 0) return fail({ key: 'launchpad.exceedTip' });
  if (received > state.remainingSupply) return fail({ key: 'launchpad.swapLackTip' });
  const cap = perTransactionCap(state);
  if (received > cap) return fail({ key: 'launchpad.maxExchangeTip', values: { num: cap } });
  if (state.userRemaining !== undefined && received > state.userRemaining) {
    return fail({ key: 'launchpad.exchangeLimtTip', values: { num: state.userRemaining } });
  }
  return { ok: true, received };
}

/**
 * A 1155 source's chosen amount: not above what is held (beyondTip, the amount is then capped)
 * and never negative. A 721 source toggles between 0 and 1.
 */
export function checkHeldAmount(
  amount: number,
  held: number,
): { amount: number; message: RuleMessage | null } {
  if (!Number.isFinite(amount) || amount < 0) return { amount: 0, message: null };
  if (amount > held) return { amount: held, message: { key: 'launchpad.beyondTip' } };
  return { amount, message: null };
}

/** Sum of the chosen amounts (721 entries count 1 when checked). */
export function selectedTotal(amounts: Iterable<number>): number {
  let total = 0;
  for (const a of amounts) total += a;
  return total;
}
