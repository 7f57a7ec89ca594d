// Moves and approvals of the coins offers pay with.
import type { Log } from 'viem';
import { wrappedAiaAbi } from '@aiamarket/shared/abis';
import { decodeLog } from '../../../chain/event-decoder.js';
import type { Decoded } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

/** An ERC-20 move (Deposit / Withdrawal: the wrapped AIA's mint and burn). */
export type CoinEvent = Extract<
  Decoded<typeof wrappedAiaAbi>,
  { eventName: 'Transfer' | 'Approval' | 'Deposit' | 'Withdrawal' }
>;

const COIN_EVENTS = new Set(['Transfer', 'Approval', 'Deposit', 'Withdrawal']);

export function decodeCoin(log: Log, role: AddressRole) {
  if (!role.coin) return null;
  // The wrapped AIA's ABI decodes any ERC-20's Transfer and Approval too.
  const d = decodeLog(wrappedAiaAbi, log);
  return d && COIN_EVENTS.has(d.eventName)
    ? { source: 'coin' as const, event: d as CoinEvent }
    : null;
}
