import type { decodeEventLog, Log } from 'viem';
import {
  gameItems1155Abi,
  gameItems721Abi,
  launchpadBaseAbi,
  listingsAbi,
  marketplaceAbi,
  offersAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';
import { decodeLog } from '../../chain/event-decoder.js';
import {
  decodeMetadataUpdate,
  type MetadataUpdateEvent,
} from '../sources/metadata/metadata-events.js';

/** What an address is to the indexer; one address can be a launchpad and a collection. */
export interface AddressRole {
  market: boolean;
  launchpad: boolean;
  collection: 'ERC721' | 'ERC1155' | null;
  /** The Offers contract (OfferAccepted, OfferCancelled, CounterIncremented). */
  offers?: boolean;
  /** An ERC-20 some stored offer pays with: its moves change the offerers' funding. */
  coin?: boolean;
  /**
   * The Listings contract (ListingFilled, ListingCancelled, CounterIncremented,
   * MarketItemSwept).
   */
  listings?: boolean;
}

/** Whether an address is followed for a contract role (not only as a collection). */
export function followsContract(r: AddressRole): boolean {
  return r.market || r.launchpad || !!r.offers || !!r.coin || !!r.listings;
}

/** An address's role as a collection alone (a back-fill reads a collection's own events). */
export function asCollectionOnly(r: AddressRole): AddressRole {
  return { market: false, launchpad: false, collection: r.collection };
}

/** A collection's ApprovalForAll, the same for ERC-721 and ERC-1155 (signed listings). */
export interface ApprovalEvent {
  owner: string;
  operator: string;
  approved: boolean;
}

/** A log the indexer uses, decoded through the generated ABIs, with its position. */
export type IndexedEvent = {
  address: string;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
} & (
  | { source: 'market'; event: MarketEvent }
  | { source: 'launchpad'; event: LaunchpadEvent }
  | { source: 'erc721'; event: Erc721Event }
  | { source: 'erc1155'; event: Erc1155Event }
  | { source: 'offers'; event: OffersEvent }
  | { source: 'coin'; event: CoinEvent }
  | { source: 'listings'; event: ListingsEvent }
  | { source: 'approval'; event: ApprovalEvent }
  | { source: 'metadata'; event: MetadataUpdateEvent }
);

type Decoded<
  abi extends
    | typeof marketplaceAbi
    | typeof launchpadBaseAbi
    | typeof gameItems721Abi
    | typeof gameItems1155Abi
    | typeof offersAbi
    | typeof listingsAbi
    | typeof wrappedAiaAbi,
> = ReturnType<typeof decodeEventLog<abi>>;

export type MarketEvent = Extract<
  Decoded<typeof marketplaceAbi>,
  {
    eventName:
      | 'MarketItemCreated'
      | 'MarketItemSold'
      | 'MarketItemCancelled'
      | 'MarketItemPriceChanged'
      | 'RoyaltyRateSet'
      | 'CoinAllowed'
      | 'Paused'
      | 'Unpaused';
  }
>;
export type LaunchpadEvent = Extract<
  Decoded<typeof launchpadBaseAbi>,
  { eventName: 'Minted' | 'Swapped' }
>;
export type Erc721Event = Extract<Decoded<typeof gameItems721Abi>, { eventName: 'Transfer' }>;
export type Erc1155Event = Extract<
  Decoded<typeof gameItems1155Abi>,
  { eventName: 'TransferSingle' | 'TransferBatch' }
>;

export type OffersEvent = Extract<
  Decoded<typeof offersAbi>,
  { eventName: 'OfferAccepted' | 'OfferCancelled' | 'CounterIncremented' }
>;
export type ListingsEvent = Extract<
  Decoded<typeof listingsAbi>,
  {
    eventName: 'ListingFilled' | 'ListingCancelled' | 'CounterIncremented' | 'MarketItemSwept';
  }
>;
/** An ERC-20 move (Deposit / Withdrawal: the wrapped AIA's mint and burn). */
export type CoinEvent = Extract<
  Decoded<typeof wrappedAiaAbi>,
  { eventName: 'Transfer' | 'Approval' | 'Deposit' | 'Withdrawal' }
>;

// Not decoded: PaymentDeferred and OwedWithdrawn (market, Offers, Listings). A payout credited
// to a payee that refused it changes nothing the indexer keeps: the sale event carries the same
// figures either way, so such a fill is a sale like any other.
const OFFERS_EVENTS = new Set(['OfferAccepted', 'OfferCancelled', 'CounterIncremented']);
const LISTINGS_EVENTS = new Set([
  'ListingFilled',
  'ListingCancelled',
  'CounterIncremented',
  'MarketItemSwept',
]);
const COIN_EVENTS = new Set(['Transfer', 'Approval', 'Deposit', 'Withdrawal']);

const MARKET_EVENTS = new Set([
  'MarketItemCreated',
  'MarketItemSold',
  'MarketItemCancelled',
  'MarketItemPriceChanged',
  'RoyaltyRateSet',
  // The market's settings that decide whether its orders and offers can be filled now.
  'CoinAllowed',
  'Paused',
  'Unpaused',
]);

/**
 * Decodes the logs of followed addresses; logs of other events (ownership, configuration...) and
 * logs that do not decode are dropped. The result keeps the order of `logs`.
 */
export function decodeLogs(
  logs: readonly Log[],
  roleOf: (address: string) => AddressRole | undefined,
) {
  const out: IndexedEvent[] = [];
  for (const log of logs) {
    if (log.removed || log.blockNumber === null || log.transactionHash === null) continue;
    const address = log.address.toLowerCase();
    const role = roleOf(address);
    if (!role) continue;
    const base = {
      address,
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash!.toLowerCase(),
      txHash: log.transactionHash.toLowerCase(),
      logIndex: log.logIndex!,
    };
    if (role.market) {
      const d = decodeLog(marketplaceAbi, log);
      if (d && MARKET_EVENTS.has(d.eventName)) {
        out.push({ ...base, source: 'market', event: d as MarketEvent });
        continue;
      }
    }
    if (role.launchpad) {
      const d = decodeLog(launchpadBaseAbi, log);
      if (d && (d.eventName === 'Minted' || d.eventName === 'Swapped')) {
        out.push({ ...base, source: 'launchpad', event: d });
        continue;
      }
    }
    if (role.offers) {
      const d = decodeLog(offersAbi, log);
      if (d && OFFERS_EVENTS.has(d.eventName)) {
        out.push({ ...base, source: 'offers', event: d as OffersEvent });
        continue;
      }
    }
    if (role.listings) {
      const d = decodeLog(listingsAbi, log);
      if (d && LISTINGS_EVENTS.has(d.eventName)) {
        out.push({ ...base, source: 'listings', event: d as ListingsEvent });
        continue;
      }
    }
    if (role.coin) {
      // The wrapped AIA's ABI decodes any ERC-20's Transfer and Approval too.
      const d = decodeLog(wrappedAiaAbi, log);
      if (d && COIN_EVENTS.has(d.eventName)) {
        out.push({ ...base, source: 'coin', event: d as CoinEvent });
        continue;
      }
    }
    // ERC-4906 and ERC1155 URI events of any collection: a metadata refresh.
    const update = role.collection ? decodeMetadataUpdate(log) : null;
    if (update) {
      out.push({ ...base, source: 'metadata', event: update });
      continue;
    }
    if (role.collection === 'ERC721') {
      const d = decodeLog(gameItems721Abi, log);
      if (d?.eventName === 'Transfer') out.push({ ...base, source: 'erc721', event: d });
      else if (d?.eventName === 'ApprovalForAll') {
        const a = d.args;
        const event = { owner: a.owner, operator: a.operator, approved: a.approved };
        out.push({ ...base, source: 'approval', event });
      }
    } else if (role.collection === 'ERC1155') {
      const d = decodeLog(gameItems1155Abi, log);
      if (d && (d.eventName === 'TransferSingle' || d.eventName === 'TransferBatch')) {
        out.push({ ...base, source: 'erc1155', event: d });
      } else if (d?.eventName === 'ApprovalForAll') {
        const a = d.args;
        const event = { owner: a.account, operator: a.operator, approved: a.approved };
        out.push({ ...base, source: 'approval', event });
      }
    }
  }
  return out;
}
