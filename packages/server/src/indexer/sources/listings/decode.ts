// The Listings contract's events, decoded through the generated ABI. (The collections'
// ApprovalForAll, which signed listings depend on, is decoded with their transfers.)
import { listingsAbi } from '@aiamarket/shared/abis';
import { eventsDecoder, type NamedEvent } from '../abi-events.js';

const LISTINGS_EVENTS = [
  'ListingFilled',
  'ListingCancelled',
  'CounterIncremented',
  'MarketItemSwept',
] as const;

export type ListingsEvent = NamedEvent<typeof listingsAbi, typeof LISTINGS_EVENTS>;

export const decodeListings = eventsDecoder('listings', listingsAbi, LISTINGS_EVENTS);
