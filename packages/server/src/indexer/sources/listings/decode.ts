// The Listings contract's events, decoded through the generated ABI. (The collections'
// ApprovalForAll, which signed listings depend on, is decoded with their transfers.)
import type { Log } from 'viem';
import { listingsAbi } from '@aiamarket/shared/abis';
import { decodeLog } from '../../../chain/event-decoder.js';
import type { Decoded } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

export type ListingsEvent = Extract<
  Decoded<typeof listingsAbi>,
  {
    eventName: 'ListingFilled' | 'ListingCancelled' | 'CounterIncremented' | 'MarketItemSwept';
  }
>;

const LISTINGS_EVENTS = new Set([
  'ListingFilled',
  'ListingCancelled',
  'CounterIncremented',
  'MarketItemSwept',
]);

export function decodeListings(log: Log, role: AddressRole) {
  if (!role.listings) return null;
  const d = decodeLog(listingsAbi, log);
  return d && LISTINGS_EVENTS.has(d.eventName)
    ? { source: 'listings' as const, event: d as ListingsEvent }
    : null;
}
