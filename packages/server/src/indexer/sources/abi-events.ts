// The type of a log decoded through one of the generated ABIs, and the decoder of a contract's
// events the indexer keeps.
import type { decodeEventLog, Log } from 'viem';
import type {
  gameItems1155Abi,
  gameItems721Abi,
  launchpadBaseAbi,
  listingsAbi,
  marketplaceAbi,
  offersAbi,
  wrappedAiaAbi,
} from '@aiamarket/shared/abis';
import { decodeLog } from '../../chain/event-decoder.js';
import type { AddressRole } from './roles.js';

type IndexedAbi =
  | typeof marketplaceAbi
  | typeof launchpadBaseAbi
  | typeof gameItems721Abi
  | typeof gameItems1155Abi
  | typeof offersAbi
  | typeof listingsAbi
  | typeof wrappedAiaAbi;

export type Decoded<abi extends IndexedAbi> = ReturnType<typeof decodeEventLog<abi>>;

/** The events of `abi` named in `names`. */
export type NamedEvent<abi extends IndexedAbi, names extends readonly string[]> = Extract<
  Decoded<abi>,
  { eventName: names[number] }
>;

/** The sources that follow one contract role and decode its events through one ABI. */
type RoleSource = 'market' | 'launchpad' | 'offers' | 'coin' | 'listings';

/**
 * A source's decoder: a log of a contract that has the source's role, decoded through `abi`,
 * answered as the source's when it is one of the events named (null for any other log).
 */
export function eventsDecoder<
  source extends RoleSource,
  abi extends IndexedAbi,
  const names extends readonly string[],
>(source: source, abi: abi, names: names) {
  const kept = new Set<string>(names);
  return (log: Log, role: AddressRole) => {
    if (!role[source]) return null;
    const d = decodeLog(abi, log);
    return d && kept.has(d.eventName as string)
      ? { source, event: d as NamedEvent<abi, names> }
      : null;
  };
}
