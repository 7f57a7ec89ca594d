// The worker of the refreshes the chain asked for (src/indexer/metadata-events.ts writes them in
// the range's transaction): fetches each named token outside that transaction and stores it like
// any fetch (token_metadata, attributes, its orders' name and image).
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import type { AppDb } from '../db/database.js';
import { metadataRefresh } from '../db/schema-metadata-refresh.js';
import type { IndexerLogger } from '../indexer/run/logger.js';
import type { MetadataOptions } from './options.js';
import { refreshTokenMetadata } from './store.js';

export interface RefreshWorkOptions {
  /** Requests per pass. */
  limit?: number;
  concurrency?: number;
  /** A token that keeps failing is given up after this many attempts (the request is done). */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt. */
  retryMs?: number;
}

/**
 * One pass of the worker: the due requests (oldest first), each token once, fetched and stored
 * with its orders' name and image. A failed token becomes its own request, due again after a
 * back-off. Returns how many requests were handled.
 */
export async function refreshRequestedMetadata(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  opts: MetadataOptions,
  work: RefreshWorkOptions = {},
): Promise<number> {
  const { limit = 100, concurrency = 4, maxAttempts = 5, retryMs = 5_000 } = work;
  const due = await db
    .select({
      id: metadataRefresh.id,
      blockNumber: metadataRefresh.blockNumber,
      attempts: metadataRefresh.attempts,
    })
    .from(metadataRefresh)
    .where(
      and(
        eq(metadataRefresh.chainId, chainId),
        isNull(metadataRefresh.doneAt),
        lte(metadataRefresh.dueAt, sql`now()`),
      ),
    )
    .orderBy(metadataRefresh.id)
    .limit(limit);
  if (due.length === 0) return 0;
  const ids = due.map((r) => r.id);
  // The ids of each request the indexer has seen (a transfer of a registered collection):
  // refreshes, like fetches, only touch real tokens.
  const found = await db.execute(sql`
    select r.id, r.contract_addr, t.token_id::text as token_id, c.contract_type
    from metadata_refresh r
    join collections c on c.chain_id = r.chain_id and c.address = r.contract_addr
    join lateral (
      select distinct n.token_id from nft_transfers n
      where n.chain_id = r.chain_id and n.contract_addr = r.contract_addr
        and n.token_id between r.from_id and r.to_id) t on true
    where r.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const rows = (
    found as unknown as {
      rows: {
        id: number | string;
        contract_addr: string;
        token_id: string;
        contract_type: string;
      }[];
    }
  ).rows;
  const byRequest = new Map(due.map((r) => [r.id, r]));
  const tokens = new Map<
    string,
    { contractAddr: string; tokenId: string; contractType: string; request: (typeof due)[number] }
  >();
  for (const r of rows) {
    const key = `${r.contract_addr}|${r.token_id}`;
    const request = byRequest.get(Number(r.id))!;
    const seen = tokens.get(key);
    // One fetch per token; a failure counts against the most-tried request that named it.
    if (!seen || request.attempts > seen.request.attempts) {
      tokens.set(key, {
        contractAddr: r.contract_addr,
        tokenId: r.token_id,
        contractType: r.contract_type,
        request,
      });
    }
  }
  const queue = [...tokens.values()];
  const failed: typeof queue = [];
  const worker = async () => {
    for (let t = queue.shift(); t && !opts.signal?.aborted; t = queue.shift()) {
      if ((await refreshTokenMetadata(db, chain, chainId, t, opts)) === 'error') failed.push(t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (opts.signal?.aborted) return due.length;
  await db.transaction(async (tx) => {
    await tx
      .update(metadataRefresh)
      .set({ doneAt: sql`now()` })
      .where(and(inArray(metadataRefresh.id, ids), isNull(metadataRefresh.doneAt)));
    const retry = failed.filter((t) => t.request.attempts + 1 < maxAttempts);
    if (retry.length > 0) {
      await tx.insert(metadataRefresh).values(
        retry.map((t) => ({
          chainId,
          contractAddr: t.contractAddr,
          fromId: t.tokenId,
          toId: t.tokenId,
          blockNumber: t.request.blockNumber,
          attempts: t.request.attempts + 1,
          dueAt: new Date(Date.now() + retryMs * 2 ** t.request.attempts),
        })),
      );
    }
  });
  return due.length;
}

/**
 * Done requests are kept while a rollback could still remove their block (the indexer's reorg
 * window below its cursor); older ones go.
 */
export async function pruneMetadataRefresh(db: AppDb, chainId: number, reorgWindow: number) {
  await db.execute(sql`
    delete from metadata_refresh r using indexer_cursor c
    where r.chain_id = ${chainId} and c.chain_id = ${chainId} and r.done_at is not null
      and r.block_number < c.block_number - ${reorgWindow}`);
}

/** Waits `ms`, or less when `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal.aborted) done();
    else signal.addEventListener('abort', done);
  });

/**
 * The worker beside the indexer (same writer lock): looks for due requests every `pollMs`
 * (capped at half a second, so a refresh lands within two blocks of its event), apart from the
 * background fetcher, whose slow first fetches must not hold a refresh back.
 */
export async function metadataRefreshLoop(deps: {
  db: AppDb;
  chain: PublicClient;
  chainId: number;
  opts: MetadataOptions;
  pollMs: number;
  reorgWindow: number;
  log: IndexerLogger;
  signal: AbortSignal;
}): Promise<void> {
  const { db, chain, chainId, signal, log } = deps;
  while (!signal.aborted) {
    let handled = 0;
    try {
      handled = await refreshRequestedMetadata(db, chain, chainId, { ...deps.opts, signal });
      if (handled > 0) {
        log.debug({ requests: handled }, 'metadata refreshed on chain events');
        await pruneMetadataRefresh(db, chainId, deps.reorgWindow);
      }
    } catch (err) {
      log.error({ err: (err as Error).message }, 'metadata refresh failed');
    }
    if (handled === 0) await sleep(Math.min(deps.pollMs, 500), signal);
  }
}
