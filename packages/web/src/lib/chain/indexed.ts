import { apiRequest } from '../api';

/** How often and how long the UI waits for the indexer after a transaction. */
export const INDEXER_WAIT = { intervalMs: 1_000, timeoutMs: 60_000 } as const;

interface Health {
  indexer: { block: number | null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the indexer has processed `blockNumber` (GET /health answers its block), so that
 * the API already shows what the transaction did. True when reached, false after the time-out
 * (the caller refreshes anyway).
 */
export async function waitForIndexer(
  blockNumber: bigint,
  { intervalMs, timeoutMs }: { intervalMs: number; timeoutMs: number } = INDEXER_WAIT,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await apiRequest<Health>('/health').catch(() => null);
    const block = health?.indexer.block;
    if (block !== null && block !== undefined && BigInt(block) >= blockNumber) return true;
    if (Date.now() + intervalMs > deadline) return false;
    await sleep(intervalMs);
  }
}
