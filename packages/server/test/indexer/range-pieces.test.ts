import { describe, expect, it } from 'vitest';
import { pieceEnds } from '../../src/indexer/sync/pieces.js';

const at = (...blocks: number[]) => blocks.map((blockNumber) => ({ blockNumber }));

describe('pieceEnds (a dense read written in pieces)', () => {
  it('keeps a read up to half again the target whole', () => {
    expect(pieceEnds(at(1, 2, 3, 4, 5, 6), 9, 4)).toEqual([9]);
    expect(pieceEnds([], 9, 4)).toEqual([9]);
  });

  it('cuts between blocks once a piece holds the target, the range end last', () => {
    // 2 logs in each of blocks 1..6: pieces of 4 logs end at blocks 2 and 4; 6 ends the range.
    expect(pieceEnds(at(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6), 10, 4)).toEqual([2, 4, 10]);
  });

  it("never splits a block's logs, however many", () => {
    // Block 2 holds 7 logs at a target of 2: one piece with block 1 before it.
    expect(pieceEnds(at(1, 2, 2, 2, 2, 2, 2, 2, 3, 4, 5, 6), 6, 2)).toEqual([2, 4, 6]);
  });

  it('leaves no piece smaller than half the target at the end', () => {
    // 9 logs at 4 a piece: 4, then 5 (not 4 + 1).
    expect(pieceEnds(at(1, 2, 3, 4, 5, 6, 7, 8, 9), 9, 4)).toEqual([4, 9]);
  });
});
