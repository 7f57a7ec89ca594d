// The retry queue: tokens without metadata (or due for another attempt) and bulk refreshes.
import { sql } from 'drizzle-orm';
import type { PublicClient } from 'viem';
import type { AppDb } from '../db/database.js';
import type { MetadataOptions } from './options.js';
import { batchedClient } from '../chain/http-variants.js';
import { refreshTokenMetadata, refreshTokensMetadata } from './store.js';

/**
 * Tokens the indexer has seen without metadata (or whose retry time has come), at most
 * `limit`, for the background fetcher.
 */
export async function tokensToFetch(db: AppDb, chainId: number, limit: number) {
  const rows = await db.execute(sql`
    select t.contract_addr, t.token_id::text as token_id, c.contract_type
    from (select distinct contract_addr, token_id from nft_transfers where chain_id = ${chainId}) t
    join collections c on c.chain_id = ${chainId} and c.address = t.contract_addr
    left join token_metadata m
      on m.chain_id = ${chainId} and m.contract_addr = t.contract_addr and m.token_id = t.token_id
    where m.token_id is null or (m.status = 'error' and m.next_attempt_at <= now())
    limit ${limit}`);
  return (
    rows as unknown as {
      rows: { contract_addr: string; token_id: string; contract_type: string }[];
    }
  ).rows.map((r) => ({
    contractAddr: r.contract_addr,
    tokenId: r.token_id,
    contractType: r.contract_type,
  }));
}

/**
 * Fetches metadata for up to `limit` tokens, `concurrency` at a time, and stores them in one
 * transaction; returns how many were tried.
 */
export async function fetchPendingMetadata(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  opts: MetadataOptions,
  limit = 500,
  concurrency = 16,
): Promise<number> {
  const queue = await tokensToFetch(db, chainId, limit);
  if (queue.length === 0) return 0;
  await refreshTokensMetadata(db, batchedClient(chain), chainId, queue, opts, concurrency);
  return queue.length;
}

/** Refreshes every token of a registered collection the indexer has seen; counts the results. */
export async function refreshCollectionMetadata(
  db: AppDb,
  chain: PublicClient,
  chainId: number,
  contractAddr: string,
  opts: MetadataOptions,
  concurrency = 4,
): Promise<{ ok: number; error: number }> {
  const contract = contractAddr.toLowerCase();
  const rows = await db.execute(sql`
    select distinct t.token_id::text as token_id, c.contract_type
    from nft_transfers t join collections c on c.chain_id = t.chain_id and c.address = t.contract_addr
    where t.chain_id = ${chainId} and t.contract_addr = ${contract}
    order by 1`);
  const queue = (rows as unknown as { rows: { token_id: string; contract_type: string }[] }).rows;
  const counts = { ok: 0, error: 0 };
  const worker = async () => {
    for (let t = queue.shift(); t && !opts.signal?.aborted; t = queue.shift()) {
      const status = await refreshTokenMetadata(
        db,
        chain,
        chainId,
        { contractAddr: contract, contractType: t.contract_type, tokenId: t.token_id },
        opts,
      );
      counts[status]++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counts;
}
