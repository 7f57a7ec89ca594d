// The run loop: one step at a time (a reorg rollback, a back-fill range or a main range), the
// wait for the next block at the head, retries with back-off.
import { eq } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import type { Deployment } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { collections } from '../../db/schema-chain.js';
import type { IndexerConfig } from '../../indexer-config.js';
import { batchedClient } from '../../chain/http-variants.js';
import { BlockPace } from './block-pace.js';
import { ChainReads } from '../chain-reads.js';
import { Profile } from '../profile.js';
import { seedCollections } from '../collections.js';
import { retireOrders } from '../retired.js';
import { asCollectionOnly, followsContract, type AddressRole } from '../sources/roles.js';
import { emptyFacts } from '../sync/fact-rows.js';
import { readCursor, rollbackTo, writeRange, type Cursor } from '../sync/store.js';
import { SOURCES } from '../sources/index.js';
import type { RangeToWrite, Source, SourceWrite } from '../sources/source.js';
import { HeaderReader } from '../sync/headers.js';
import { RangeReader } from '../sync/range-reader.js';
import { findFork, stillCanonical } from '../sync/reorg.js';
import { HeadUpkeep } from './head-upkeep.js';
import { silentLogger, type IndexerLogger } from './logger.js';
import { sleep } from './sleep.js';

export interface IndexerDeps {
  db: AppDb;
  chain: PublicClient;
  chainId: number;
  deployment: Deployment;
  config: IndexerConfig;
  log?: IndexerLogger;
}

export type StepResult = 'range' | 'backfill' | 'reorg' | 'idle' | 'retry';

/**
 * Follows the marketplace, the launchpads and every registered collection; see README.md.
 * `step()` does one unit of work (a reorg rollback, a back-fill range or a main range), each
 * in its own transaction; `run()` loops over it until stopped.
 */
export class Indexer {
  private readonly db: AppDb;
  private readonly chain: PublicClient;
  private readonly chainId: number;
  private readonly config: IndexerConfig;
  private readonly log: IndexerLogger;
  /** The addresses the sources follow as launchpads (their transfers' activities name them). */
  private readonly launchpads = new Set<string>();
  /** The contract families followed through the Source interface (sources/index.ts). */
  private readonly sources: Source[];
  private readonly deployment: Deployment;
  private readonly reads: ChainReads;
  /** Headers through the same RPC, batching the requests of a tick. */
  private readonly headers: HeaderReader;
  private readonly reader: RangeReader;
  private readonly upkeep: HeadUpkeep;
  private seeded = false;
  private lastLagLog = 0;
  /** How fast blocks come, which sets how often to look for the next one at the head. */
  private readonly pace = new BlockPace();
  /** Latest known head and indexed block, for logs and metrics. */
  status = { head: null as number | null, block: null as number | null };
  /** Time per phase (reads, writes) since the start, for the bench. */
  readonly profile = new Profile();

  constructor(deps: IndexerDeps) {
    this.db = deps.db;
    this.chain = deps.chain;
    this.chainId = deps.chainId;
    this.config = deps.config;
    this.log = deps.log ?? silentLogger;
    this.deployment = deps.deployment;
    this.reads = new ChainReads(deps.chain);
    const ctx = { ...deps, reads: this.reads, log: this.log };
    this.sources = SOURCES.map((make) => make(ctx));
    this.headers = new HeaderReader(batchedClient(deps.chain));
    this.reader = new RangeReader({
      chain: deps.chain,
      chainId: deps.chainId,
      config: deps.config,
      headers: this.headers,
      launchpads: this.launchpads,
      profile: this.profile,
      log: this.log,
    });
    this.upkeep = new HeadUpkeep(this.db, deps.config.analyzeEvents, this.profile, this.log);
  }
  /** The first block to index: INDEXER_START_BLOCK, or the earliest deployed contract. */
  startBlock(): number {
    if (this.config.startBlock !== undefined) return this.config.startBlock;
    const blocks = Object.values(this.deployment.contracts).map((c) => c.blockNumber);
    return blocks.length > 0 ? Math.min(...blocks) : 0;
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
    for (const s of this.sources) await s.follow?.(role);
    // A deployment's launchpads do not change while it runs: the same set every step.
    for (const [a, r] of roles) if (r.launchpad) this.launchpads.add(a);
    const lagging: { address: string; synced: number }[] = [];
    for (const c of rows) {
      role(c.address).collection = c.type === 'ERC1155' ? 'ERC1155' : 'ERC721';
      if (c.synced !== null) lagging.push({ address: c.address, synced: c.synced });
    }
    return { roles, lagging };
  }

  /** One unit of work. */
  async step(): Promise<StepResult> {
    await this.seed();
    const cursor = await readCursor(this.db, this.chainId);

    // 1. Is the block we stopped at still canonical?
    if (cursor) {
      const canonical = await this.profile.time('reorg check', () =>
        stillCanonical(this.headers, cursor),
      );
      if (!canonical) {
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
   * Once per process: the deployment's collections, the orders of order-book contracts a deploy
   * replaced held back for good, and what each source sets up.
   */
  private async seed() {
    if (this.seeded) return;
    await seedCollections(this.db, this.chain, this.chainId, this.deployment);
    const retired = await retireOrders(this.db, this.chainId, this.deployment);
    if (retired.listings + retired.offers > 0)
      this.log.info(retired, 'indexer: orders of replaced order-book contracts ended');
    for (const s of this.sources) await s.seed?.();
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
    const to = Math.min(behind.synced + this.reader.batch, cursor.number);
    // Only the collection's own events: its logs before the cursor are all that is missing.
    const read = await this.reader.read([behind.address], from, to, [], (a) =>
      a === behind.address ? asCollectionOnly(roleOf(a)!) : undefined,
    );
    if (!read) return 'retry';
    const { facts, prepared } = read;
    const complete = to >= cursor.number;
    await writeRange(this.db, {
      chainId: this.chainId,
      facts,
      prepared,
      sources: this.sources,
      writes: await this.sourceWrites({
        facts,
        block: to,
        blockTime: null,
        main: false,
        completes: complete,
      }),
      launchpads: this.launchpads,
      backfill: { address: behind.address, prev: behind.synced, to, complete },
    });
    this.log.info({ collection: behind.address, from, to }, 'indexer back-filled');
    this.upkeep.counted(read.events.length);
    return 'backfill';
  }

  /** Collections whose back-fill reached the cursor follow the main ranges from now on. */
  private async joinMainRanges(
    cursor: Cursor | null,
    lagging: { address: string; synced: number }[],
  ) {
    for (const c of lagging) {
      if (!cursor || c.synced >= cursor.number) {
        const facts = emptyFacts();
        await writeRange(this.db, {
          chainId: this.chainId,
          facts,
          sources: this.sources,
          writes: await this.sourceWrites({
            facts,
            block: c.synced,
            blockTime: null,
            main: false,
            completes: true,
          }),
          launchpads: this.launchpads,
          backfill: { address: c.address, prev: c.synced, to: c.synced, complete: true },
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
      await this.upkeep.buildDeferredIndexes();
      if (cursor) {
        for (const s of this.sources) await s.poll?.(cursor);
      }
      this.upkeep.refreshStatistics();
      return 'idle';
    }
    // The range read ahead, when there is one from here (its own read may have resized ranges).
    const end = this.reader.aheadEnd(from, safe) ?? Math.min(from + this.reader.batch - 1, safe);
    const addresses = [...roles.entries()]
      .filter(([a, r]) => followsContract(r) || !lagging.some((l) => l.address === a))
      .map(([a]) => a);
    const mainRole = (a: string) => {
      const r = roleOf(a);
      if (!r) return undefined;
      const backfilling = lagging.some((l) => l.address === a);
      return backfilling ? { ...r, collection: null } : r;
    };
    const read = await this.reader.main(addresses, from, end, mainRole);
    if (!read?.before) return 'retry';
    const { to, events, heads, facts, before, rest } = read;
    if (rest) {
      // The rest of a dense read is the next step's range (as if read ahead).
      this.reader.keepRest(addresses, rest, mainRole);
    } else if (to < safe) {
      // Behind the head: the next range is read while this one is written (same addresses and
      // roles, so the next step takes it unless a collection was registered meanwhile).
      const next = Math.min(to + this.reader.batch, safe);
      void this.reader.main(addresses, to + 1, next, mainRole, true);
    }
    // The range is consistent: `to` did not change while reading and it descends from the
    // cursor (the reader checked every log comes from the block we have the header of).
    if (heads.get(to)!.hash !== before.hash) return 'retry';
    if (cursor && heads.get(from)!.parentHash !== cursor.hash) return 'retry';
    // What each source reads before the transaction (the offerers' funds the range moved, the
    // sellers' approvals, the coins' feeds...): the range writes it with its facts.
    const writes = await this.sourceWrites({
      facts,
      block: to,
      blockTime: heads.get(to)!.time,
      main: true,
      completes: false,
    });
    // An initial sync of more than one range: the pages-only indexes are built at the head.
    if (!cursor && to < safe) await this.upkeep.deferIndexes(this.config.rangeLogs);
    await writeRange(this.db, {
      profile: this.profile,
      chainId: this.chainId,
      facts,
      prepared: read.prepared,
      sources: this.sources,
      writes,
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
    this.upkeep.counted(events.length);
    return 'range';
  }

  /** The sources' reads for a range, made before its transaction, and their writes. */
  private async sourceWrites(range: RangeToWrite): Promise<SourceWrite[]> {
    const writes: SourceWrite[] = [];
    for (const s of this.sources) {
      if (!s.prepare) continue;
      const w = await this.profile.time(`reads: ${s.name}`, () => s.prepare!(range));
      if (w) writes.push(w);
    }
    return writes;
  }

  /** Finds the newest kept block still on the chain and rolls back to it. */
  private async rollback(cursor: Cursor) {
    this.reader.dropAhead();
    const fork = await findFork(this.db, this.chainId, this.headers, this.config.reorgWindow);
    this.log.warn({ from: cursor.number, to: fork.number }, 'indexer: reorg, rolling back');
    await rollbackTo(this.db, this.chainId, cursor, fork, this.sources);
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
        await this.upkeep.settled();
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
    await this.upkeep.settled();
  }
}
