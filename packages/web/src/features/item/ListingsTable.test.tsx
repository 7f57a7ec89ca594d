import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/Providers';
import { mockApi } from '../../test/api';
import { CONTRACT, OWNER, order } from '../../test/market-fixtures';
import { saveSession } from '../../lib/session';
import { ListingsTable } from './ListingsTable';

const BUYER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 20 });

describe('ERC1155 listings table', () => {
  it('gives each row its buttons, and a dialog outlives the row it was opened from', async () => {
    saveSession({ token: 'tok', address: BUYER, wallet: 'io.metamask', walletName: 'MetaMask' });
    let listings = [
      order(1, { leftAmount: '3', contractType: 'ERC1155' }),
      order(2, { leftAmount: '1', contractType: 'ERC1155', ownerAddr: BUYER }),
    ];
    mockApi({ 'POST /v1/api/nftOrder/getOrderList': () => page(listings) });
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ListingsTable itemKey={{ tokenId: '1', contractAddr: CONTRACT }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
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
});
