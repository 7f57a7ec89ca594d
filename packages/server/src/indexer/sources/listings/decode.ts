// The Listings contract's events, decoded through the generated ABI. (The collections'
// ApprovalForAll, which signed listings depend on, is decoded with their transfers.)
import type { Log } from 'viem';
import { listingsAbi } from '@aiamarket/shared/abis';
import { namedDecoder, type NamedEvent } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

const LISTINGS_EVENTS = [
  'ListingFilled',
  'ListingCancelled',
  'CounterIncremented',
  'MarketItemSwept',
] as const;

export type ListingsEvent = NamedEvent<typeof listingsAbi, typeof LISTINGS_EVENTS>;

const decode = namedDecoder(listingsAbi, LISTINGS_EVENTS);

export function decodeListings(log: Log, role: AddressRole) {
  const event = role.listings ? decode(log) : null;
  return event ? { source: 'listings' as const, event } : null;
}
