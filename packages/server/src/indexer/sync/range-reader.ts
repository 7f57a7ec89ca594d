// Reads ranges of logs: eth_getLogs sized to about INDEXER_RANGE_LOGS logs, the headers of their
// blocks, decoding and facts in slices, dense reads cut in pieces, and the next main range read
// while the current one is written.
import type { Log, PublicClient } from 'viem';
import type { IndexerConfig } from '../../indexer-config.js';
import { largeAnswersClient } from '../../chain/http-variants.js';
import { decodeLogs, type AddressRole, type IndexedEvent } from './decode.js';
import { factsOf } from './facts.js';
import { type RangeFacts } from './fact-rows.js';
import { prepareRange, type PreparedRange } from './prepare.js';
import type { Profile } from '../profile.js';
import { forEachSlice } from './slices.js';
import type { IndexerLogger } from '../run/logger.js';
import type { Header, HeaderReader } from './headers.js';
import { pieceEnds } from './pieces.js';

/** What the range reader gives: decoded events, their blocks' headers, their facts. */
export interface RangeRead {
  from: number;
  to: number;
  events: IndexedEvent[];
  heads: Map<number, Header>;
  facts: RangeFacts;
  /** What its write needs that its facts alone give (prepare.ts). */
  prepared: PreparedRange;
  /** The last block's header read before the logs (main ranges). */
  before: Header | null;
  /**
   * A read with many more logs than INDEXER_RANGE_LOGS is written in pieces of about that many (smaller
   * transactions, and the next piece is decoded while this one is written): the blocks after
   * this piece, already read and checked.
   */
  rest: { from: number; to: number; read: () => Promise<RangeRead> } | null;
}

export type RoleOf = (address: string) => AddressRole | undefined;

/**
 * The largest eth_getLogs answer read (viem's default is 10 MB, about 14,000 logs). A range the
 * logs of which turn out denser than expected is still read once, then written in pieces: a
 * refused answer is a download thrown away (a quarter of a back-fill's time when the first ranges
 * guessed too large).
 */
const LOGS_BODY_BYTES = 128 * 1024 * 1024;

/** What a read ahead was made for: its blocks, and the addresses with their roles. */
const readKey = (addresses: string[], from: number, to: number, roleOf: RoleOf) =>
  JSON.stringify([from, to, addresses.map((a) => [a, roleOf(a)])]);

export interface RangeReaderDeps {
  chain: PublicClient;
  chainId: number;
  config: IndexerConfig;
  headers: HeaderReader;
  /** The launchpads' addresses (a transfer to one is a swap-in). */
  launchpads: ReadonlySet<string>;
  profile: Profile;
  log: IndexerLogger;
}

export class RangeReader {
  /** The same RPC for eth_getLogs, taking answers up to LOGS_BODY_BYTES. */
  private readonly logsRpc: PublicClient;
  /** The next main range, read while the current one is written (see main). */
  private ahead: { key: string; from: number; to: number; read: Promise<RangeRead | null> } | null =
    null;
  /** Blocks per range; shrinks when the RPC refuses a range as too large. */
  batch: number;

  constructor(private readonly deps: RangeReaderDeps) {
    this.logsRpc = largeAnswersClient(deps.chain, LOGS_BODY_BYTES);
    this.batch = deps.config.batchBlocks;
  }

  /** The end of the range read ahead from `from`, when it is still below `safe`. */
  aheadEnd(from: number, safe: number): number | null {
    return this.ahead?.from === from && this.ahead.to <= safe ? this.ahead.to : null;
  }

  /** Forgets the read ahead (a rollback changed the blocks it read). */
  dropAhead() {
    this.ahead = null;
  }

  private async getLogs(addresses: string[], from: number, to: number): Promise<Log[] | null> {
    try {
      const logs = await this.logsRpc.getLogs({
        address: addresses as `0x${string}`[],
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      });
      this.sizeRanges(to - from + 1, logs.length);
      return logs;
    } catch (err) {
      if (to > from) {
        this.batch = Math.max(1, Math.floor((to - from + 1) / 2));
        this.deps.log.warn(
          { from, to, err: (err as Error).message },
          'getLogs failed; smaller ranges',
        );
        return null;
      }
      throw err;
    }
  }

  /**
   * Sizes the next ranges from the logs this one had: about INDEXER_RANGE_LOGS each (dense history
   * in smaller ranges, under the RPC's and the client's answer limits; sparse history in ranges
   * up to INDEXER_BATCH_BLOCKS), instead of doubling into a refused range after every success.
   */
  private sizeRanges(blocks: number, logs: number) {
    const target = this.deps.config.rangeLogs;
    if (logs > target) {
      this.batch = Math.max(1, Math.floor((blocks * target) / logs));
    } else if (blocks >= this.batch && logs < target / 2) {
      this.batch = Math.min(this.deps.config.batchBlocks, this.batch * 2);
    }
  }

  /**
   * The range reader the back-fill and the main ranges share: the logs of `addresses` in
   * [from, to] decoded with `roleOf`, the headers of their blocks (and of `blocks`), and their
   * facts. Null when the range must be retried: the RPC refused it (the next one is smaller), or
   * a log does not come from the block whose header was read (the chain moved while reading).
   */
  async read(
    addresses: string[],
    from: number,
    to: number,
    blocks: number[],
    roleOf: RoleOf,
    end = false,
  ): Promise<RangeRead | null> {
    const { profile, headers } = this.deps;
    // A main range's last block is read before its logs and again after: unchanged, the logs
    // all come from the chain it ends.
    const before = end ? await profile.time('headers', () => headers.one(to)) : null;
    if (end && !before) return null;
    const read = await profile.time('logs', () => this.getLogs(addresses, from, to));
    if (!read) return null;
    const logs = read.filter((l) => !l.removed && l.blockNumber !== null && l.blockHash !== null);
    // Pieces (main ranges): each ends at a block with logs; the next starts at the block after,
    // whose header (its parent hash) links the pieces.
    const blockOf = (l: Log) => Number(l.blockNumber);
    const ends = end
      ? pieceEnds(
          logs.map((l) => ({ blockNumber: blockOf(l) })),
          to,
          this.deps.config.rangeLogs,
        )
      : [to];
    const heads = await profile.time('headers', () =>
      headers.many([...blocks, ...ends.slice(0, -1).map((e) => e + 1), ...logs.map(blockOf)]),
    );
    if (logs.some((l) => heads.get(blockOf(l))!.hash !== l.blockHash!.toLowerCase())) return null;
    const timeOf = (n: number) => heads.get(n)!.time;
    // Each piece is decoded when it is taken: the next piece's decoding overlaps this one's write
    // (in slices, see slices.ts).
    const piece = async (i: number): Promise<RangeRead> => {
      const pieceFrom = i === 0 ? from : ends[i - 1]! + 1;
      const pieceTo = ends[i]!;
      const events: IndexedEvent[] = [];
      await forEachSlice(
        ends.length === 1
          ? logs
          : logs.filter((l) => blockOf(l) >= pieceFrom && blockOf(l) <= pieceTo),
        (slice) => events.push(...decodeLogs(slice, roleOf)),
      );
      const facts = await factsOf(this.deps.chainId, events, timeOf);
      // A main range's transfers have their context in its facts; a back-fill's is stored.
      const typeOf = end ? (a: string) => roleOf(a)?.collection ?? 'ERC721' : undefined;
      return {
        from: pieceFrom,
        to: pieceTo,
        events,
        heads,
        facts,
        prepared: await prepareRange(facts, this.deps.launchpads, typeOf),
        // A piece's end has logs: its header is checked against them like the range's end.
        before: i === ends.length - 1 ? before : heads.get(pieceTo)!,
        rest:
          i + 1 < ends.length
            ? { from: pieceTo + 1, to: ends[i + 1]!, read: () => piece(i + 1) }
            : null,
      };
    };
    return piece(0);
  }

  /**
   * A main range's read, or the one read ahead for it (`ahead`: started while the previous
   * range is written). A read ahead is taken only for the same addresses, roles and blocks, and
   * it is checked like any other (its end header, its first block's parent is the cursor).
   */
  main(
    addresses: string[],
    from: number,
    to: number,
    roleOf: RoleOf,
    ahead = false,
  ): Promise<RangeRead | null> {
    const key = readKey(addresses, from, to, roleOf);
    if (ahead) {
      // A failed read ahead is only a miss: the step reads again.
      const read = this.read(addresses, from, to, [from, to], roleOf, true).catch(() => null);
      this.ahead = { key, from, to, read };
      return read;
    }
    const kept = this.ahead;
    this.ahead = null;
    if (kept?.key === key) return kept.read;
    return this.read(addresses, from, to, [from, to], roleOf, true);
  }

  /** The rest of a dense read is the next step's range (as if read ahead). */
  keepRest(addresses: string[], rest: NonNullable<RangeRead['rest']>, roleOf: RoleOf) {
    this.ahead = {
      key: readKey(addresses, rest.from, rest.to, roleOf),
      from: rest.from,
      to: rest.to,
      // Decoded while this piece is written. A failure there is only a miss, like a failed
      // read ahead: the step reads again.
      read: rest.read().catch(() => null),
    };
  }
}
