import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as Chain from '../../lib/chain';
import { createQueryClient } from '../../app/Providers';
import { mockApi } from '../../test/api';
import { CONTRACT, OWNER, order } from '../../test/market-fixtures';
import { TEST_BUYER, signInTestWallet } from '../../test/trade-wallet';
import { ListingsTable } from './ListingsTable';

// The wallet side of a buy: the signed-in wallet, a mined purchase, the indexer caught up. The
// buy records its quantity so the API below can sell the units it bought.
const chain = vi.hoisted(() => ({ bought: [] as bigint[] }));
vi.mock('../../lib/chain', async (importOriginal) => {
  const { connectedChain, TEST_BUYER } = await import('../../test/trade-wallet');
  return {
    ...connectedChain(await importOriginal<typeof Chain>(), TEST_BUYER),
    buyItem: async (_wallet: unknown, input: { quantity: bigint }) => {
      chain.bought.push(input.quantity);
      return { hash: `0x${'ab'.repeat(32)}`, blockNumber: 7n };
    },
  };
});

const BUYER = TEST_BUYER;
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 20 });

/** The listings of token 1 of CONTRACT, in a fresh query client. */
function renderTable() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ListingsTable itemKey={{ tokenId: '1', contractAddr: CONTRACT }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('ERC1155 listings table', () => {
  it('gives each row its buttons, and a dialog outlives the row it was opened from', async () => {
    signInTestWallet(BUYER);
    let listings = [
      order(1, { leftAmount: '3', contractType: 'ERC1155' }),
      order(2, { leftAmount: '1', contractType: 'ERC1155', ownerAddr: BUYER }),
    ];
    mockApi({ 'POST /v1/api/nftOrder/getOrderList': () => page(listings) });
    const client = renderTable();
    const rows = await screen.findAllByTestId('item-listing-row');
    expect(rows).toHaveLength(2);
    // Someone else's listing: Buy; the viewer's own: Cancel and Update price.
    expect(within(rows[0]!).getByTestId('action-buy')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('action-cancel')).toBeNull();
    expect(within(rows[1]!).getByTestId('action-cancel')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('action-update-price')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('action-buy')).toBeNull();
    expect(rows[0]!.textContent).toContain(OWNER.slice(0, 6));

    fireEvent.click(within(rows[0]!).getByTestId('action-buy'));
    expect(await screen.findByRole('dialog')).toBeTruthy();

    // The listing sells out and the refreshed table no longer has its row, or any row.
    listings = [];
    await client.invalidateQueries();
    await screen.findByTestId('item-listings-empty');
    expect(screen.queryAllByTestId('item-listing-row')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
  });

  it.each([
    ['the only listing: the table empties', false],
    ['one of two listings: its row disappears', true],
  ])(
    'buying all units left from a row ends in "Purchase successful" (%s)',
    async (_label, withOther) => {
      signInTestWallet(BUYER);
      chain.bought = [];
      const sold = order(5, { leftAmount: '2', contractType: 'ERC1155' });
      const other = order(6, { leftAmount: '4', contractType: 'ERC1155' });
      // The API's view after the indexer: the bought units are gone from the listing.
      mockApi({
        'POST /v1/api/nftOrder/getOrderList': () => {
          const left = 2n - chain.bought.reduce((a, b) => a + b, 0n);
          const rows = left > 0n ? [{ ...sold, leftAmount: String(left) }] : [];
          return page(withOther ? [...rows, other] : rows);
        },
      });
      renderTable();
      const rows = await screen.findAllByTestId('item-listing-row');
      fireEvent.click(within(rows[0]!).getByTestId('action-buy'));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'One more' }));
      expect((within(dialog).getByTestId('buy-quantity') as HTMLInputElement).value).toBe('2');
      fireEvent.click(within(dialog).getByTestId('buy-confirm'));

      expect(await screen.findByTestId('buy-success')).toBeTruthy();
      expect(chain.bought).toEqual([2n]);
      await waitFor(() =>
        expect(screen.queryAllByTestId('item-listing-row')).toHaveLength(withOther ? 1 : 0),
      );
      expect(screen.getByTestId('buy-success').textContent).toBe('Purchase successful');
      expect(screen.queryByTestId('buy-confirm')).toBeNull();
    },
  );
});
