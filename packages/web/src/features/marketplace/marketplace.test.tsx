import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderPageRequest } from '@aiamarket/shared';
import { mockApi, type SeenCall } from '../../test/api';
import { order } from '../../test/market-fixtures';
import { renderApp } from '../../test/render';
import { MARKET_EARLY_REQUEST } from './early-request';
import { filtersFromSearch, orderRequestOf, searchOfFilters } from './filters';

const PAGE = '/v1/api/nftOrder/page';

function marketApi(total = 3) {
  const all = Array.from({ length: total }, (_, i) => order(i + 1));
  return mockApi({
    [`POST ${PAGE}`]: (call: SeenCall) => {
      const body = call.body as OrderPageRequest;
      const page = body.page ?? 1;
      const size = body.size ?? 30;
      return { records: all.slice((page - 1) * size, page * size), total, current: page, size };
    },
    'POST /v1/api/nftOrder/getCollectionList': {
      records: [
        {
          id: 1,
          name: 'Sky Knights',
          headUrl: null,
          contractAddr: '0x' + '1'.repeat(40),
          linkCollection: 'sky-knights',
          priceFloor: '1.5',
        },
      ],
      total: 1,
      current: 1,
      size: 30,
    },
  });
}

const orderCalls = (seen: SeenCall[]) =>
  seen.filter((c) => c.path === PAGE).map((c) => c.body as OrderPageRequest);

describe('marketplace filters in the URL', () => {
  it('round-trips every filter and drops malformed values', () => {
    const f = filtersFromSearch(
      new URLSearchParams('q=knight&sort=priceAsc&min=1&max=2.5&c=Sky&ca=0xABC&ap=4&av=9&av=10'),
    );
    expect(f).toEqual({
      keyWord: 'knight',
      sort: 'priceAsc',
      minPrice: '1',
      maxPrice: '2.5',
      collections: [{ name: 'Sky', contractAddr: '0xabc' }],
      parentId: 4,
      values: [9, 10],
      attributeNames: {},
    });
    expect(filtersFromSearch(searchOfFilters(f))).toEqual(f);
    const bad = filtersFromSearch(new URLSearchParams('sort=cheap&min=1&max=x&ap=-1&av=a'));
    expect(bad.sort).toBe('recent');
    expect(bad.minPrice).toBe('');
    expect(bad.values).toEqual([]);
  });

  it('drops a price range whose minimum is above its maximum (the price form rule)', () => {
    const f = filtersFromSearch(new URLSearchParams('min=5&max=1'));
    expect(f.minPrice).toBe('');
    expect(f.maxPrice).toBe('');
    expect(orderRequestOf(f)).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(filtersFromSearch(new URLSearchParams('min=2.5&max=2.50'))).toMatchObject({
      minPrice: '2.5',
      maxPrice: '2.50',
    });
  });

  it('keeps the attribute value names in the URL beside their ids', () => {
    const f = filtersFromSearch(
      new URLSearchParams('c=Sky&ca=0xabc&ap=4&av=9&an=Eyes%3A+Blue&av=x&an=Bad&av=10&an='),
    );
    expect(f.values).toEqual([9, 10]);
    expect(f.attributeNames).toEqual({ 9: 'Eyes: Blue' });
    const again = filtersFromSearch(searchOfFilters(f));
    expect(again.attributeNames).toEqual({ 9: 'Eyes: Blue' });
    expect(again.values).toEqual([9, 10]);
  });

  it('turns filters into the order-page request (listed orders, sort column)', () => {
    const f = filtersFromSearch(new URLSearchParams('sort=priceDesc&min=0.5&max=3'));
    expect(orderRequestOf(f)).toMatchObject({
      status: 0,
      orders: [{ asc: false, column: 'price' }],
      minPrice: '0.5',
      maxPrice: '3',
    });
    expect(orderRequestOf(filtersFromSearch(new URLSearchParams()))).toMatchObject({
      orders: [{ asc: false, column: 'create_date' }],
      keyWord: undefined,
      collectionNames: undefined,
    });
  });
});

describe('/marketplace', () => {
  // The page is a lazy route: compile it once up front so that each test's wait is about the page.
  beforeAll(() => import('./MarketplacePage'), 30_000);

  it('asks first for exactly the request index.html starts early', async () => {
    const seen = marketApi();
    renderApp('/marketplace');
    await screen.findAllByTestId('nft-card', {}, { timeout: 5000 });
    const first = seen.find((c) => c.path === PAGE)!;
    expect(JSON.stringify(first.body)).toBe(MARKET_EARLY_REQUEST.body);
    expect(first.path).toBe(MARKET_EARLY_REQUEST.path);
  });

  it('loads the filtered view from the URL and shows its chips', async () => {
    const seen = marketApi();
    renderApp(
      '/marketplace?q=knight&sort=priceAsc&min=1&max=5&c=Sky%20Knights&ca=0x' + '1'.repeat(40),
    );
    await screen.findAllByTestId('nft-card', {}, { timeout: 5000 });
    expect(orderCalls(seen)[0]).toMatchObject({
      keyWord: 'knight',
      orders: [{ asc: true, column: 'price' }],
      minPrice: '1',
      maxPrice: '5',
      collectionNames: ['Sky Knights'],
      page: 1,
      size: 30,
    });
    const chips = screen.getAllByTestId('filter-chip').map((c) => c.textContent);
    expect(chips).toEqual(['Search: knight×', 'Price 1 – 5 AIA×', 'Sky Knights×']);
    expect((screen.getByTestId('market-search') as HTMLInputElement).value).toBe('knight');
    expect((screen.getByTestId('price-min') as HTMLInputElement).value).toBe('1');
  });

  it('ignores an invalid price range from a shared link: no chip, not sent', async () => {
    const seen = marketApi();
    renderApp('/marketplace?min=5&max=1&q=knight');
    await screen.findAllByTestId('nft-card', {}, { timeout: 5000 });
    expect(orderCalls(seen)[0]!.keyWord).toBe('knight');
    expect(orderCalls(seen)[0]!.minPrice).toBeUndefined();
    expect(orderCalls(seen)[0]!.maxPrice).toBeUndefined();
    const chips = screen.getAllByTestId('filter-chip').map((c) => c.textContent);
    expect(chips).toEqual(['Search: knight×']);
  });

  it('names attribute chips after a reload, and writes the names when a value is chosen', async () => {
    const sky = '0x' + '1'.repeat(40);
    mockApi({
      [`POST ${PAGE}`]: { records: [order(1)], total: 1, current: 1, size: 30 },
      'POST /v1/api/nftOrder/getCollectionList': { records: [], total: 0, current: 1, size: 30 },
      'GET /v1/api/nftAttrCategory/getParentPage': [{ id: 4, name: 'Eyes', num: 10 }],
      'GET /v1/api/nftAttrCategory/getValPage': {
        records: [
          { id: 9, name: 'Blue', num: 3 },
          { id: 10, name: 'Green', num: 7 },
        ],
        total: 2,
      },
    });
    const { router } = renderApp(
      `/marketplace?c=Sky%20Knights&ca=${sky}&ap=4&av=9&an=Eyes%3A%20Blue`,
    );
    await screen.findAllByTestId('nft-card', {}, { timeout: 5000 });
    const chips = () => screen.getAllByTestId('filter-chip').map((c) => c.textContent);
    expect(chips()).toEqual(['Sky Knights×', 'Eyes: Blue×']);
    const options = await screen.findAllByTestId('attribute-option');
    fireEvent.click(options[1]!);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('an')).toEqual([
        'Eyes: Blue',
        'Eyes: Green',
      ]),
    );
    expect(chips()).toEqual(['Sky Knights×', 'Eyes: Blue×', 'Eyes: Green×']);
  });

  it('changes sort and clears every filter through the URL', async () => {
    const seen = marketApi();
    const { router } = renderApp('/marketplace?min=1&max=5');
    await screen.findAllByTestId('nft-card', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('market-sort'), { target: { value: 'priceDesc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=priceDesc&min=1&max=5'));
    await waitFor(() =>
      expect(orderCalls(seen).at(-1)?.orders).toEqual([{ asc: false, column: 'price' }]),
    );
    fireEvent.click(screen.getByTestId('filter-clear-all'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('filter-chips')).toBeNull();
    expect((screen.getByTestId('price-min') as HTMLInputElement).value).toBe('');
  });

  it('refuses a minimum above the maximum with the spec message, and applies a valid range', async () => {
    const seen = marketApi();
    const { router } = renderApp('/marketplace');
    await screen.findAllByTestId('nft-card', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('price-min'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('price-max'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('price-apply'));
    expect(screen.getByTestId('price-error').textContent).toBe(
      'The maximum value of price should be greater than the minimum value',
    );
    expect(router.state.location.search).toBe('');
    fireEvent.change(screen.getByTestId('price-max'), { target: { value: '9.12345678' } });
    fireEvent.click(screen.getByTestId('price-apply'));
    await waitFor(() => expect(router.state.location.search).toBe('?min=5&max=9.12345678'));
    await waitFor(() =>
      expect(orderCalls(seen).at(-1)).toMatchObject({ minPrice: '5', maxPrice: '9.12345678' }),
    );
  });

  it('adds a collection from the filter panel', async () => {
    marketApi();
    const { router } = renderApp('/marketplace');
    const option = await screen.findByTestId('collection-filter-option', {}, { timeout: 5000 });
    fireEvent.click(option);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('c')).toEqual([
        'Sky Knights',
      ]),
    );
    expect(within(screen.getByTestId('filter-chips')).getByText('Sky Knights')).toBeTruthy();
  });

  it('pages 30 at a time on scroll, drops records without an image, keeps the grid choice', async () => {
    const seen = marketApi(45);
    renderApp('/marketplace');
    await waitFor(() => expect(screen.getAllByTestId('nft-card')).toHaveLength(30));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 550));
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.getAllByTestId('nft-card')).toHaveLength(45));
    expect(orderCalls(seen).map((b) => b.page)).toEqual([1, 2]);
    fireEvent.click(screen.getByTestId('grid-toggle-2'));
    expect(screen.getByTestId('market-grid').dataset.grid).toBe('2');
    expect(localStorage.getItem('listItenGrid')).toBe('2');
  });

  it('drops records without an image and shows the empty illustration when none is left', async () => {
    mockApi({
      [`POST ${PAGE}`]: {
        records: [order(1, { imageUrl: null, nftMetadata: { imageUrl: null, name: 'x' } })],
        total: 1,
        current: 1,
        size: 30,
      },
      'POST /v1/api/nftOrder/getCollectionList': { records: [], total: 0, current: 1, size: 30 },
    });
    renderApp('/marketplace');
    expect(await screen.findByTestId('market-empty')).toBeTruthy();
    expect(screen.queryByTestId('nft-card')).toBeNull();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    mockApi({
      [`POST ${PAGE}`]: () => {
        if (fail) throw new Error('boom');
        return { records: [order(1)], total: 1, current: 1, size: 30 };
      },
      'POST /v1/api/nftOrder/getCollectionList': { records: [], total: 0, current: 1, size: 30 },
    });
    renderApp('/marketplace');
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 4000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('nft-card')).toBeTruthy();
  });
});
