import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { erc20Abi, type Address, type Log, type PublicClient } from 'viem';
import type { Deployment } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { coinDecimals, collections } from '../db/schema-chain.js';
import { analyzeChainTables, statisticsDue } from '../db/planner-statistics.js';
import { deferIndexes, restoreIndexes } from '../db/deferred-indexes.js';
import type { IndexerConfig } from '../indexer-config.js';
import { batchedClient, largeAnswersClient } from '../chain/http-variants.js';
import { BlockPace } from './block-pace.js';
import { ChainReads } from './chain-reads.js';
import { Profile } from './profile.js';
import { prepareRange, type PreparedRange } from './prepare.js';
import { launchpadNames, seedCollections } from './collections.js';
import { retireOrders } from './retired.js';
import { decodeLogs, type AddressRole, type IndexedEvent } from './decode.js';
import { emptyFacts, factsOf, type RangeFacts } from './facts.js';
import { forEachSlice } from './slices.js';
import { fundsToRead, offerCoins, readFunds } from './offers.js';
import {
  approvalsToRead,
  listingsDue,
  readApprovals,
  unseenListingCoins,
  type ListingApprovalsWrite,
} from './listings.js';
import { coinFeedsOf, pegWrappedAia, readFeeds } from './rates.js';
import {
  readCursor,
  recentBlocks,
  rollbackTo,
  writeListingsPoll,
  writeNewOffers,
  writeRange,
  type BlockRef,
  type Cursor,
} from './store.js';

/** The subset of a pino logger the indexer uses. */
export interface IndexerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

const silent: IndexerLogger = { info() {}, warn() {}, error() {}, debug() {} };

export interface IndexerDeps {
  db: AppDb;
  chain: PublicClient;
  chainId: number;
  deployment: Deployment;
  config: IndexerConfig;
  log?: IndexerLogger;
}

export type StepResult = 'range' | 'backfill' | 'reorg' | 'idle' | 'retry';

interface Header extends BlockRef {
  time: Date;
}

/** What the range reader gives: decoded events, their blocks' headers, their facts. */
interface RangeRead {
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

/** Raised when the chain forked below every block hash the indexer kept. */
export class ReorgTooDeepError extends Error {
  constructor(cursor: number) {
    super(`chain reorganised below the ${cursor} block window the indexer keeps`);
    this.name = 'ReorgTooDeepError';
  }
}

/**
 * The largest eth_getLogs answer read (viem's default is 10 MB, about 14,000 logs). A range the
 * logs of which turn out denser than expected is still read once, then written in pieces: a
 * refused answer is a download thrown away (a quarter of a back-fill's time when the first ranges
 * guessed too large).
 */
const LOGS_BODY_BYTES = 128 * 1024 * 1024;

/**
 * The last block of each piece of `events` (sorted by block) of about `target` logs each, cut
 * between blocks (a block's logs, so a transaction's, stay together), `to` last. A read up to
 * half again the target stays whole.
 */
export function pieceEnds(
  events: readonly { blockNumber: number }[],
  to: number,
  target: number,
): number[] {
  const ends: number[] = [];
  if (events.length <= target * 1.5) return [to];
  let count = 0;
  for (let i = 0; i < events.length; i++) {
    count++;
    const block = events[i]!.blockNumber;
    const next = events[i + 1]?.blockNumber;
    const left = events.length - i - 1;
    // Cut after this block when the piece is full and enough is left for another one.
    if (next !== undefined && next !== block && count >= target && left >= target / 2) {
      ends.push(block);
      count = 0;
    }
  }
  ends.push(to);
  return ends;
}

/** What a read ahead was made for: its blocks, and the addresses with their roles. */
const readKey = (
  addresses: string[],
  from: number,
  to: number,
  roleOf: (address: string) => AddressRole | undefined,
) => JSON.stringify([from, to, addresses.map((a) => [a, roleOf(a)])]);

/** Waits `ms`, or less when `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal?.aborted) done();
    else signal?.addEventListener('abort', done);
  });

/**
 * Follows the marketplace, the launchpads and every registered collection; see README.md.
 * `step()` does one unit of work (a reorg rollback, a back-fill range or a main range), each
 * in its own transaction; `run()` loops over it until stopped.
 */
export class Indexer {
  private readonly db: AppDb;
  private readonly chain: PublicClient;
  /** The same RPC, batching the requests of a tick (headers). */
  private readonly rpc: PublicClient;
  /** The same RPC for eth_getLogs, taking answers up to LOGS_BODY_BYTES. */
  private readonly logsRpc: PublicClient;
  private readonly chainId: number;
  private readonly config: IndexerConfig;
  private readonly log: IndexerLogger;
  private readonly market: string | null;
  private readonly launchpads: Set<string>;
  /** The Offers contract and the wrapped AIA (the coin of offers made in AIA), when deployed. */
  private readonly offers: string | null;
  private readonly wrappedAia: string | null;
  /** The Listings contract (signed listings), when deployed. */
  private readonly listings: string | null;
  /** When the last poll looked for signed listings whose start came. */
  private listingsPolledAt = new Date(0);
  private readonly deployment: Deployment;
  private readonly reads: ChainReads;
  private seeded = false;
  /** The next main range, read while the current one is written (see mainRead). */
  private ahead: { key: string; from: number; to: number; read: Promise<RangeRead | null> } | null =
    null;
  /** Shrinks when the RPC refuses a range as too large. */
  private batch: number;
  private lastLagLog = 0;
  /** Events written by this process, and how many when the planner statistics were refreshed. */
  private eventsWritten = 0;
  private eventsAtAnalyze = 0;
  private analyzing: Promise<void> | null = null;
  /** Whether pages-only indexes may be deferred (deferred-indexes.ts); unknown until the head. */
  private indexesDeferred: boolean | null = null;
  /** How fast blocks come, which sets how often to look for the next one at the head. */
  private readonly pace = new BlockPace();
  /** Latest known head and indexed block, for logs and metrics. */
  status = { head: null as number | null, block: null as number | null };
  /** Time per phase (reads, writes) since the start, for the bench. */
  readonly profile = new Profile();

  constructor(deps: IndexerDeps) {
    this.db = deps.db;
    this.chain = deps.chain;
    this.rpc = batchedClient(deps.chain);
    this.logsRpc = largeAnswersClient(deps.chain, LOGS_BODY_BYTES);
    this.chainId = deps.chainId;
    this.config = deps.config;
    this.log = deps.log ?? silent;
    this.deployment = deps.deployment;
    this.market = deps.deployment.contracts.Marketplace?.address.toLowerCase() ?? null;
    this.launchpads = new Set(
      launchpadNames(deps.deployment).map((n) =>
        deps.deployment.contracts[n]!.address.toLowerCase(),
      ),
    );
    this.offers = deps.deployment.contracts.Offers?.address.toLowerCase() ?? null;
    this.wrappedAia = deps.deployment.contracts.WrappedAIA?.address.toLowerCase() ?? null;
    this.listings = deps.deployment.contracts.Listings?.address.toLowerCase() ?? null;
    this.batch = deps.config.batchBlocks;
    this.reads = new ChainReads(deps.chain);
  }

  /**
   * The coins' price feeds at the range's sales (and at its last block for a main range, which
   * keeps the listings at the latest answer); read before the range's transaction.
   */
  private async readFeeds(facts: RangeFacts, last: { blockNumber: number; time: Date } | null) {
    const feeds = await coinFeedsOf(this.db, this.chainId);
    const sales = facts.market.filter((m) => m.kind === 'sold');
    return readFeeds(this.chain, feeds, sales, last, this.log);
  }

  /** The first block to index: INDEXER_START_BLOCK, or the earliest deployed contract. */
  startBlock(): number {
    if (this.config.startBlock !== undefined) return this.config.startBlock;
    const blocks = Object.values(this.deployment.contracts).map((c) => c.blockNumber);
    return blocks.length > 0 ? Math.min(...blocks) : 0;
  }

  private async header(number: number): Promise<Header | null> {
    try {
      const b = await this.rpc.getBlock({ blockNumber: BigInt(number) });
      return {
        number,
        hash: b.hash.toLowerCase(),
        parentHash: b.parentHash.toLowerCase(),
        time: new Date(Number(b.timestamp) * 1_000),
      };
    } catch (err) {
      if ((err as Error).name === 'BlockNotFoundError') return null;
      throw err;
    }
  }

  private async headers(numbers: number[]): Promise<Map<number, Header>> {
    // All at once: the batching client sends them a few hundred to an HTTP request.
    const unique = [...new Set(numbers)];
    const found = await Promise.allSettled(unique.map((n) => this.header(n)));
    const out = new Map<number, Header>();
    for (const [i, r] of found.entries()) {
      if (r.status === 'rejected') throw r.reason;
      if (!r.value) throw new Error(`block ${unique[i]} not found`);
      out.set(unique[i]!, r.value);
    }
    return out;
  }

  private async roles() {
    const rows = await this.db
      .select({
        address: collections.address,
        type: collections.contractType,
        synced: collections.syncedBlock,
      })
      .from(collections)
      .where(eq(collections.chainId, this.chainId));
    const roles = new Map<string, AddressRole>();
    const role = (a: string) => {
      let r = roles.get(a);
      if (!r) roles.set(a, (r = { market: false, launchpad: false, collection: null }));
      return r;
    };
    if (this.market) role(this.market).market = true;
    for (const l of this.launchpads) role(l).launchpad = true;
    if (this.offers) {
      role(this.offers).offers = true;
      // Every coin a stored offer pays with, and the wrapped AIA: their moves change funding.
      const coins = await offerCoins(this.db, this.chainId, this.offers);
      if (this.wrappedAia) coins.push(this.wrappedAia);
      for (const coin of coins) role(coin).coin = true;
    }
    if (this.listings) role(this.listings).listings = true;
    const lagging: { address: string; synced: number }[] = [];
    for (const c of rows) {
      role(c.address).collection = c.type === 'ERC1155' ? 'ERC1155' : 'ERC721';
      if (c.synced !== null) lagging.push({ address: c.address, synced: c.synced });
    }
    return { roles, lagging };
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
        this.log.warn({ from, to, err: (err as Error).message }, 'getLogs failed; smaller ranges');
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
    const target = this.config.rangeLogs;
    if (logs > target) {
      this.batch = Math.max(1, Math.floor((blocks * target) / logs));
    } else if (blocks >= this.batch && logs < target / 2) {
      this.batch = Math.min(this.config.batchBlocks, this.batch * 2);
    }
  }

  /**
   * The range reader the back-fill and the main ranges share: the logs of `addresses` in
   * [from, to] decoded with `roleOf`, the headers of their blocks (and of `blocks`), and their
   * facts. Null when the range must be retried: the RPC refused it (the next one is smaller), or
   * a log does not come from the block whose header was read (the chain moved while reading).
   */
  private async readRange(
    addresses: string[],
    from: number,
    to: number,
    blocks: number[],
    roleOf: (address: string) => AddressRole | undefined,
    end = false,
  ): Promise<RangeRead | null> {
    // A main range's last block is read before its logs and again after: unchanged, the logs
    // all come from the chain it ends.
    const before = end ? await this.profile.time('headers', () => this.header(to)) : null;
    if (end && !before) return null;
    const read = await this.profile.time('logs', () => this.getLogs(addresses, from, to));
    if (!read) return null;
    const logs = read.filter((l) => !l.removed && l.blockNumber !== null && l.blockHash !== null);
    // Pieces (main ranges): each ends at a block with logs; the next starts at the block after,
    // whose header (its parent hash) links the pieces.
    const blockOf = (l: Log) => Number(l.blockNumber);
    const ends = end
      ? pieceEnds(
          logs.map((l) => ({ blockNumber: blockOf(l) })),
          to,
          this.config.rangeLogs,
        )
      : [to];
    const heads = await this.profile.time('headers', () =>
      this.headers([...blocks, ...ends.slice(0, -1).map((e) => e + 1), ...logs.map(blockOf)]),
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
      const facts = await factsOf(this.chainId, events, timeOf);
      // A main range's transfers have their context in its facts; a back-fill's is stored.
      const typeOf = end ? (a: string) => roleOf(a)?.collection ?? 'ERC721' : undefined;
      return {
        from: pieceFrom,
        to: pieceTo,
        events,
        heads,
        facts,
        prepared: await prepareRange(facts, this.launchpads, typeOf),
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
  private mainRead(
    addresses: string[],
    from: number,
    to: number,
    roleOf: (address: string) => AddressRole | undefined,
    ahead = false,
  ): Promise<RangeRead | null> {
    const key = readKey(addresses, from, to, roleOf);
    if (ahead) {
      // A failed read ahead is only a miss: the step reads again.
      const read = this.readRange(addresses, from, to, [from, to], roleOf, true).catch(() => null);
      this.ahead = { key, from, to, read };
      return read;
    }
    const kept = this.ahead;
    this.ahead = null;
    if (kept?.key === key) return kept.read;
    return this.readRange(addresses, from, to, [from, to], roleOf, true);
  }

  /** One unit of work. */
  async step(): Promise<StepResult> {
    await this.seed();
    const cursor = await readCursor(this.db, this.chainId);

    // 1. Is the block we stopped at still canonical?
    if (cursor) {
      const onChain = await this.profile.time('reorg check', () => this.header(cursor.number));
      if (!onChain || onChain.hash !== cursor.hash) {
        await this.rollback(cursor);
        return 'reorg';
      }
    }

    const { roles, lagging } = await this.profile.time('roles', () => this.roles());

    // 2. Back-fill a newly registered collection up to the cursor.
    const behind = cursor ? lagging.find((c) => c.synced < cursor.number) : undefined;
    if (cursor && behind) return this.backfillRange(cursor, behind, roles);
    await this.joinMainRanges(cursor, lagging);

    // 3. The next main range.
    return this.mainRange(cursor, roles, lagging);
  }

  /**
   * Once per process: the deployment's collections, the wrapped AIA's peg, and the orders of
   * order-book contracts a deploy replaced held back for good.
   */
  private async seed() {
    if (this.seeded) return;
    await seedCollections(this.db, this.chain, this.chainId, this.deployment);
    const retired = await retireOrders(this.db, this.chainId, this.deployment);
    if (retired.listings + retired.offers > 0)
      this.log.info(retired, 'indexer: orders of replaced order-book contracts ended');
    if (this.wrappedAia) {
      const coin = this.wrappedAia as Address;
      const [symbol, decimals] = await Promise.all([
        this.chain.readContract({ address: coin, abi: erc20Abi, functionName: 'symbol' }),
        this.reads.coinDecimals(coin),
      ]);
      await pegWrappedAia(this.db, this.chainId, coin, { symbol, decimals });
    }
    this.seeded = true;
  }

  /** The next range of a collection being back-filled, up to the cursor. */
  private async backfillRange(
    cursor: Cursor,
    behind: { address: string; synced: number },
    roles: Map<string, AddressRole>,
  ): Promise<StepResult> {
    const roleOf = (a: string) => roles.get(a);
    const from = behind.synced + 1;
    const to = Math.min(behind.synced + this.batch, cursor.number);
    // Only the collection's own events: its logs before the cursor are all that is missing.
    const read = await this.readRange([behind.address], from, to, [], (a) =>
      a === behind.address
        ? {
            ...roleOf(a)!,
            market: false,
            launchpad: false,
            offers: false,
            coin: false,
            listings: false,
          }
        : undefined,
    );
    if (!read) return 'retry';
    const { facts, prepared } = read;
    await writeRange(this.db, {
      chainId: this.chainId,
      facts,
      prepared,
      coins: await this.reads.complete(facts),
      feeds: await this.readFeeds(facts, null),
      launchpads: this.launchpads,
      backfill: {
        address: behind.address,
        prev: behind.synced,
        to,
        complete: to >= cursor.number,
      },
      ...this.noApprovals(to),
    });
    this.log.info({ collection: behind.address, from, to }, 'indexer back-filled');
    this.eventsWritten += read.events.length;
    return 'backfill';
  }

  /** Collections whose back-fill reached the cursor follow the main ranges from now on. */
  private async joinMainRanges(
    cursor: Cursor | null,
    lagging: { address: string; synced: number }[],
  ) {
    for (const c of lagging) {
      if (!cursor || c.synced >= cursor.number) {
        await writeRange(this.db, {
          chainId: this.chainId,
          facts: emptyFacts(),
          launchpads: this.launchpads,
          backfill: { address: c.address, prev: c.synced, to: c.synced, complete: true },
          ...this.noApprovals(c.synced),
        });
      }
    }
  }

  /** The next main range for every followed address, or the idle work at the head. */
  private async mainRange(
    cursor: Cursor | null,
    roles: Map<string, AddressRole>,
    lagging: { address: string; synced: number }[],
  ): Promise<StepResult> {
    const roleOf = (a: string) => roles.get(a);
    const head = await this.profile.time('head', () => this.readHead());
    this.status.head = head;
    const safe = head - this.config.confirmations;
    const from = cursor ? cursor.number + 1 : this.startBlock();
    if (from > safe) {
      this.status.block = cursor?.number ?? null;
      await this.buildDeferredIndexes();
      if (cursor) {
        await this.lookAtNewOffers(cursor);
        await this.pollListings(cursor);
      }
      this.refreshStatistics();
      return 'idle';
    }
    // The range read ahead, when there is one from here (its own read may have resized ranges).
    const end =
      this.ahead?.from === from && this.ahead.to <= safe
        ? this.ahead.to
        : Math.min(from + this.batch - 1, safe);
    const addresses = [...roles.entries()]
      .filter(
        ([a, r]) =>
          r.market ||
          r.launchpad ||
          r.offers ||
          r.coin ||
          r.listings ||
          !lagging.some((l) => l.address === a),
      )
      .map(([a]) => a);
    const mainRole = (a: string) => {
      const r = roleOf(a);
      if (!r) return undefined;
      const backfilling = lagging.some((l) => l.address === a);
      return backfilling ? { ...r, collection: null } : r;
    };
    const read = await this.mainRead(addresses, from, end, mainRole);
    if (!read?.before) return 'retry';
    const { to, events, heads, facts, before, rest } = read;
    if (rest) {
      // The rest of a dense read is the next step's range (as if read ahead).
      this.ahead = {
        key: readKey(addresses, rest.from, rest.to, mainRole),
        from: rest.from,
        to: rest.to,
        // Decoded while this piece is written. A failure there is only a miss, like a failed
        // read ahead: the step reads again.
        read: rest.read().catch(() => null),
      };
    } else if (to < safe) {
      // Behind the head: the next range is read while this one is written (same addresses and
      // roles, so the next step takes it unless a collection was registered meanwhile).
      const next = Math.min(to + this.batch, safe);
      void this.mainRead(addresses, to + 1, next, mainRole, true);
    }
    // The range is consistent: `to` did not change while reading and it descends from the
    // cursor (readRange checked every log comes from the block we have the header of).
    if (heads.get(to)!.hash !== before.hash) return 'retry';
    if (cursor && heads.get(from)!.parentHash !== cursor.hash) return 'retry';
    const readsStarted = performance.now();
    // The offerers' funds the range moved (and those of offers not looked at yet), read at its
    // last block before the transaction: the range writes them with its facts.
    const offerFunds = this.offers
      ? {
          offersAddr: this.offers,
          blockNumber: to,
          reads: await readFunds(
            this.chain,
            this.offers,
            await fundsToRead(this.db, this.chainId, this.offers, facts.funds),
            to,
          ),
        }
      : undefined;
    // The sellers' approvals the range's ApprovalForAll events touched (and those of signed
    // listings not looked at yet), read at its last block, like the offerers' funds.
    const listingApprovals = this.listings
      ? await this.readListingApprovals(facts.approvals, to)
      : undefined;
    this.profile.add('funds, approvals, feeds reads', performance.now() - readsStarted);
    const coins = await this.profile.time('royaltyInfo + decimals reads', () =>
      this.reads.complete(facts),
    );
    const feedsStarted = performance.now();
    if (this.listings) coins.push(...(await this.listingCoins(coins)));
    const feeds = await this.readFeeds(facts, { blockNumber: to, time: heads.get(to)!.time });
    this.profile.add('funds, approvals, feeds reads', performance.now() - feedsStarted);
    // An initial sync of more than one range: the pages-only indexes are built at the head.
    if (!cursor && to < safe) {
      const deferred = await this.profile.time('indexes: defer', () =>
        deferIndexes(this.db, this.config.rangeLogs),
      );
      if (deferred > 0) this.indexesDeferred = true;
    }
    await writeRange(this.db, {
      profile: this.profile,
      chainId: this.chainId,
      facts,
      prepared: read.prepared,
      coins,
      feeds,
      ...(offerFunds ? { offerFunds } : {}),
      ...(listingApprovals ? { listingApprovals } : {}),
      launchpads: this.launchpads,
      cursor: {
        prev: cursor,
        next: { number: to, hash: before.hash },
        blocks: [...heads.values()],
        window: this.config.reorgWindow,
      },
    });
    this.status.block = to;
    const now = Date.now();
    const lag = head - to;
    if (now - this.lastLagLog > 10_000) {
      this.lastLagLog = now;
      this.log.info({ from, to, head, lag, events: events.length }, 'indexer range');
    } else {
      this.log.debug({ from, to, head, lag, events: events.length }, 'indexer range');
    }
    this.eventsWritten += events.length;
    return 'range';
  }

  /**
   * Offers the API stored since the last range, while no new block comes: their funds are read
   * at the cursor's block (the facts up to it are all written), so a quiet chain does not leave
   * them unchecked until its next block.
   */
  private async lookAtNewOffers(cursor: { number: number; hash: string }) {
    if (!this.offers) return;
    const pairs = await fundsToRead(this.db, this.chainId, this.offers, []);
    if (pairs.length === 0) return;
    const reads = await readFunds(this.chain, this.offers, pairs, cursor.number);
    await writeNewOffers(this.db, this.chainId, cursor, {
      offersAddr: this.offers,
      blockNumber: cursor.number,
      reads,
    });
  }

  private async readListingApprovals(
    touched: readonly string[],
    blockNumber: number,
  ): Promise<ListingApprovalsWrite> {
    const listingsAddr = this.listings!;
    const pairs = await approvalsToRead(this.db, this.chainId, listingsAddr, touched);
    const reads = await readApprovals(this.chain, listingsAddr, pairs, blockNumber);
    return { listingsAddr, blockNumber, reads };
  }

  /** A back-fill reads no approval; it names the Listings contract to recompute its listings. */
  private noApprovals(blockNumber: number): { listingApprovals?: ListingApprovalsWrite } {
    return this.listings
      ? { listingApprovals: { listingsAddr: this.listings, blockNumber, reads: [] } }
      : {};
  }

  /** Decimals of the coins of signed listings not looked at yet (not among `known`). */
  private async listingCoins(known: readonly { address: string }[]) {
    const coins = await unseenListingCoins(this.db, this.chainId, this.listings!);
    const out = [];
    for (const coin of coins) {
      if (known.some((k) => k.address === coin)) continue;
      out.push({ address: coin, decimals: await this.reads.coinDecimals(coin) });
    }
    return out;
  }

  /**
   * While no new block comes: signed listings stored since the last range (their approval read
   * at the cursor's block) and those whose time came (expired, or started), so their orders rows
   * and their collections' stats follow without waiting for the next block.
   */
  private async pollListings(cursor: { number: number; hash: string }) {
    if (!this.listings) return;
    const polledAt = new Date();
    const since = this.listingsPolledAt;
    const due = await listingsDue(this.db, this.chainId, this.listings, since);
    const coins = await this.listingCoins([]);
    const approvals = await this.readListingApprovals([], cursor.number);
    if (due.length > 0 || approvals.reads.length > 0 || coins.length > 0) {
      if (coins.length > 0) await this.writeCoins(coins);
      await writeListingsPoll(this.db, this.chainId, cursor, approvals, due);
    }
    this.listingsPolledAt = polledAt;
  }

  private async writeCoins(coins: { address: string; decimals: number }[]) {
    await this.db
      .insert(coinDecimals)
      .values(coins.map((c) => ({ chainId: this.chainId, ...c })))
      .onConflictDoNothing();
  }

  /** At the head: builds the indexes an initial sync deferred (this process's or a crashed one's). */
  private async buildDeferredIndexes() {
    if (this.indexesDeferred === false) return;
    const built = await this.profile.time('indexes: build', () => restoreIndexes(this.db));
    if (built > 0) this.log.info({ indexes: built }, 'indexer: built the deferred indexes');
    this.indexesDeferred = false;
  }

  /**
   * At the head, starts a refresh of the planner statistics when one is due. Not during a
   * back-fill: its statements join thousands of keys, hashed whatever the estimates, and on PGlite
   * (one connection) each refresh held the ranges up (1.5 s of a 16 s back-fill for three).
   */
  private refreshStatistics() {
    if (this.analyzing) return;
    if (!statisticsDue(this.eventsWritten, this.eventsAtAnalyze, this.config.analyzeEvents)) return;
    this.eventsAtAnalyze = this.eventsWritten;
    // Beside the next steps, on another connection where there is one (ANALYZE does not block
    // writes).
    this.analyzing = analyzeChainTables(this.db)
      .catch((err: unknown) =>
        this.log.warn({ err: (err as Error).message }, 'indexer: analyze failed'),
      )
      .finally(() => {
        this.analyzing = null;
      });
  }

  /** Finds the newest kept block still on the chain and rolls back to it. */
  private async rollback(cursor: { number: number; hash: string }) {
    this.ahead = null;
    for (const b of await recentBlocks(this.db, this.chainId)) {
      const onChain = await this.header(b.number);
      if (onChain?.hash === b.hash) {
        this.log.warn({ from: cursor.number, to: b.number }, 'indexer: reorg, rolling back');
        await rollbackTo(
          this.db,
          this.chainId,
          cursor,
          { number: b.number, hash: b.hash },
          this.listings,
        );
        return;
      }
    }
    throw new ReorgTooDeepError(this.config.reorgWindow);
  }

  private async readHead(): Promise<number> {
    const head = Number(await this.chain.getBlockNumber({ cacheTime: 0 }));
    this.pace.observe(head);
    return head;
  }

  /**
   * At the head: returns once the chain has a block the last step did not see, or when
   * INDEXER_POLL_MS has passed (the idle work runs again then). It looks at the head as often as
   * the blocks' pace asks (block-pace.ts), every INDEXER_POLL_MS at most.
   */
  private async waitForBlock(signal: AbortSignal): Promise<void> {
    const until = performance.now() + this.config.pollMs;
    const seen = this.status.head;
    for (;;) {
      const wait = Math.min(this.pace.lookMs(this.config.pollMs), until - performance.now());
      if (wait <= 0) return;
      await sleep(wait, signal);
      if (signal.aborted || performance.now() >= until) return;
      if ((await this.readHead()) !== seen) return;
    }
  }

  /** Steps until the indexer has caught up with the head (tests, scripts). */
  async catchUp(maxSteps = 100_000): Promise<void> {
    for (let i = 0; i < maxSteps; i++) {
      if ((await this.step()) === 'idle') {
        // Leaves nothing running beside: the statistics are fresh when it returns.
        await this.analyzing;
        return;
      }
    }
    throw new Error(`indexer did not catch up in ${maxSteps} steps`);
  }

  /** Loops until `signal` aborts; errors are logged and retried with back-off. */
  async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const result = await this.step();
        failures = 0;
        if (result === 'idle') await this.waitForBlock(signal);
      } catch (err) {
        failures++;
        const wait = Math.min(this.config.pollMs * 2 ** Math.min(failures, 10), 30_000);
        this.log.error({ err: (err as Error).message, retryInMs: wait }, 'indexer step failed');
        await sleep(wait, signal);
      }
    }
    // Nothing left running on the database once the loop is stopped.
    await this.analyzing;
  }
}
