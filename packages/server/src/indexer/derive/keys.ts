// The state keys a range (or a rollback) touches, and small key helpers the derivations share.
import { MARKET_SETTING, ZERO_ADDRESS, isMarketSetting } from '../sync/fact-rows.js';
import type { ListingRecompute } from './signed-orders.js';

export const uniq = (keys: Iterable<string>) => [...new Set(keys)];
export const split = (key: string) => key.split('|');

/** Keys of the state a set of facts touches. */
export interface Touched {
  /** contract|tokenId|owner */
  holdings: Set<string>;
  /** market|itemId */
  items: Set<string>;
  /** launchpad|saleId */
  sales: Set<string>;
  /** Contracts whose listed orders must all be re-derived (a back-fill that just completed). */
  contracts: Set<string>;
  /** Collections whose stats and hourly volumes are recomputed. */
  stats: Set<string>;
  /**
   * Collections with a RoyaltyRateSet or a market listing (its ERC-2981 read) added or rolled
   * back: their royalty follows.
   */
  royalties: Set<string>;
  /**
   * The market's settings that moved: coins allowed or refused, and PAUSE_KEY for a pause or
   * unpause. Every listed order and open offer they reach is settled again (see availability.ts).
   */
  settings: Set<string>;
  /** contract|tokenId|seller of every order re-derived: their units are settled together. */
  sellers: Set<string>;
  /** The signed listings to re-derive, and at which block (set by the listings source). */
  signed?: ListingRecompute;
}

/** The `settings` key of a pause or unpause. */
export const PAUSE_KEY = 'pause';

export function emptyTouched(): Touched {
  return {
    holdings: new Set(),
    items: new Set(),
    sales: new Set(),
    contracts: new Set(),
    stats: new Set(),
    royalties: new Set(),
    settings: new Set(),
    sellers: new Set(),
  };
}

export function touch(
  t: Touched,
  facts: {
    transfers: { contractAddr: string; tokenId: string; fromAddr: string; toAddr: string }[];
    market: {
      marketAddr: string;
      itemId?: string | null;
      contractAddr: string;
      kind: string;
      coin?: string | null;
    }[];
    launchpad: { launchpadAddr: string; saleId: string }[];
  },
) {
  for (const r of facts.transfers) t.stats.add(r.contractAddr);
  for (const r of facts.market) {
    if (r.kind === MARKET_SETTING.coin && r.coin) t.settings.add(r.coin);
    else if (r.kind === MARKET_SETTING.pause) t.settings.add(PAUSE_KEY);
    // A setting names the market, not a collection.
    if (!isMarketSetting(r.kind)) t.stats.add(r.contractAddr);
    if (r.kind === 'royaltyRate' || r.kind === 'created') t.royalties.add(r.contractAddr);
  }
  for (const r of facts.transfers) {
    if (r.fromAddr !== ZERO_ADDRESS) t.holdings.add(`${r.contractAddr}|${r.tokenId}|${r.fromAddr}`);
    if (r.toAddr !== ZERO_ADDRESS) t.holdings.add(`${r.contractAddr}|${r.tokenId}|${r.toAddr}`);
  }
  for (const r of facts.market) if (r.itemId) t.items.add(`${r.marketAddr}|${r.itemId}`);
  for (const r of facts.launchpad) t.sales.add(`${r.launchpadAddr}|${r.saleId}`);
}
