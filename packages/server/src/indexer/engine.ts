import { eq } from 'drizzle-orm';
import { erc20Abi, type Address, type Log, type PublicClient } from 'viem';
import type { Deployment } from '@aiamarket/shared';
import type { AppDb } from '../db/database.js';
import { coinDecimals, collections } from '../db/schema-chain.js';
import type { IndexerConfig } from './config.js';
import { ChainReads } from './chain-reads.js';
import { launchpadNames, seedCollections } from './collections.js';
import { decodeLogs, type AddressRole } from './decode.js';
import { emptyFacts, factsOf, type RangeFacts } from './facts.js';
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

/** Raised when the chain forked below every block hash the indexer kept. */
export class ReorgTooDeepError extends Error {
  constructor(cursor: number) {
    super(`chain reorganised below the ${cursor} block window the indexer keeps`);
    this.name = 'ReorgTooDeepError';
  }
}

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
  /** Shrinks when the RPC refuses a range as too large. */
  private batch: number;
  private lastLagLog = 0;
  /** Latest known head and indexed block, for logs and metrics. */
  status = { head: null as number | null, block: null as number | null };

  constructor(deps: IndexerDeps) {
    this.db = deps.db;
    this.chain = deps.chain;
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
      const b = await this.chain.getBlock({ blockNumber: BigInt(number) });
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
    const out = new Map<number, Header>();
    const queue = [...new Set(numbers)];
    const worker = async () => {
      for (let n = queue.pop(); n !== undefined; n = queue.pop()) {
        const h = await this.header(n);
        if (!h) throw new Error(`block ${n} not found`);
        out.set(n, h);
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
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
      return await this.chain.getLogs({
        address: addresses as `0x${string}`[],
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      });
    } catch (err) {
      if (to > from) {
        this.batch = Math.max(1, Math.floor((to - from + 1) / 2));
        this.log.warn({ from, to, err: (err as Error).message }, 'getLogs failed; smaller ranges');
        return null;
      }
      throw err;
    }
  }

  /** One unit of work. */
  async step(): Promise<StepResult> {
    if (!this.seeded) {
      await seedCollections(this.db, this.chain, this.chainId, this.deployment);
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
    const cursor = await readCursor(this.db, this.chainId);

    // 1. Is the block we stopped at still canonical?
    if (cursor) {
      const onChain = await this.header(cursor.number);
      if (!onChain || onChain.hash !== cursor.hash) {
        await this.rollback(cursor);
        return 'reorg';
      }
    }

    const { roles, lagging } = await this.roles();
    const roleOf = (a: string) => roles.get(a);

    // 2. Back-fill a newly registered collection up to the cursor.
    const behind = cursor ? lagging.find((c) => c.synced < cursor.number) : undefined;
    if (cursor && behind) {
      const from = behind.synced + 1;
      const to = Math.min(behind.synced + this.batch, cursor.number);
      const logs = await this.getLogs([behind.address], from, to);
      if (!logs) return 'retry';
      const events = decodeLogs(logs, (a) =>
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
      const heads = await this.headers(events.map((e) => e.blockNumber));
      if (events.some((e) => heads.get(e.blockNumber)!.hash !== e.blockHash)) return 'retry';
      const facts = factsOf(this.chainId, events, (n) => heads.get(n)!.time);
      await writeRange(this.db, {
        chainId: this.chainId,
        facts,
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
      return 'backfill';
    }
    // Caught up (or registered in the same block as the cursor): join the main ranges.
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

    // 3. The next main range.
    const head = Number(await this.chain.getBlockNumber({ cacheTime: 0 }));
    this.status.head = head;
    const safe = head - this.config.confirmations;
    const from = cursor ? cursor.number + 1 : this.startBlock();
    if (from > safe) {
      this.status.block = cursor?.number ?? null;
      if (cursor) {
        await this.lookAtNewOffers(cursor);
        await this.pollListings(cursor);
      }
      return 'idle';
    }
    const to = Math.min(from + this.batch - 1, safe);
    const before = await this.header(to);
    if (!before) return 'retry';
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
    const logs = await this.getLogs(addresses, from, to);
    if (!logs) return 'retry';
    const events = decodeLogs(logs, (a) => {
      const r = roleOf(a);
      if (!r) return undefined;
      const backfilling = lagging.some((l) => l.address === a);
      return backfilling ? { ...r, collection: null } : r;
    });
    const heads = await this.headers([from, to, ...events.map((e) => e.blockNumber)]);
    // The range is consistent: `to` did not change while reading, it descends from the cursor,
    // and every log comes from the block we have the header of.
    if (heads.get(to)!.hash !== before.hash) return 'retry';
    if (cursor && heads.get(from)!.parentHash !== cursor.hash) return 'retry';
    if (events.some((e) => heads.get(e.blockNumber)!.hash !== e.blockHash)) return 'retry';

    const facts = factsOf(this.chainId, events, (n) => heads.get(n)!.time);
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
    const coins = await this.reads.complete(facts);
    if (this.listings) coins.push(...(await this.listingCoins(coins)));
    await writeRange(this.db, {
      chainId: this.chainId,
      facts,
      coins,
      feeds: await this.readFeeds(facts, { blockNumber: to, time: heads.get(to)!.time }),
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
    this.batch = Math.min(this.config.batchBlocks, this.batch * 2);
    this.status.block = to;
    const now = Date.now();
    const lag = head - to;
    if (now - this.lastLagLog > 10_000) {
      this.lastLagLog = now;
      this.log.info({ from, to, head, lag, events: events.length }, 'indexer range');
    } else {
      this.log.debug({ from, to, head, lag, events: events.length }, 'indexer range');
    }
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

  /** Finds the newest kept block still on the chain and rolls back to it. */
  private async rollback(cursor: { number: number; hash: string }) {
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

  /** Steps until the indexer has caught up with the head (tests, scripts). */
  async catchUp(maxSteps = 100_000): Promise<void> {
    for (let i = 0; i < maxSteps; i++) {
      if ((await this.step()) === 'idle') return;
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
        if (result === 'idle') await sleep(this.config.pollMs, signal);
      } catch (err) {
        failures++;
        const wait = Math.min(this.config.pollMs * 2 ** Math.min(failures, 10), 30_000);
        this.log.error({ err: (err as Error).message, retryInMs: wait }, 'indexer step failed');
        await sleep(wait, signal);
      }
    }
  }
}
