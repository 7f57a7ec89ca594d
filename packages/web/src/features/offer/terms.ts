import type { Address } from 'viem';
import {
  OFFER_KIND,
  OFFER_LIMITS,
  OFFER_STATUS,
  type OfferKind,
  type OfferVO,
  type SignedOfferFields,
  type SignedOfferVO,
} from '@aiamarket/shared';

// The terms of a new offer and the payout of an acceptance, as plain functions the dialogs and
// their tests share.

/** Expiry choices in days (the longest is the server's limit); 7 days unless chosen. */
export const EXPIRY_DAYS = [1, 3, 7, 30, OFFER_LIMITS.maxDurationDays] as const;
export type ExpiryDays = (typeof EXPIRY_DAYS)[number];
export const DEFAULT_EXPIRY_DAYS: ExpiryDays = 7;

const DAY_SECONDS = 86_400n;

/** What the offer is for. */
export type OfferTarget =
  | { kind: typeof OFFER_KIND.item; contractAddr: string; erc1155: boolean; tokenId: string }
  | { kind: typeof OFFER_KIND.collection; contractAddr: string; erc1155: boolean }
  | {
      kind: typeof OFFER_KIND.trait;
      contractAddr: string;
      erc1155: boolean;
      /** The attribute value chosen, and the Merkle root of its token set (offer/traitSet). */
      valueId: number;
      root: string;
    };

/** A random 256-bit salt, so two offers with the same terms have different hashes. */
export function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
}

/** The fields to sign: acceptable from now until `days` later, at the offerer's counter. */
export function offerFields(input: {
  offerer: Address;
  target: OfferTarget;
  units: bigint;
  coin: Address;
  pricePerUnit: bigint;
  days: ExpiryDays;
  nowSeconds: bigint;
  counter: bigint;
  salt: bigint;
}): SignedOfferFields {
  const { target } = input;
  const identifier =
    target.kind === OFFER_KIND.item
      ? BigInt(target.tokenId)
      : target.kind === OFFER_KIND.trait
        ? BigInt(target.root)
        : 0n;
  return {
    offerer: input.offerer,
    collection: target.contractAddr as Address,
    kind: target.kind as OfferKind,
    erc1155: target.erc1155,
    identifier,
    units: input.units,
    coin: input.coin,
    pricePerUnit: input.pricePerUnit,
    start: input.nowSeconds,
    end: input.nowSeconds + BigInt(input.days) * DAY_SECONDS,
    salt: input.salt,
    counter: input.counter,
  };
}

/** The signed fields as the API takes them (integers as decimal text). */
export function offerFieldsText(f: SignedOfferFields): Omit<SignedOfferVO, 'signature'> {
  return {
    offerer: f.offerer,
    collection: f.collection,
    kind: f.kind,
    erc1155: f.erc1155,
    identifier: f.identifier.toString(),
    units: f.units.toString(),
    coin: f.coin,
    pricePerUnit: f.pricePerUnit.toString(),
    start: f.start.toString(),
    end: f.end.toString(),
    salt: f.salt.toString(),
    counter: f.counter.toString(),
  };
}

/**
 * The split of an acceptance, exactly as the contract pays it: fee = gross x numerator /
 * denominator rounded down (SaleSplit.fee), the royalty the market's royaltyOf answers for the
 * gross, the seller the rest (never below 0 here, though the market caps both).
 */
export function offerPayout(
  pricePerUnit: bigint,
  units: bigint,
  fee: { numerator: bigint; denominator: bigint },
  royalty: bigint,
): { gross: bigint; fee: bigint; royalty: bigint; net: bigint } {
  const gross = pricePerUnit * units;
  const feeAmount = fee.denominator > 0n ? (gross * fee.numerator) / fee.denominator : 0n;
  const net = gross - feeAmount - royalty;
  return { gross, fee: feeAmount, royalty, net: net > 0n ? net : 0n };
}

/** Offers that can still be accepted (now, once funded again, or once started). */
const OPEN_STATUSES: readonly number[] = [
  OFFER_STATUS.active,
  OFFER_STATUS.unfunded,
  OFFER_STATUS.notStarted,
  OFFER_STATUS.marketHold,
];

/**
 * What the offerer's other open offers in `coin` still draw from the allowance: remaining x
 * price of each (the allowance must cover them and the new one together, or an older offer
 * would stop being payable when the new one is accepted).
 */
export function committedInCoin(offers: readonly OfferVO[], coin: string): bigint {
  const c = coin.toLowerCase();
  return offers
    .filter((o) => OPEN_STATUSES.includes(o.status) && o.moneyAddr.toLowerCase() === c)
    .reduce((sum, o) => sum + BigInt(o.remaining) * BigInt(o.priceWei), 0n);
}

/** Units a holder can sell into `offer` now: ERC721 1; ERC1155 min(held, remaining). */
export function acceptableUnits(offer: Pick<OfferVO, 'erc1155' | 'remaining'>, held: bigint) {
  if (!offer.erc1155) return held > 0n ? 1n : 0n;
  const remaining = BigInt(offer.remaining);
  return held < remaining ? held : remaining;
}

/**
 * Native AIA kept back when an offer in AIA wraps some first: the wrap and the approval are two
 * transactions whose fees are paid in AIA, so wrapping (nearly) all of it leaves the wallet
 * unable to send them and it fails with a generic "insufficient funds". Both together use about
 * 100 000 gas; 0.01 AIA pays that up to 100 gwei.
 */
export const OFFER_GAS_RESERVE = 10n ** 16n;

/**
 * The wrap an offer of `total` in wrapped AIA needs, and whether the native AIA left after it
 * still pays the wrap and approve fees (`most`: the largest total that does).
 */
export function wrapPlan(total: bigint, funds: { balance: bigint; native: bigint }) {
  const wrap = funds.balance < total ? total - funds.balance : 0n;
  const most = funds.balance + funds.native - OFFER_GAS_RESERVE;
  return {
    wrap,
    keepsReserve: wrap === 0n || funds.native - wrap >= OFFER_GAS_RESERVE,
    most: most > funds.balance ? most : funds.balance,
  };
}
