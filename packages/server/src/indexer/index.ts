import type { ServerContext } from '../context.js';
import { loadIndexerConfig, type IndexerConfig } from '../indexer-config.js';
import { Indexer } from './run/indexer.js';
import type { IndexerLogger } from './run/logger.js';
import { acquireWriterLock } from './run/lock.js';
import { sleep } from './run/sleep.js';
import { pruneFeed } from '../live/feed.js';
import { fetchPendingMetadata, metadataRefreshLoop } from '../metadata/index.js';
import { loadWebhookConfig, startWebhookWorker } from '../modules/webhook/index.js';

export { Indexer } from './run/indexer.js';
export { loadIndexerConfig } from '../indexer-config.js';
export { registerCollection, detectContractType } from './collections.js';
export { refreshTokenMetadata, storedMetadata } from '../metadata/index.js';

/** Fetches missing token metadata in the background (only while holding the writer lock). */
async function metadataLoop(
  ctx: ServerContext,
  config: IndexerConfig,
  log: IndexerLogger,
  signal: AbortSignal,
) {
  while (!signal.aborted) {
    let fetched = 0;
    try {
      fetched = await fetchPendingMetadata(ctx.database.db, ctx.chain, ctx.config.chainId, {
        ...config.metadata,
        signal,
      });
    } catch (err) {
      log.error({ err: (err as Error).message }, 'metadata fetch failed');
    }
    if (fetched === 0) await sleep(Math.max(config.pollMs, 2_000), signal);
  }
}

/** How often the writer prunes the change feed to its retention window. */
const FEED_PRUNE_EVERY_MS = 10 * 60_000;

/** Keeps the change feed to LIVE_FEED_RETENTION_HOURS (only while holding the writer lock). */
async function feedPruneLoop(ctx: ServerContext, log: IndexerLogger, signal: AbortSignal) {
  while (!signal.aborted) {
    try {
      const maxAgeMs = ctx.config.liveFeedRetentionHours * 3_600_000;
      const pruned = await pruneFeed(ctx.database.db, { maxAgeMs });
      if (pruned.deleted > 0) log.info(pruned, 'change feed pruned');
    } catch (err) {
      log.error({ err: (err as Error).message }, 'change feed prune failed');
    }
    await sleep(FEED_PRUNE_EVERY_MS, signal);
  }
}

export interface RunningIndexer {
  indexer: Indexer | null;
  /** Stops after the current step and releases the writer lock. */
  stop(): Promise<void>;
}

/**
 * Runs the indexer in the background for this process: waits for the writer lock (another
 * replica may hold it), then follows the chain until stopped. Does nothing when
 * INDEXER_ENABLED is false or nothing is deployed.
 */
export function startIndexer(
  ctx: ServerContext,
  log: IndexerLogger,
  config: IndexerConfig = loadIndexerConfig(),
): RunningIndexer {
  if (!config.enabled) return { indexer: null, stop: async () => {} };
  if (!ctx.deployment) {
    log.warn({}, 'indexer not started: no deployment file for this chain');
    return { indexer: null, stop: async () => {} };
  }
  const indexer = new Indexer({
    db: ctx.database.db,
    chain: ctx.chain,
    chainId: ctx.config.chainId,
    deployment: ctx.deployment,
    config,
    log,
  });
  // Webhooks go out from every indexer process, writer or standby: each subscription is claimed
  // by one of them at a time (modules/webhook/worker.ts), so a standby shares the work.
  const stopWebhooks = startWebhookWorker(ctx.database.db, loadWebhookConfig(), log);
  const abort = new AbortController();
  const done = (async () => {
    while (!abort.signal.aborted) {
      const lock = await acquireWriterLock(ctx.config.databaseUrl, {
        signal: abort.signal,
        onWait: () => log.info({}, 'indexer waiting for the writer lock (another indexer runs)'),
      }).catch((err: unknown) => {
        log.error({ err: (err as Error).message }, 'indexer lock failed');
        return null;
      });
      if (!lock) {
        if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, config.pollMs));
        continue;
      }
      const inner = new AbortController();
      const onAbort = () => inner.abort();
      abort.signal.addEventListener('abort', onAbort);
      // stop() may have come while the lock was being acquired.
      if (abort.signal.aborted) inner.abort();
      void lock.lost.then(() => {
        if (!abort.signal.aborted) log.error({}, 'indexer lost its writer lock; re-acquiring');
        inner.abort();
      });
      log.info({}, 'indexer started');
      await Promise.all([
        indexer.run(inner.signal),
        metadataLoop(ctx, config, log, inner.signal),
        feedPruneLoop(ctx, log, inner.signal),
        // Refreshes the chain's metadata events asked for (ERC-4906, ERC1155 URI).
        metadataRefreshLoop({
          db: ctx.database.db,
          chain: ctx.chain,
          chainId: ctx.config.chainId,
          opts: config.metadata,
          pollMs: config.pollMs,
          reorgWindow: config.reorgWindow,
          log,
          signal: inner.signal,
        }),
      ]);
      abort.signal.removeEventListener('abort', onAbort);
      await lock.release();
    }
  })();
  return {
    indexer,
    stop: async () => {
      abort.abort();
      await Promise.all([done, stopWebhooks()]);
    },
  };
}
