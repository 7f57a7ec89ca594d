import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sweepUnits } from '../src/listings.js';

describe('sweepUnits', () => {
  it('takes the cheapest units, part of the last listing', () => {
    // Listings of 3, 4 and 2 units: the 3 cheapest are the first listing alone.
    expect(sweepUnits([3n, 4n, 2n], 3n)).toEqual([3n, 0n, 0n]);
    expect(sweepUnits([3n, 4n, 2n], 5n)).toEqual([3n, 2n, 0n]);
    expect(sweepUnits([3n, 4n, 2n], 9n)).toEqual([3n, 4n, 2n]);
    expect(sweepUnits([3n, 4n, 2n], 20n)).toEqual([3n, 4n, 2n]);
    expect(sweepUnits([1n, 1n, 1n], 2n)).toEqual([1n, 1n, 0n]);
  });

  it('never takes more than a listing has, nor more than asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 50n }), { maxLength: 30 }),
        fc.bigInt({ min: 1n, max: 200n }),
        (left, count) => {
          const took = sweepUnits(left, count);
          const sum = took.reduce((a, b) => a + b, 0n);
          const all = left.reduce((a, b) => a + b, 0n);
          expect(sum).toBe(all < count ? all : count);
          took.forEach((t, i) => expect(t >= 0n && t <= left[i]!).toBe(true));
          // Whole listings first: only the last one taken may be partial.
          const lastTaken = took.findLastIndex((t) => t > 0n);
          took.slice(0, lastTaken).forEach((t, i) => expect(t).toBe(left[i]));
        },
      ),
      { seed: 1155, numRuns: 200 },
    );
  });
});
