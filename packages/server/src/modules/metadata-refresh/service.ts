import { and, gte, isNull, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.js';
import { indexedBlock } from '../../db/database.js';
import { metadataRefresh } from '../../db/schema-metadata-refresh.js';
import { storedMetadata } from '../../metadata/index.js';
import { ofContract } from '../../db/keys.js';

/**
 * Metadata fetched successfully this recently is what a refresh would give: the answer is `done` with it,
 * and the token's metadata server is not asked again (a button clicked twice, many viewers).
 */
export const FRESH_MS = 10_000;

export type RefreshState = 'queued' | 'done';

/**
 * Asks the refresh worker (src/metadata/refresh-queue.ts) to fetch the token's metadata again,
 * unless it was fetched a moment ago or a request for it is already due; never waits for the
 * fetch itself, however slow the token's metadata server is.
 */
export async function requestTokenRefresh(
  db: AppDb,
  chainId: number,
  contractAddr: string,
  tokenId: string,
  now = new Date(),
): Promise<{ state: RefreshState; row: Awaited<ReturnType<typeof storedMetadata>> }> {
  const row = await storedMetadata(db, chainId, contractAddr, tokenId);
  const due = await db
    .select({ id: metadataRefresh.id })
    .from(metadataRefresh)
    .where(
      and(
        ofContract(metadataRefresh, chainId, contractAddr),
        isNull(metadataRefresh.doneAt),
        lte(metadataRefresh.fromId, tokenId),
        gte(metadataRefresh.toId, tokenId),
        lte(metadataRefresh.dueAt, sql`now()`),
      ),
    )
    .limit(1);
  if (due.length > 0) return { state: 'queued', row };
  // A failed fetch is tried again on demand: the user may know the server is back.
  if (row?.status === 'ok' && now.getTime() - row.fetchedAt.getTime() < FRESH_MS) {
    return { state: 'done', row };
  }
  // The block is the indexer's position: a rollback below it asks again (canonical metadata),
  // and the done request is pruned once it leaves the reorg window like the chain's own.
  const block = (await indexedBlock(db, chainId)) ?? 0;
  await db.insert(metadataRefresh).values({
    chainId,
    contractAddr,
    fromId: tokenId,
    toId: tokenId,
    blockNumber: block,
  });
  return { state: 'queued', row };
}
