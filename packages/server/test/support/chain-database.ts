import { afterAll, beforeAll } from 'vitest';
import { startChain, type Chain } from '../indexer/support.js';
import { freshDatabase } from './database.js';

export type FreshDatabase = Awaited<ReturnType<typeof freshDatabase>>;

/**
 * An indexer test chain (anvil with the contracts) and a fresh database for the enclosing
 * describe block or file: started before its tests, then `onStarted` (which may also prepare
 * more); dropped and stopped after them.
 */
export function useChainAndDatabase(
  onStarted: (started: { c: Chain; fresh: FreshDatabase }) => unknown,
): void {
  let c: Chain | undefined;
  let fresh: FreshDatabase | undefined;
  beforeAll(async () => {
    c = await startChain();
    fresh = await freshDatabase();
    await onStarted({ c, fresh });
  }, 120_000);
  afterAll(async () => {
    await fresh?.drop();
    await c?.stop();
  });
}
