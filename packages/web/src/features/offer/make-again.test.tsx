import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OFFER_STATUS, type OfferVO } from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import { mockApi } from '../../test/api';
import { OWNER } from '../../test/market-fixtures';
import {
  WRAPPED_AIA as WRAPPED,
  aiaOfferCoin,
  offerVO as anOffer,
} from '../../test/offer-fixtures';
import { signInTestWallet } from '../../test/trade-wallet';
import type { OfferCoin } from './MakeOfferModal';
import { OffersTable } from './OffersTable';

// An offer signed for an Offers contract a deploy replaced: its offerer sees it ended, with no
// Cancel, and "Make again" opens the one Make offer dialog with its coin, price and units.
const USDT = '0x00000000000000000000000000000000000000dd';
const E18 = 10n ** 18n;

/** An ERC1155 offer of OWNER in USDT, 3 of 5 left, for an Offers contract a deploy replaced. */
const offerVO = (i: number, over: Partial<OfferVO>) =>
  anOffer(i, {
    offersAddr: '0x00000000000000000000000000000000000000a2',
    offerer: OWNER,
    erc1155: true,
    units: '5',
    filled: '2',
    remaining: '3',
    coin: 'USDT',
    moneyAddr: USDT,
    coinDecimals: 6,
    price: '2.5',
    priceWei: '2500000',
    priceRef: '2.5',
    name: 'Gem 7',
    ...over,
  });

const coins: OfferCoin[] = [
  aiaOfferCoin(WRAPPED),
  { address: USDT, symbol: 'USDT', decimals: 6, payWith: USDT, wrapped: false },
];

describe('an offer of a replaced Offers contract', () => {
  it('is shown ended to its offerer, who makes it again in the offer dialog, prefilled', async () => {
    signInTestWallet(OWNER);
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
