// Moves and approvals of the coins offers pay with.
import { wrappedAiaAbi } from '@aiamarket/shared/abis';
import { eventsDecoder, type NamedEvent } from '../abi-events.js';

const COIN_EVENTS = ['Transfer', 'Approval', 'Deposit', 'Withdrawal'] as const;

/** An ERC-20 move (Deposit / Withdrawal: the wrapped AIA's mint and burn). */
export type CoinEvent = NamedEvent<typeof wrappedAiaAbi, typeof COIN_EVENTS>;

// The wrapped AIA's ABI decodes any ERC-20's Transfer and Approval too.
export const decodeCoin = eventsDecoder('coin', wrappedAiaAbi, COIN_EVENTS);
