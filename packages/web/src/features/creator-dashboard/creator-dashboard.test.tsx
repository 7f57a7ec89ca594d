import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoyaltyRowVO } from '@aiamarket/shared';
import { setLanguage } from '../../i18n';
import { saveSession } from '../../lib/session';
import { mockApi } from '../../test/api';
import { renderApp } from '../../test/render';

const CREATOR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const row: RoyaltyRowVO = {
  tokenName: 'Knight 7',
  tokenImageUrl: null,
  tokenId: '7',
  contractAddr: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  price: '0.01',
  coin: 'AIA',
  amount: '1000',
  totalTrans: '10',
  royalty: '0.5',
  createDate: '2026-01-01T00:00:00.000Z',
};

describe('the creator dashboard figures', () => {
  afterEach(() => setLanguage('en', { persist: false }));

  it("are written the interface language's way: 1.000,5 and 0,01 in Turkish", async () => {
    await setLanguage('tr', { persist: false });
    saveSession({ token: 'tok', address: CREATOR, wallet: 'io.metamask', walletName: 'MetaMask' });
    mockApi({
      'GET /v1/api/collections/listAndSummary': {
        collections: [],
        totalTrans: '1000.5',
        totalTransToday: '0.01',
      },
      'GET /v1/api/nftRoyalty/summaryByCurrentUser': {
        totalTrans: '1000.5',
        totalTransToday: '0.01',
      },
      'POST /v1/api/nftRoyalty/pageByCurrentUser': {
        records: [row],
        total: 1,
        current: 1,
        size: 10,
      },
    });
    renderApp('/account/collection');
    const total = await screen.findByTestId('royalty-total', {}, { timeout: 8000 });
    await waitFor(() => expect(total.textContent).toBe('1.000,5 AIA'));
    expect(screen.getByTestId('royalty-today').textContent).toBe('0,01 AIA');
    const table = screen.getByTestId('royalty-table');
    const cells = (await within(table).findAllByRole('cell')).map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['0,01 AIA', '1.000', '10 AIA', '0,5 AIA']));
  });
});
