// Reorg detection: the newest recorded block the chain still has is where a rollback goes.
import type { AppDb } from '../../db/database.js';
import { recentBlocks, type Cursor } from './store.js';
import type { HeaderReader } from './headers.js';

/** Raised when the chain forked below every block hash the indexer kept. */
export class ReorgTooDeepError extends Error {
  constructor(cursor: number) {
    super(`chain reorganised below the ${cursor} block window the indexer keeps`);
    this.name = 'ReorgTooDeepError';
  }
}

/** Whether the block at the cursor is still the chain's block at that height. */
export async function stillCanonical(headers: HeaderReader, cursor: Cursor): Promise<boolean> {
  const onChain = await headers.one(cursor.number);
  return onChain !== null && onChain.hash === cursor.hash;
}

/** The newest kept block still on the chain; throws when none of the kept ones is. */
export async function findFork(
  db: AppDb,
  chainId: number,
  headers: HeaderReader,
  window: number,
): Promise<Cursor> {
  for (const b of await recentBlocks(db, chainId)) {
    const onChain = await headers.one(b.number);
    if (onChain?.hash === b.hash) return { number: b.number, hash: b.hash };
  }
  throw new ReorgTooDeepError(window);
}
