import { describe, expect, it } from 'vitest';
import { PageBoundaries } from './page-boundaries.js';

const at = (sortKey: string) => ({ sortKey, orderId: sortKey });

describe('PageBoundaries', () => {
  it('starts a page from the deepest boundary at or before it, per filter', () => {
    const b = new PageBoundaries();
    expect(b.startOf('f', 60)).toBeNull();
    b.remember('f', 30, at('a'));
    b.remember('f', 90, at('c'));
    b.remember('f', 60, at('b'));
    expect(b.startOf('f', 60)).toEqual({ before: 60, ...at('b') });
    expect(b.startOf('f', 75)).toEqual({ before: 60, ...at('b') });
    expect(b.startOf('f', 29)).toBeNull();
    expect(b.startOf('other', 60)).toBeNull();
  });

  it('forgets a filter after its time to live', () => {
    let now = 0;
    const b = new PageBoundaries(1_000, 10, 10, () => now);
    b.remember('f', 30, at('a'));
    now = 999;
    expect(b.startOf('f', 30)).not.toBeNull();
    now = 1_000;
    expect(b.startOf('f', 30)).toBeNull();
  });

  it('keeps at most its number of filters and of boundaries per filter, oldest dropped', () => {
    const b = new PageBoundaries(60_000, 2, 2);
    b.remember('f1', 30, at('a'));
    b.remember('f2', 30, at('a'));
    b.remember('f3', 30, at('a'));
    expect(b.startOf('f1', 30)).toBeNull();
    expect(b.startOf('f3', 30)).not.toBeNull();
    b.remember('f3', 60, at('b'));
    b.remember('f3', 90, at('c'));
    expect(b.startOf('f3', 30)).toBeNull();
    expect(b.startOf('f3', 90)).toEqual({ before: 90, ...at('c') });
  });
});
