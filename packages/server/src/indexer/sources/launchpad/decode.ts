// A launchpad's Minted and Swapped events, decoded through the generated ABI.
import { launchpadBaseAbi } from '@aiamarket/shared/abis';
import { eventsDecoder, type NamedEvent } from '../abi-events.js';

const LAUNCHPAD_EVENTS = ['Minted', 'Swapped'] as const;

export type LaunchpadEvent = NamedEvent<typeof launchpadBaseAbi, typeof LAUNCHPAD_EVENTS>;

export const decodeLaunchpad = eventsDecoder('launchpad', launchpadBaseAbi, LAUNCHPAD_EVENTS);
