import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  OFFER_KIND,
  OFFER_STATUS,
  type AccountOffersRequest,
  type BestOfferVO,
} from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import { mockApi, type SeenCall } from '../../test/api';
import { collectionVO } from '../../test/browseFixtures';
import { CONTRACT, OWNER, detail } from '../../test/market-fixtures';
import {
  OFFERER as OTHER,
  WRAPPED_AIA as WRAPPED,
  aiaOfferCoin,
  offerVO,
} from '../../test/offer-fixtures';
import { renderApp } from '../../test/render';
import { signInTestWallet } from '../../test/trade-wallet';
import { AcceptOfferModal } from './AcceptOfferModal';
import { MakeOfferModal, type OfferCoin } from './MakeOfferModal';

/** The first render of a lazy page compiles its chunk: allow for it. */
const slow = { timeout: 8000 };
const E18 = 10n ** 18n;
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 20 });
const noop = () => undefined;

const best: BestOfferVO = {
  orderHash: offerVO(1).orderHash,
  price: '1.5',
  priceRef: '1.5',
  coin: 'WAIA',
  moneyAddr: WRAPPED,
  kind: OFFER_KIND.item,
};

const signIn = signInTestWallet;

describe('the item page offers', () => {
  function itemApi(held: string) {
    return mockApi({
      'GET /v1/api/nftMeta/getDetail': { ...detail({ belongToList: [OWNER] }), bestOffer: best },
      'GET /v1/api/collect/detail': { collect: false, collectNum: 0 },
      'POST /v1/api/transaction/page': page([]),
      'POST /v1/api/asset/userInfo': { amount: held, amountTotal: '1', userAddr: OWNER },
      'POST /v1/api/offer/itemList': page([
        offerVO(1),
        offerVO(2, { offerer: OWNER, price: '0.5', priceWei: String(E18 / 2n) }),
      ]),
    });
  }

  it('shows the best offer, the Offers tab best first, Accept for the holder and Cancel for the offerer', async () => {
    signIn(OWNER);
    const api = itemApi('1');
    renderApp(`/asset?tokenId=7&contractAddr=${CONTRACT}`);
    const bestLine = await screen.findByTestId('item-best-offer', {}, slow);
    expect(bestLine.textContent).toBe('Best offer 1.5 WAIA');
    // The only holder of an ERC721 cannot be sold it: no Make offer for them.
    await waitFor(() => expect(screen.queryByTestId('action-make-offer')).toBeNull());

    fireEvent.click(screen.getByRole('tab', { name: 'Offers' }));
    const table = await screen.findByTestId('item-offers');
    const rows = await within(table).findAllByTestId('offer-row');
    expect(rows.map((r) => r.textContent?.slice(0, 8))).toEqual(['1.5 WAIA', '0.5 WAIA']);
    expect(within(rows[0]!).getByTestId('offer-accept').textContent).toBe('Accept');
    expect(within(rows[1]!).getByTestId('offer-cancel').textContent).toBe('Cancel');
    const call = api.find((c) => c.path === '/v1/api/offer/itemList')!;
    expect(call.body).toEqual({ contractAddr: CONTRACT, tokenId: '7', page: 1, size: 20 });

    fireEvent.click(within(rows[1]!).getByTestId('offer-cancel'));
    const dialog = await screen.findByTestId('cancel-offer-modal');
    expect(within(dialog).getByTestId('cancel-offer-submit').textContent).toBe('Cancel offer');
  });

  it('offers Make offer to a viewer who does not hold the item, and no Accept', async () => {
    signIn(OTHER);
    itemApi('0');
    renderApp(`/asset?tokenId=7&contractAddr=${CONTRACT}`);
    expect((await screen.findByTestId('action-make-offer', {}, slow)).textContent).toBe(
      'Make offer',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Offers' }));
    const table = await screen.findByTestId('item-offers');
    await waitFor(() => expect(within(table).getAllByTestId('offer-row')).toHaveLength(2));
    expect(within(table).queryByTestId('offer-accept')).toBeNull();
  });
});

describe('the Accept dialog', () => {
  it('shows what the seller receives after the fee and the royalty, to the base unit', async () => {
    signIn(OWNER);
    mockApi({});
    const offer = offerVO(1, {
      erc1155: true,
      units: '5',
      remaining: '4',
      priceWei: '1000000000000000001',
      price: '1.000000000000000001',
    });
    const client = createQueryClient();
    const key = { contractAddr: CONTRACT, tokenId: '7' };
    client.setQueryData(['offer-held', key, OWNER], 10n);
    client.setQueryData(['offer-fee-fraction'], { numerator: 250n, denominator: 10_000n });
    // 3 units: gross 3.000000000000000003; royalty as the market would answer (5 %, rounded down).
    const gross = 3_000_000_000_000_000_003n;
    client.setQueryData(['offer-royalty', CONTRACT, '7', gross.toString()], gross / 20n);
    render(
      <QueryClientProvider client={client}>
        <AcceptOfferModal offer={offer} tokenId="7" onClose={noop} />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('Quantity (up to 4)')).toBe(screen.getByTestId('accept-units'));
    fireEvent.change(screen.getByTestId('accept-units'), { target: { value: '3' } });
    await waitFor(() =>
      expect(screen.getByTestId('accept-net').textContent).toBe('2.775000000000000003 WAIA'),
    );
    expect(screen.getByTestId('accept-gross').textContent).toBe('3.000000000000000003 WAIA');
    expect(screen.getByTestId('accept-fee').textContent).toBe('− 0.075 WAIA');
    expect(screen.getByTestId('accept-royalty').textContent).toBe('− 0.15 WAIA');
    expect(screen.getByTestId<HTMLButtonElement>('accept-offer-submit').disabled).toBe(false);

    // More than is left (4) is refused before the wallet opens.
    fireEvent.change(screen.getByTestId('accept-units'), { target: { value: '5' } });
    expect(screen.getByTestId<HTMLButtonElement>('accept-offer-submit').disabled).toBe(true);
  });
});

describe('the Make offer dialog', () => {
  const aia: OfferCoin = aiaOfferCoin(WRAPPED);

  function renderMake(funds: { balance: bigint; allowance: bigint; native: bigint }) {
    signIn(OWNER);
    mockApi({});
    const client = createQueryClient();
    client.setQueryData(['offer-coins'], [aia]);
    client.setQueryData(['offer-funds', WRAPPED, OWNER], funds);
    return render(
      <QueryClientProvider client={client}>
        <MakeOfferModal
          target={{ kind: OFFER_KIND.item, contractAddr: CONTRACT, erc1155: true, tokenId: '7' }}
          unitsCap={10n}
          onClose={noop}
        />
      </QueryClientProvider>,
    );
  }

  it('totals price x quantity, says how much AIA is wrapped first, and expires after 7 days unless chosen', async () => {
    renderMake({ balance: E18, allowance: 0n, native: 5n * E18 });
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '1.25' } });
    fireEvent.change(screen.getByTestId('offer-units'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('offer-total').textContent).toBe('2.5 AIA'));
    expect(screen.getByTestId('offer-wrap-note').textContent).toBe(
      'Offers in AIA are paid in wrapped AIA: 1.5 AIA is wrapped first.',
    );
    const expiry = screen.getByTestId<HTMLSelectElement>('offer-expiry');
    expect(expiry.value).toBe('7');
    expect([...expiry.options].map((o) => o.textContent)).toEqual([
      '1 day',
      '3 days',
      '7 days',
      '30 days',
      '180 days',
    ]);
    expect(screen.getByTestId<HTMLButtonElement>('make-offer-submit').disabled).toBe(false);
  });

  it('refuses an offer the wallet cannot pay, and a quantity above the cap', async () => {
    renderMake({ balance: E18, allowance: 0n, native: E18 });
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '3' } });
    expect((await screen.findByTestId('offer-short')).textContent).toBe(
      'Your balance does not cover this offer',
    );
    expect(screen.getByTestId<HTMLButtonElement>('make-offer-submit').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '0.1' } });
    fireEvent.change(screen.getByTestId('offer-units'), { target: { value: '11' } });
    expect(screen.getByRole('alert').textContent).toBe('greater than available');
    expect(screen.getByTestId<HTMLButtonElement>('make-offer-submit').disabled).toBe(true);
  });
  it('keeps AIA for the wrap and approve fees: says so before the wallet opens', async () => {
    // 2.005 AIA, none wrapped: wrapping 2 leaves 0.005, below the 0.01 reserve.
    renderMake({ balance: 0n, allowance: 0n, native: 2_005n * 10n ** 15n });
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '2' } });
    expect((await screen.findByTestId('offer-gas-reserve')).textContent).toBe(
      'Keep 0.01 AIA for the network fees of wrapping and approving: offer at most 1.995 AIA in total',
    );
    expect(screen.queryByTestId('offer-wrap-note')).toBeNull();
    expect(screen.queryByTestId('offer-short')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('make-offer-submit').disabled).toBe(true);

    // At the most it names, the reserve is kept: the wrap note and the button come back.
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '1.995' } });
    await waitFor(() => expect(screen.queryByTestId('offer-gas-reserve')).toBeNull());
    expect(screen.getByTestId('offer-wrap-note').textContent).toBe(
      'Offers in AIA are paid in wrapped AIA: 1.995 AIA is wrapped first.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('make-offer-submit').disabled).toBe(false);
  });

  it('needs no reserve when the wrapped AIA already covers the offer', async () => {
    renderMake({ balance: 2n * E18, allowance: 0n, native: 0n });
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('offer-total').textContent).toBe('2 AIA'));
    expect(screen.queryByTestId('offer-gas-reserve')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('make-offer-submit').disabled).toBe(false);
  });
});

describe('the account page offers', () => {
  it('lists the offers made with their status, filters the active ones, and has Cancel all on the own page', async () => {
    signIn(OWNER);
    const api = mockApi({
      [`GET /v1/api/user/address/${OWNER}`]: {
        id: 1,
        userAddr: OWNER,
        name: 'Alice',
        username: 'Alice',
        email: null,
        bio: null,
        imageUrl: null,
        headUrl: null,
        bannerUrl: null,
        createDate: '2026-01-01T00:00:00.000Z',
      },
      'POST /v1/api/offer/made': (call: SeenCall) =>
        (call.body as AccountOffersRequest).active
          ? page([offerVO(1, { offerer: OWNER })])
          : page([
              offerVO(1, { offerer: OWNER }),
              offerVO(2, { offerer: OWNER, status: OFFER_STATUS.unfunded }),
              offerVO(3, { offerer: OWNER, status: OFFER_STATUS.expired }),
            ]),
    });
    renderApp(`/account/0/${OWNER}?tab=offersMade`);
    const table = await screen.findByTestId('offers-made', {}, slow);
    await waitFor(() => expect(within(table).getAllByTestId('offer-row')).toHaveLength(3));
    expect(
      within(table)
        .getAllByTestId('offer-status')
        .map((s) => s.textContent),
    ).toEqual(['Active', 'Not funded', 'Expired']);
    // An expired offer needs no cancel; the open ones (unfunded too) do.
    expect(within(table).getAllByTestId('offer-cancel')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Offers received' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('offers-active-only'));
    await waitFor(() =>
      expect(within(screen.getByTestId('offers-made')).getAllByTestId('offer-row')).toHaveLength(1),
    );
    const made = api.filter((c) => c.path === '/v1/api/offer/made').map((c) => c.body);
    expect(made).toContainEqual({ address: OWNER, active: true, page: 1, size: 20 });

    fireEvent.click(screen.getByTestId('offers-cancel-all'));
    const dialog = await screen.findByTestId('cancel-all-offers-modal');
    expect(within(dialog).getByTestId('cancel-offer-body').textContent).toContain(
      'in one transaction',
    );
  });
});

describe('the collection header offers', () => {
  it('shows the best collection offer and the collection and trait offer buttons', async () => {
    mockApi({
      'GET /v1/api/collections/link': {
        ...collectionVO(),
        bestCollectionOffer: { ...best, price: '0.8', kind: OFFER_KIND.collection },
      },
      'POST /v1/api/nft/findPageByCollectionId': page([]),
      'GET /v1/api/nftAttrCategory/getParentPage': [{ id: 3, name: 'Hat', num: 4 }],
      'GET /v1/api/nftAttrCategory/getValPage': (call: SeenCall) =>
        call.query.get('page') === '1'
          ? { records: [{ id: 31, name: 'Red', num: 2 }], total: 2, current: 1, size: 20 }
          : { records: [{ id: 32, name: 'Blue', num: 1 }], total: 2, current: 2, size: 20 },
    });
    renderApp('/collection/space-pirates');
    const line = await screen.findByTestId('collection-best-offer', {}, slow);
    expect(line.textContent).toBe('Best collection offer 0.8 WAIA');
    expect(screen.getByTestId('action-collection-offer').textContent).toBe('Make collection offer');
    fireEvent.click(screen.getByTestId('action-trait-offer'));
    const picker = await screen.findByTestId('trait-picker');
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Hat'),
    );
    fireEvent.change(within(picker).getByTestId('trait-category'), { target: { value: '3' } });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Red (2)'),
    );
    // The next page of values comes on request.
    fireEvent.click(within(picker).getByTestId('trait-more'));
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Blue (1)'),
    );
    // No value chosen yet: nothing to continue with.
    expect(screen.getByTestId<HTMLButtonElement>('trait-continue').disabled).toBe(true);
  });

  it("lists the collection's offers best first in its Offers tab", async () => {
    const api = mockApi({
      'GET /v1/api/collections/link': { ...collectionVO(), bestCollectionOffer: null },
      'POST /v1/api/nft/findPageByCollectionId': page([]),
      'GET /v1/api/nftAttrCategory/getParentPage': [],
      'POST /v1/api/offer/collectionList': page([
        offerVO(1, { kind: OFFER_KIND.collection, tokenId: null, price: '0.8' }),
        offerVO(2, {
          kind: OFFER_KIND.trait,
          tokenId: null,
          price: '0.5',
          trait: { categoryId: 3, category: 'Hat', valueId: 31, value: 'Red', tokenCount: 2 },
        }),
      ]),
    });
    renderApp('/collection/space-pirates?tab=offers');
    const table = await screen.findByTestId('collection-offers-list', {}, slow);
    expect(
      (await within(table).findAllByTestId('offer-row')).map((r) => r.textContent?.slice(0, 8)),
    ).toEqual(['0.8 WAIA', '0.5 WAIA']);
    expect(table.textContent).toContain('Any item of the collection');
    expect(table.textContent).toContain('Trait Hat: Red');
    expect(screen.getByTestId('collection-best-offer').textContent).toBe('Best collection offer –');
    const call = api.find((c) => c.path === '/v1/api/offer/collectionList')!;
    expect(call.body).toEqual({ contractAddr: collectionVO().contractAddr, page: 1, size: 20 });
  });
});
