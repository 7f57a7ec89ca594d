// At the head the indexer looks for the next block as often as the chain's pace asks, not only
// every INDEXER_POLL_MS (src/indexer/block-pace.ts): soon after a new block, then less and less
// often, and at least twice per block interval on a chain faster than the poll.
import { describe, expect, it } from 'vitest';
import { BlockPace, MIN_LOOK_MS } from '../../src/indexer/run/block-pace.js';
import { useChainAndDatabase, type FreshDatabase } from '../support/chain-database.js';
import { newIndexer, type Chain } from './support.js';

describe('BlockPace', () => {
  it('waits INDEXER_POLL_MS before it has seen the head move', () => {
    const pace = new BlockPace();
    expect(pace.lookMs(1_000)).toBe(1_000);
    pace.observe(10, 0);
    expect(pace.lookMs(1_000)).toBe(MIN_LOOK_MS);
  });

  it('looks soon after a new block and doubles the wait with every look that finds none', () => {
    const pace = new BlockPace();
    pace.observe(10, 0);
    pace.observe(11, 3_000);
    // Blocks 3 s apart: half of that is above the poll, so the poll bounds the backoff.
    const waits = [];
    for (let i = 0; i < 8; i++) {
      waits.push(pace.lookMs(1_000));
      pace.observe(11, 3_100 + i * 100);
    }
    expect(waits).toEqual([20, 40, 80, 160, 320, 640, 1_000, 1_000]);
  });

  it('looks at least twice per block interval on a chain faster than the poll', () => {
    const pace = new BlockPace();
    for (let b = 0; b <= 5; b++) pace.observe(100 + b, b * 100);
    for (let i = 0; i < 6; i++) pace.observe(105, 510 + i);
    expect(pace.lookMs(1_000)).toBe(50);
    // Two blocks found in one look: 150 ms since the last new block, 75 ms each.
    pace.observe(107, 650);
    expect(pace.lookMs(1_000)).toBe(MIN_LOOK_MS);
    for (let i = 0; i < 6; i++) pace.observe(107, 700 + i);
    expect(pace.lookMs(1_000)).toBe(37.5);
    // Never more often than MIN_LOOK_MS, never less often than the poll.
    for (let b = 1; b <= 4; b++) pace.observe(107 + b, 700 + b);
    for (let i = 0; i < 6; i++) pace.observe(111, 800 + i);
    expect(pace.lookMs(1_000)).toBe(MIN_LOOK_MS);
    expect(pace.lookMs(10)).toBe(10);
  });
});

describe('indexer at the head: the pace of the blocks, not the poll', () => {
  let c: Chain;
  let fresh: FreshDatabase;
  useChainAndDatabase((started) => ({ c, fresh } = started));

  it('indexes blocks that come every 100 ms long before a 5 s poll', async () => {
    const indexer = newIndexer(fresh.database.db, c.publicClient, c.deployment, { pollMs: 5_000 });
    await indexer.catchUp();
    const abort = new AbortController();
    const running = indexer.run(abort.signal);
    const mined: { block: number; at: number }[] = [];
    const indexed = new Map<number, number>();
    const watch = setInterval(() => {
      const b = indexer.status.block;
      if (b !== null && !indexed.has(b)) indexed.set(b, Date.now());
    }, 5);
    try {
      for (let i = 0; i < 30; i++) {
        await c.testClient.mine({ blocks: 1 });
        mined.push({ block: Number(await c.publicClient.getBlockNumber()), at: Date.now() });
        await new Promise((r) => setTimeout(r, 100));
      }
      const last = mined.at(-1)!.block;
      const end = Date.now() + 10_000;
      while ((indexer.status.block ?? 0) < last && Date.now() < end)
        await new Promise((r) => setTimeout(r, 10));
    } finally {
      clearInterval(watch);
      abort.abort();
      await running;
    }
    // Each block from the fifth on (the pace is known by then) is indexed within 1.5 s of being
    // mined; looking only every 5 s, most would wait seconds. When a look finds two blocks, the
    // first is never recorded alone: it is indexed when the second is.
    const waits = mined.slice(4).map(({ block, at }) => {
      const seen = [...indexed].find(([b]) => b >= block);
      return seen ? seen[1] - at : Infinity;
    });
    expect(Math.max(...waits)).toBeLessThan(1_500);
  });
});
