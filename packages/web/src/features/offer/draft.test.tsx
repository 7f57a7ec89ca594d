import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFER_KIND } from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import { mockApi } from '../../test/api';
import { collectionVO } from '../../test/browseFixtures';
import { CONTRACT, detail } from '../../test/market-fixtures';
import { aiaOfferCoin } from '../../test/offer-fixtures';
import { signInTestWallet } from '../../test/trade-wallet';
import { CollectionOfferActions } from './CollectionOfferActions';
import { offerDraftKey } from './draft';
import { ItemOfferActions } from './ItemOffers';
import type { OfferCoin } from './MakeOfferModal';

const VISITOR = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const WRAPPED = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0';
const USD = '0x00000000000000000000000000000000000000c2';
const KEY = offerDraftKey({ kind: OFFER_KIND.item, contractAddr: CONTRACT, tokenId: '7' });

const coins: OfferCoin[] = [
  aiaOfferCoin(WRAPPED),
  { address: USD, symbol: 'USDT', decimals: 6, payWith: USD, wrapped: false },
];

/** A fresh page load of the item's offer line (what the reload after a sign-in gives). */
function loadPage() {
  mockApi({ 'POST /v1/api/asset/userInfo': { amount: '0', amountTotal: '1', userAddr: VISITOR } });
  const client = createQueryClient();
  client.setQueryData(['offer-coins'], coins);
  client.setQueryData(['offer-funds', USD, VISITOR], {
    balance: 10n ** 9n,
    allowance: 0n,
    native: 0n,
  });
  return render(
    <QueryClientProvider client={client}>
      <ItemOfferActions detail={detail({ tokenId: '7' })} />
    </QueryClientProvider>,
  );
}

/** The visitor opens Make offer and fills it: 0.5 USDT, 30 days. */
async function fillAsVisitor() {
  fireEvent.click(await screen.findByTestId('action-make-offer'));
  const dialog = await screen.findByTestId('make-offer-modal');
  fireEvent.change(within(dialog).getByTestId('offer-coin'), { target: { value: '1' } });
  fireEvent.change(within(dialog).getByTestId('price-input'), { target: { value: '0.5' } });
  fireEvent.change(within(dialog).getByTestId('offer-expiry'), { target: { value: '30' } });
  return dialog;
}

afterEach(() => sessionStorage.clear());

describe("a visitor's Make offer form through sign-in", () => {
  it('reopens after the sign-in reload with the price, coin and expiry, once', async () => {
    const first = loadPage();
    await fillAsVisitor();
    await waitFor(() => expect(sessionStorage.getItem(KEY)).not.toBeNull());

    // The sign-in saves the session, then reloads the page.
    signInTestWallet(VISITOR);
    first.unmount();
    const second = loadPage();

    const dialog = await screen.findByTestId('make-offer-modal');
    expect((within(dialog).getByTestId('price-input') as HTMLInputElement).value).toBe('0.5');
    expect((within(dialog).getByTestId('offer-coin') as HTMLSelectElement).value).toBe('1');
    expect((within(dialog).getByTestId('offer-expiry') as HTMLSelectElement).value).toBe('30');
    expect(within(dialog).getByTestId('offer-total').textContent).toBe('0.5 USDT');
    expect((within(dialog).getByTestId('make-offer-submit') as HTMLButtonElement).disabled).toBe(
      false,
    );
    // One-shot: given back, then forgotten; the next load shows the page as usual.
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toBeNull());
    second.unmount();
    loadPage();
    await screen.findByTestId('action-make-offer');
    expect(screen.queryByTestId('make-offer-modal')).toBeNull();
  });

  it('forgets the form the visitor cancels', async () => {
    loadPage();
    const dialog = await fillAsVisitor();
    await waitFor(() => expect(sessionStorage.getItem(KEY)).not.toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('make-offer-modal')).toBeNull());
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('keeps a collection offer with its units, and gives it back on the collection page', async () => {
    const client = createQueryClient();
    client.setQueryData(['offer-coins'], coins);
    mockApi({});
    const page = () =>
      render(
        <QueryClientProvider client={client}>
          <CollectionOfferActions
            collection={{ ...collectionVO({ totalTokens: 50 }), bestCollectionOffer: null }}
          />
        </QueryClientProvider>,
      );
    const first = page();
    fireEvent.click(screen.getByTestId('action-collection-offer'));
    const dialog = await screen.findByTestId('make-offer-modal');
    fireEvent.change(within(dialog).getByTestId('price-input'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByTestId('offer-units'), { target: { value: '12' } });
    const key = offerDraftKey({ kind: OFFER_KIND.collection, contractAddr: CONTRACT });
    await waitFor(() => expect(sessionStorage.getItem(key)).toContain('"units":"12"'));

    signInTestWallet(VISITOR);
    first.unmount();
    page();
    const again = await screen.findByTestId('make-offer-modal');
    expect((within(again).getByTestId('offer-units') as HTMLInputElement).value).toBe('12');
    expect((within(again).getByTestId('price-input') as HTMLInputElement).value).toBe('2');
    await waitFor(() => expect(sessionStorage.getItem(key)).toBeNull());
  });
});
