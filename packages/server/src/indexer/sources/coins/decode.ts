// Moves and approvals of the coins offers pay with.
import type { Log } from 'viem';
import { wrappedAiaAbi } from '@aiamarket/shared/abis';
import { namedDecoder, type NamedEvent } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

const COIN_EVENTS = ['Transfer', 'Approval', 'Deposit', 'Withdrawal'] as const;

/** An ERC-20 move (Deposit / Withdrawal: the wrapped AIA's mint and burn). */
export type CoinEvent = NamedEvent<typeof wrappedAiaAbi, typeof COIN_EVENTS>;

// The wrapped AIA's ABI decodes any ERC-20's Transfer and Approval too.
const decode = namedDecoder(wrappedAiaAbi, COIN_EVENTS);

export function decodeCoin(log: Log, role: AddressRole) {
  const event = role.coin ? decode(log) : null;
  return event ? { source: 'coin' as const, event } : null;
}
