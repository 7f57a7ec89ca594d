// The Offers contract's events, decoded through the generated ABI.
import type { Log } from 'viem';
import { offersAbi } from '@aiamarket/shared/abis';
import { namedDecoder, type NamedEvent } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

const OFFERS_EVENTS = ['OfferAccepted', 'OfferCancelled', 'CounterIncremented'] as const;

export type OffersEvent = NamedEvent<typeof offersAbi, typeof OFFERS_EVENTS>;

const decode = namedDecoder(offersAbi, OFFERS_EVENTS);

export function decodeOffers(log: Log, role: AddressRole) {
  const event = role.offers ? decode(log) : null;
  return event ? { source: 'offers' as const, event } : null;
}
