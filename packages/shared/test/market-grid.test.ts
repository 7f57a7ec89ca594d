import { describe, expect, it } from 'vitest';
import { LAYOUT, marketGridColumnCount } from '../src/index.js';

describe('marketGridColumnCount', () => {
  it('gives 6, 8 or 10 columns (spec document 1, marketplace filter)', () => {
    expect(LAYOUT.marketGridColumns).toEqual([6, 8, 10]);
    expect(marketGridColumnCount(1, true)).toBe(6);
    expect(marketGridColumnCount(1, false)).toBe(8);
    expect(marketGridColumnCount(2, true)).toBe(8);
    expect(marketGridColumnCount(2, false)).toBe(10);
  });
});
