import type { ServerContext } from '../context.js';
import { loadIndexerConfig, type IndexerConfig } from './config.js';
import { Indexer, type IndexerLogger } from './engine.js';
import { acquireWriterLock } from './lock.js';
import { fetchPendingMetadata } from '../metadata/index.js';

export { Indexer } from './engine.js';
export { loadIndexerConfig } from './config.js';
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

/** Waits `ms`, or less when `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
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
      await Promise.all([indexer.run(inner.signal), metadataLoop(ctx, config, log, inner.signal)]);
      abort.signal.removeEventListener('abort', onAbort);
      await lock.release();
    }
  })();
  return {
    indexer,
    stop: async () => {
      abort.abort();
      await done;
    },
  };
}
