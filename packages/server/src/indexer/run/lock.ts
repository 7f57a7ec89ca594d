import pg from 'pg';

/** The session-level advisory lock key of the single chain writer. */
export const INDEXER_LOCK_KEY = 7_131_900_005;

export { ORDER_ITEMS_LOCK_KEY } from '../../db/order-items-lock.js';

export interface WriterLock {
  /** Resolves (never rejects) when the lock's connection is lost: stop writing then. */
  lost: Promise<void>;
  release(): Promise<void>;
}

/**
 * Waits for the indexer's advisory lock on its own PostgreSQL connection (a session lock is
 * held as long as that connection lives). Without a URL (PGlite) the process is alone.
 */
export async function acquireWriterLock(
  url: string | undefined,
  opts: { signal?: AbortSignal; retryMs?: number; onWait?: () => void } = {},
): Promise<WriterLock | null> {
  if (!url) return { lost: new Promise<void>(() => {}), release: async () => {} };
  const client = new pg.Client({ connectionString: url });
  let onLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => (onLost = resolve));
  client.on('error', () => onLost());
  client.on('end', () => onLost());
  await client.connect();
  let waited = false;
  for (;;) {
    const res = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      INDEXER_LOCK_KEY,
    ]);
    if (res.rows[0]?.ok) break;
    if (!waited) opts.onWait?.();
    waited = true;
    if (opts.signal?.aborted) {
      await client.end().catch(() => undefined);
      return null;
    }
    await new Promise((r) => setTimeout(r, opts.retryMs ?? 2_000));
  }
  return {
    lost,
    release: async () => {
      await client
        .query('select pg_advisory_unlock($1)', [INDEXER_LOCK_KEY])
        .catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
