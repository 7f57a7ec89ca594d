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

/** A decoder of the logs of `abi` that answers only the events named (null for any other). */
export function namedDecoder<abi extends IndexedAbi, const names extends readonly string[]>(
  abi: abi,
  names: names,
): (log: Log) => NamedEvent<abi, names> | null {
  const kept = new Set<string>(names);
  return (log) => {
    const d = decodeLog(abi, log);
    return d && kept.has(d.eventName as string) ? (d as NamedEvent<abi, names>) : null;
  };
}
