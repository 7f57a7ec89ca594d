// The Offers contract's events, decoded through the generated ABI.
import type { Log } from 'viem';
import { offersAbi } from '@aiamarket/shared/abis';
import { decodeLog } from '../../../chain/event-decoder.js';
import type { Decoded } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

export type OffersEvent = Extract<
  Decoded<typeof offersAbi>,
  { eventName: 'OfferAccepted' | 'OfferCancelled' | 'CounterIncremented' }
>;

const OFFERS_EVENTS = new Set(['OfferAccepted', 'OfferCancelled', 'CounterIncremented']);

export function decodeOffers(log: Log, role: AddressRole) {
  if (!role.offers) return null;
  const d = decodeLog(offersAbi, log);
  return d && OFFERS_EVENTS.has(d.eventName)
    ? { source: 'offers' as const, event: d as OffersEvent }
    : null;
}
