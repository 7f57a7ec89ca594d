import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OFFER_KIND, OFFER_STATUS, type OfferVO } from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import { saveSession } from '../../lib/session';
import { mockApi } from '../../test/api';
import { CONTRACT, OWNER } from '../../test/market-fixtures';
import type { OfferCoin } from './MakeOfferModal';
import { OffersTable } from './OffersTable';

// An offer signed for an Offers contract a deploy replaced: its offerer sees it ended, with no
// Cancel, and "Make again" opens the one Make offer dialog with its coin, price and units.
const WRAPPED = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
const USDT = '0x00000000000000000000000000000000000000dd';
const E18 = 10n ** 18n;

function offerVO(i: number, over: Partial<OfferVO>): OfferVO {
  const o = {
    orderHash: `0x${String(i).padStart(64, '0')}`,
    offersAddr: '0x00000000000000000000000000000000000000a2',
    offerer: OWNER,
    contractAddr: CONTRACT,
    kind: OFFER_KIND.item,
    erc1155: true,
    tokenId: '7',
    trait: null,
    units: '5',
    filled: '2',
    remaining: '3',
    coin: 'USDT',
    moneyAddr: USDT,
    coinDecimals: 6,
    price: '2.5',
    priceWei: '2500000',
    priceRef: '2.5',
    status: OFFER_STATUS.active,
    startTime: '2026-01-01T00:00:00.000Z',
    endTime: '2099-01-01T00:00:00.000Z',
    createDate: '2026-01-01T00:00:00.000Z',
    collectionName: 'Sky Knights',
    linkCollection: 'sky-knights',
    name: 'Gem 7',
    imageUrl: null,
    ...over,
  };
  return {
    ...o,
    signed: {
      offerer: o.offerer,
      collection: o.contractAddr,
      kind: o.kind,
      erc1155: o.erc1155,
      identifier: o.tokenId ?? '0',
      units: o.units,
      coin: o.moneyAddr,
      pricePerUnit: o.priceWei,
      start: '0',
      end: '4070908800',
      salt: String(i),
      counter: '0',
      signature: '0x',
    },
  };
}

const coins: OfferCoin[] = [
  {
    address: '0x0000000000000000000000000000000000000000',
    symbol: 'AIA',
    decimals: 18,
    payWith: WRAPPED,
    wrapped: true,
  },
  { address: USDT, symbol: 'USDT', decimals: 6, payWith: USDT, wrapped: false },
];

describe('an offer of a replaced Offers contract', () => {
  it('is shown ended to its offerer, who makes it again in the offer dialog, prefilled', async () => {
    saveSession({ token: 'tok', address: OWNER, wallet: 'io.metamask', walletName: 'MetaMask' });
    mockApi({});
    const client = createQueryClient();
    client.setQueryData(['offer-coins'], coins);
    client.setQueryData(['offer-funds', USDT, OWNER], {
      balance: 100n * 10n ** 6n,
      allowance: 0n,
      native: E18,
    });
    const records = [offerVO(1, { status: OFFER_STATUS.retired }), offerVO(2, {})];
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OffersTable
            queryKey={['made-test']}
            fetchPage={async () => ({ records, total: 2, current: 1, size: 20 })}
            canAccept={() => false}
            showStatus
            emptyLabel="none"
            testId="offers-made"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('offer-row')).toHaveLength(2));
    const table = screen.getByTestId('offers-made');
    expect(
      within(table)
        .getAllByTestId('offer-status')
        .map((s) => s.textContent),
    ).toEqual(['Ended: the market moved to a new contract', 'Active']);
    // Only the open one can be cancelled; only the ended one is made again.
    expect(within(table).getAllByTestId('offer-cancel')).toHaveLength(1);
    const again = within(table).getAllByTestId('offer-make-again');
    expect(again).toHaveLength(1);

    fireEvent.click(again[0]!);
    const dialog = await screen.findByTestId('make-offer-modal');
    expect(within(dialog).getByTestId<HTMLInputElement>('price-input').value).toBe('2.5');
    expect(within(dialog).getByTestId<HTMLInputElement>('offer-units').value).toBe('3');
    const coin = within(dialog).getByTestId<HTMLSelectElement>('offer-coin');
    expect(coin.options[coin.selectedIndex]!.textContent).toBe('USDT');
    await waitFor(() =>
      expect(within(dialog).getByTestId('offer-total').textContent).toBe('7.5 USDT'),
    );
    expect(within(dialog).getByTestId<HTMLButtonElement>('make-offer-submit').disabled).toBe(false);
  });
});
