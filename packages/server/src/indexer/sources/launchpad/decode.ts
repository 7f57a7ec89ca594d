// A launchpad's Minted and Swapped events, decoded through the generated ABI.
import type { Log } from 'viem';
import { launchpadBaseAbi } from '@aiamarket/shared/abis';
import { decodeLog } from '../../../chain/event-decoder.js';
import type { Decoded } from '../abi-events.js';
import type { AddressRole } from '../roles.js';

export type LaunchpadEvent = Extract<
  Decoded<typeof launchpadBaseAbi>,
  { eventName: 'Minted' | 'Swapped' }
>;

export function decodeLaunchpad(log: Log, role: AddressRole) {
  if (!role.launchpad) return null;
  const d = decodeLog(launchpadBaseAbi, log);
  return d && (d.eventName === 'Minted' || d.eventName === 'Swapped')
    ? { source: 'launchpad' as const, event: d }
    : null;
}
