// The Offers contract's events, decoded through the generated ABI.
import { offersAbi } from '@aiamarket/shared/abis';
import { eventsDecoder, type NamedEvent } from '../abi-events.js';

const OFFERS_EVENTS = ['OfferAccepted', 'OfferCancelled', 'CounterIncremented'] as const;

export type OffersEvent = NamedEvent<typeof offersAbi, typeof OFFERS_EVENTS>;

export const decodeOffers = eventsDecoder('offers', offersAbi, OFFERS_EVENTS);
