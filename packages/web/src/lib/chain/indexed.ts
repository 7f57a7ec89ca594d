import { apiRequest } from '../api';
import { liveStream, waitForBlock } from '../live';

/**
 * How long the UI waits for the indexer after a transaction. The live stream says when the
 * indexer got there; GET /health is asked at the start (the events may have come before the
 * wait began), every `intervalMs` while the stream is down and every `fallbackMs` while it is
 * open (a transaction that changed nothing the tab listens to brings no event).
 */
export const INDEXER_WAIT = { intervalMs: 1_000, fallbackMs: 3_000, timeoutMs: 60_000 } as const;

interface Health {
  indexer: { block: number | null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthReached(blockNumber: bigint): Promise<boolean> {
  const health = await apiRequest<Health>('/health').catch(() => null);
  const block = health?.indexer.block;
  return block !== null && block !== undefined && BigInt(block) >= blockNumber;
}

/**
 * Waits until the indexer has processed `blockNumber`, so that the API already shows what the
 * transaction did. True when reached, false after the time-out (the caller refreshes anyway).
 */
export async function waitForIndexer(
  blockNumber: bigint,
  options: { intervalMs: number; fallbackMs?: number; timeoutMs: number } = INDEXER_WAIT,
): Promise<boolean> {
  const { intervalMs, timeoutMs } = options;
  const fallbackMs = options.fallbackMs ?? intervalMs;
  const deadline = Date.now() + timeoutMs;
  const stream = liveStream();
  for (;;) {
    if (await healthReached(blockNumber)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const open = stream !== null && stream.status === 'open';
    const wait = Math.min(open ? fallbackMs : intervalMs, left);
    if (stream) {
      if (await waitForBlock(stream, blockNumber, wait)) return true;
    } else {
      await sleep(wait);
    }
  }
}
