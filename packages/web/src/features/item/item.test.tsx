import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_HOLD, type ActivityVO } from '@aiamarket/shared';
import { mockApi, type SeenCall } from '../../test/api';
import { CONTRACT, OWNER, detail, order } from '../../test/market-fixtures';
import { renderApp } from '../../test/render';
import { itemKeyOf } from './ItemPage';
import { pricePointsOf } from './PriceHistoryChart';

const trade = (
  price: string,
  day: number,
  coin = 'AIA',
  priceRef: string | null = price,
): ActivityVO => ({
  method: 2,
  price,
  coin,
  priceRef,
  amount: '1',
  fromAddr: OWNER,
  toAddr: CONTRACT,
  fromName: null,
  toName: null,
  createDate: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  txHash: `0x${day}`,
  tokenId: '7',
  contractAddr: CONTRACT,
  imageUrl: null,
  nmName: null,
  collectionName: null,
  linkCollection: null,
});

const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 20 });

function itemApi(over: Parameters<typeof detail>[0] = {}) {
  return mockApi({
    'GET /v1/api/nftMeta/getDetail': detail(over, order(7, { price: '2.5' })),
    'GET /v1/api/collect/detail': { collect: false, collectNum: 1234 },
    'POST /v1/api/nftOrder/getOrderList': page([
      order(1, { price: '1.23456', leftAmount: '3', ownerAddr: OWNER, contractType: 'ERC1155' }),
    ]),
    'POST /v1/api/transaction/page': page([
      trade('2', 3),
      trade('1', 1),
      trade('9', 2, 'USDT', '4.5'),
    ]),
  });
}

describe('/asset', () => {
  beforeAll(() => import('./ItemPage'), 30_000);

  it('reads tokenId and contractAddr from state first, then from the query', () => {
    const q = new URLSearchParams(
      `tokenId=7&contractAddr=${CONTRACT.toUpperCase().replace('0X', '0x')}`,
    );
    expect(itemKeyOf(null, q)).toEqual({ tokenId: '7', contractAddr: CONTRACT });
    expect(itemKeyOf({ tokenId: '9', contractAddr: OWNER }, q)).toEqual({
      tokenId: '9',
      contractAddr: OWNER,
    });
    expect(itemKeyOf(null, new URLSearchParams('tokenId=x&contractAddr=0x12'))).toBeNull();
  });

  it('shows an ERC721 item from a shared link: properties first, no listings tab, sales chart', async () => {
    const seen = itemApi();
    renderApp(`/asset?tokenId=7&contractAddr=${CONTRACT}`);
    expect((await screen.findByTestId('item-name', {}, { timeout: 5000 })).textContent).toBe(
      'Knight 7',
    );
    const detailCall = seen.find((c) => c.path === '/v1/api/nftMeta/getDetail')!;
    expect(detailCall.query.get('tokenId')).toBe('7');
    expect(screen.queryByTestId('item-tab-listings')).toBeNull();
    expect(screen.getByTestId('item-tab-properties').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('item-properties').textContent).toContain('Sword');
    expect(screen.getByTestId('item-price').textContent).toBe('2.5 AIA');
    await waitFor(() => expect(screen.getByTestId('item-favourites').textContent).toBe('1.23K'));
    expect(screen.getByTestId('item-actions')).toBeTruthy();
    // Every sale is charted, the USDT one at its reference price.
    await waitFor(() => expect(screen.getAllByTestId('price-point')).toHaveLength(3));
    const trades = seen.find((c: SeenCall) => c.path === '/v1/api/transaction/page')!;
    expect(trades.body).toMatchObject({ types: [2], tokenId: '7', contractAddr: CONTRACT });
    fireEvent.click(screen.getByTestId('item-tab-description'));
    expect(screen.getByTestId('item-description').textContent).toBe('A brave knight.');
  });

  it('opens an ERC1155 item on its listings: unit price with coin, remaining, owner first 6', async () => {
    itemApi({ contractType: 'ERC1155', amountTotal: '50', belongToList: [OWNER, CONTRACT] });
    renderApp(`/asset?tokenId=7&contractAddr=${CONTRACT}`);
    const row = await screen.findByTestId('item-listing-row', {}, { timeout: 5000 });
    expect(screen.getByTestId('item-tab-listings').getAttribute('aria-selected')).toBe('true');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Beside Buy, the cart's Add to cart (given by app/).
    expect(cells).toEqual(['1.2346 AIA', '3', OWNER.slice(0, 6), 'BuyAdd to cart']);
    expect(screen.getByTestId('item-owners').textContent).toBe('2');
  });

  it('shows a listing the market holds back with the reason and no buy', async () => {
    for (const [hold, reason] of [
      [ORDER_HOLD.coin, 'This coin is not accepted by the market at the moment'],
      [ORDER_HOLD.paused, 'The market is paused'],
    ] as const) {
      mockApi({
        'GET /v1/api/nftMeta/getDetail': {
          ...detail({}, null),
          heldOrderVO: order(7, { price: '2.5', coin: 'USDT', status: 3, hold }),
        },
        'GET /v1/api/collect/detail': { collect: false, collectNum: 0 },
        'POST /v1/api/transaction/page': page([]),
      });
      const { unmount } = renderApp(`/asset?tokenId=7&contractAddr=${CONTRACT}`);
      const held = await screen.findByTestId('item-held-listing', {}, { timeout: 5000 });
      expect(within(held).getByTestId('item-hold-reason').textContent).toBe(reason);
      expect(held.textContent).toContain('2.5 USDT');
      expect((within(held).getByTestId('action-buy-held') as HTMLButtonElement).disabled).toBe(
        true,
      );
      expect(screen.queryByTestId('action-buy')).toBeNull();
      expect(screen.queryByTestId('item-price')).toBeNull();
      unmount();
    }
  });

  it('explains a link without an item', async () => {
    mockApi({});
    renderApp('/asset');
    expect(await screen.findByTestId('item-missing', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('charts every sale in the reference unit, oldest first, whatever coin it was paid in', () => {
    const { coin, points } = pricePointsOf([
      trade('2', 3),
      trade('1', 1),
      trade('9', 4, 'USDT', '4.5'),
      trade('7', 2, 'XYZ', null),
    ]);
    expect(coin).toBe('AIA');
    // 9 USDT at 0.5 AIA is 4.5 AIA; the coin without a rate has no reference price.
    expect(points.map((p) => p.price)).toEqual([1, 2, 4.5]);
    expect(points[2]!.paid).toEqual({ price: '9', coin: 'USDT' });
  });
});
