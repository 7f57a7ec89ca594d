// The range reader's slices (slices.ts): every item once, in order, and the event loop runs
// between two slices (the write of the range before goes on meanwhile).
import { describe, expect, it } from 'vitest';
import { forEachSlice } from '../../src/indexer/sync/slices.js';

describe('forEachSlice', () => {
  it('gives every item once, in order, in slices the event loop runs between', async () => {
    const items = Array.from({ length: 1_234 }, (_, i) => i);
    const log: string[] = [];
    const seen: number[] = [];
    // Callbacks queued before the loop: each must run before the next slice.
    let ticks = 0;
    const tick = () => {
      log.push(`tick ${++ticks}`);
      if (ticks < 5) setImmediate(tick);
    };
    setImmediate(tick);
    await forEachSlice(items, (slice) => {
      log.push(`slice ${slice[0]}-${slice[slice.length - 1]}`);
      seen.push(...slice);
    });
    expect(seen).toEqual(items);
    expect(log).toEqual(['slice 0-499', 'tick 1', 'slice 500-999', 'tick 2', 'slice 1000-1233']);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await forEachSlice([], () => calls++);
    expect(calls).toBe(0);
  });
});
