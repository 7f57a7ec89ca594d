// The one royalty rule, as the contracts apply it on every fill (Marketplace._royalty,
// MarketSettingsCopy._royalty, ListingsTerms._royalty, SaleSplit): the rate the market holds
// for the collection when one was set (a rate of 0 then means none, even over ERC-2981), else
// the token contract's ERC-2981 answer capped at 10 % of the sale (none when it does not answer
// or names the zero address), else none. Server and web call these and never restate the rule.
import { ROYALTY } from './constants.js';

/** Where a royalty comes from: the market's rate, the token contract's ERC-2981, or none. */
export type RoyaltySource = 'market' | 'erc2981' | 'none';

/** The market's royalty of a collection (royaltyRateOf / RoyaltyRateSet): rate is percent x 100. */
export interface MarketRoyaltyRate {
  rate: number;
  receiver: string;
}

/** An ERC-2981 royaltyInfo(tokenId, price) answer. */
export interface Erc2981Answer {
  receiver: string;
  amount: bigint;
}

/** The royalty of one sale: who is paid how much (smallest coin units). */
export interface SaleRoyalty {
  source: RoyaltySource;
  amount: bigint;
  /** Null when nothing is paid. */
  receiver: string | null;
}

/** A collection's royalty as a rate (percent x 100), for the views. */
export interface RoyaltyRate {
  source: RoyaltySource;
  rate: number;
  /** Null when nothing is paid. */
  receiver: string | null;
}

/** The highest royalty: 10 % as percent x 100. */
export const MAX_ROYALTY_RATE = ROYALTY.maxPercent * ROYALTY.chainScale;

const ZERO_ADDRESS = /^0x0{40}$/i;
const DENOMINATOR = BigInt(ROYALTY.rateDenominator);

/** True when an ERC-2981 receiver pays nothing (absent or the zero address). */
function noReceiver(receiver: string | null | undefined): boolean {
  return !receiver || ZERO_ADDRESS.test(receiver);
}

/**
 * The royalty the contracts pay on a sale of `gross` (price x units, smallest coin units):
 * `market` null when the market never set a rate for the collection; `erc2981` the token
 * contract's royaltyInfo(tokenId, gross), null when it does not answer.
 */
export function saleRoyalty(
  market: MarketRoyaltyRate | null,
  erc2981: Erc2981Answer | null,
  gross: bigint,
): SaleRoyalty {
  if (market) {
    if (market.rate === 0) return { source: 'market', amount: 0n, receiver: null };
    return {
      source: 'market',
      amount: (gross * BigInt(market.rate)) / DENOMINATOR,
      receiver: market.receiver.toLowerCase(),
    };
  }
  if (!erc2981 || noReceiver(erc2981.receiver))
    return { source: 'none', amount: 0n, receiver: null };
  const cap = (gross * BigInt(ROYALTY.maxPercent)) / 100n;
  return {
    source: 'erc2981',
    amount: erc2981.amount > cap ? cap : erc2981.amount,
    receiver: erc2981.receiver.toLowerCase(),
  };
}

/**
 * The same rule as a rate for a collection's views: `erc2981` is royaltyInfo(tokenId, 10000)
 * (its amount is then percent x 100), capped at 10 % as a fill caps it.
 */
export function royaltyRateOf(
  market: MarketRoyaltyRate | null,
  erc2981: Erc2981Answer | null,
): RoyaltyRate {
  const paid = saleRoyalty(market, erc2981, DENOMINATOR);
  const rate = market ? market.rate : Number(paid.amount);
  return { source: paid.source, rate: paid.receiver === null ? 0 : rate, receiver: paid.receiver };
}

/**
 * The same rule on rates alone, for an order row that keeps only its rate: the market's rate
 * when set (0 included: then none is paid, whatever ERC-2981 says), else the ERC-2981 rate
 * (royaltyInfo(tokenId, 10000) of a token that names a receiver) capped at 10 %, else null.
 */
export function orderRoyaltyRate(
  marketRate: number | null,
  erc2981Rate: number | null,
): number | null {
  if (marketRate !== null) return marketRate;
  return erc2981Rate === null ? null : Math.min(erc2981Rate, MAX_ROYALTY_RATE);
}
