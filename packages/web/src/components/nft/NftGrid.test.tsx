import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAYOUT } from '@aiamarket/shared';
import { NftGrid, type GridChoice } from './NftGrid';

/** The column count of the widest breakpoint class (what a wide screen shows). */
function wideColumns(className: string): number {
  const m = /(?:^| )xl:grid-cols-(\d+)(?: |$)/.exec(className);
  expect(m, `no xl:grid-cols-* in "${className}"`).not.toBeNull();
  expect(className).not.toMatch(/2xl:grid-cols-/);
  return Number(m![1]);
}

describe('NftGrid columns (spec: 6, 8 or 10 depending on the layout)', () => {
  const cases: [GridChoice, boolean, number][] = [
    [1, true, 6],
    [1, false, 8],
    [2, true, 8],
    [2, false, 10],
  ];
  it.each(cases)('grid %i with the filter panel %s: %i columns', (grid, panel, columns) => {
    render(
      <NftGrid grid={grid} filterPanel={panel}>
        <li>card</li>
      </NftGrid>,
    );
    const list = screen.getByTestId('nft-grid');
    expect(wideColumns(list.className)).toBe(columns);
    // A phone (no breakpoint prefix) shows two columns in every layout, as the market does.
    expect(list.className.split(' ').filter((c) => c.startsWith('grid-cols-'))).toEqual([
      'grid-cols-2',
    ]);
    expect(list.dataset.columns).toBe(String(columns));
    expect(LAYOUT.marketGridColumns).toContain(columns);
  });
});
