import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/Providers';
import { ApiAnswer, mockApi, type SeenCall } from '../../test/api';
import { AttributeFilter, type AttributeNames, type AttributeSelection } from './AttributeFilter';

const CONTRACT = '0x' + '1'.repeat(40);
const VALUES: Record<string, { id: number; name: string; num: number }[]> = {
  '4': [
    { id: 41, name: 'Blue', num: 3 },
    { id: 42, name: 'Green', num: 7 },
  ],
  '5': [{ id: 51, name: 'Gold', num: 1 }],
};

function attributeApi() {
  return mockApi({
    'GET /v1/api/nftAttrCategory/getParentPage': [
      { id: 4, name: 'Eyes', num: 10 },
      { id: 5, name: 'Hat', num: 1200 },
    ],
    'GET /v1/api/nftAttrCategory/getValPage': (call: SeenCall) => {
      const records = VALUES[call.query.get('id') ?? ''] ?? [];
      return { records, total: records.length };
    },
  });
}

/** The filter with its selection held like a page holds it; every change is recorded. */
function Harness({ changes }: { changes: [AttributeSelection, AttributeNames][] }) {
  const [selection, setSelection] = useState<AttributeSelection>({ parentId: null, values: [] });
  return (
    <AttributeFilter
      contractAddr={CONTRACT}
      selection={selection}
      onChange={(next, names) => {
        changes.push([next, names]);
        setSelection(next);
      }}
    />
  );
}

function renderFilter() {
  const changes: [AttributeSelection, AttributeNames][] = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness changes={changes} />
    </QueryClientProvider>,
  );
  return changes;
}

describe('AttributeFilter', () => {
  it('opens a category, chooses values with their names, and clears them', async () => {
    const seen = attributeApi();
    const changes = renderFilter();
    const eyes = await screen.findByRole('button', { name: /Eyes/ });
    expect(seen[0]!.query.get('contract')).toBe(CONTRACT);
    // Category counts use the locale's K/M/B.
    expect(screen.getByRole('button', { name: /Hat/ }).textContent).toContain('1.2K');
    expect(eyes.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(eyes);
    expect(eyes.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(eyes.getAttribute('aria-controls')!)!;
    const blue = await within(panel).findByRole('checkbox', { name: /Blue/ });
    expect(seen.find((c) => c.path.endsWith('getValPage'))!.query.get('id')).toBe('4');

    fireEvent.click(blue);
    expect(changes.at(-1)).toEqual([{ parentId: 4, values: [41] }, { 41: 'Eyes: Blue' }]);
    await waitFor(() => expect((blue as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Green/ }));
    expect(changes.at(-1)).toEqual([
      { parentId: 4, values: [41, 42] },
      { 41: 'Eyes: Blue', 42: 'Eyes: Green' },
    ]);

    // Unticking every value clears the selection (no category left).
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Blue/ }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Green/ }));
    expect(changes.at(-1)).toEqual([{ parentId: null, values: [] }, {}]);
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .every((b) => !(b as HTMLInputElement).checked),
    ).toBe(true);
  });

  it('starts a new selection when a value of another category is chosen', async () => {
    attributeApi();
    const changes = renderFilter();
    fireEvent.click(await screen.findByRole('button', { name: /Eyes/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Blue/ }));
    fireEvent.click(screen.getByRole('button', { name: /Hat/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Gold/ }));
    expect(changes.at(-1)).toEqual([{ parentId: 5, values: [51] }, { 51: 'Hat: Gold' }]);
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: /Blue/ }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });

  it('says so when the collection has no attributes, and offers a retry on failure', async () => {
    let fail = true;
    mockApi({
      'GET /v1/api/nftAttrCategory/getParentPage': () => {
        if (fail) throw new ApiAnswer(500, 'Server request exception', 500);
        return [];
      },
    });
    renderFilter();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('This collection has no attributes')).toBeTruthy();
  });
});
