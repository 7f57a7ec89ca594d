import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPE, type OrderListRequest } from '@aiamarket/shared';
import { mockApi, type SeenCall } from '../../../test/api';
import { CONTRACT, order } from '../../../test/market-fixtures';
import { saveSession } from '../../../lib/session';
import { TradePanel } from './TradePanel';
import { listingTestCache } from './listingTestCache';

const SELLER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const item = {
  contractAddr: CONTRACT,
  tokenId: '7',
  contractType: CONTRACT_TYPE.erc1155,
  name: 'Potion 7',
};
// The seller's own listing (not the item's main, lowest priced one, which is someone else's).
const own = order(9, {
  tokenId: '7',
  contractType: 'ERC1155',
  ownerAddr: SELLER,
  price: '12.5',
  coin: 'USDT',
  leftAmount: '3',
  amount: '5',
});
const main = order(8, { tokenId: '7', contractType: 'ERC1155', price: '2', leftAmount: '1' });

function renderPanel(ownListing: unknown) {
  saveSession({ token: 'tok', address: SELLER, wallet: 'io.metamask', walletName: 'MetaMask' });
  const calls = mockApi({
    'POST /v1/api/asset/userInfo': { amount: '6', amountTotal: '10', userAddr: SELLER },
    'POST /v1/api/nftOrder/getOrderList': (call: SeenCall) => {
      const body = call.body as OrderListRequest;
      return body.ownerAddr === SELLER
        ? { records: ownListing ? [ownListing] : [], total: ownListing ? 1 : 0 }
        : { records: [main], total: 1 };
    },
  });
  const client = listingTestCache(CONTRACT, '7');
  render(
    <QueryClientProvider client={client}>
      <TradePanel item={item} order={main} royalty={5} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('listing an ERC1155 the seller already lists', () => {
  it('shows the listing a new one replaces (price, amount, coin) and leads to Update price', async () => {
    const calls = renderPanel(own);
    fireEvent.click(await screen.findByTestId('action-sell'));
    const notice = await screen.findByTestId('list-existing');
    expect(notice.textContent).toContain(
      'You already list 3 of this item at 12.5 USDT each. A new listing replaces that one.',
    );
    const asked = calls.find(
      (c) => c.path === '/v1/api/nftOrder/getOrderList' && (c.body as OrderListRequest).ownerAddr,
    );
    expect(asked?.body).toMatchObject({ contractAddr: CONTRACT, tokenId: '7', ownerAddr: SELLER });
    // The seller can still make a new listing from the same form.
    expect(screen.getByTestId('list-review')).toBeTruthy();

    fireEvent.click(within(notice).getByTestId('list-update-instead'));
    const change = await screen.findByTestId('change-price-modal');
    expect(screen.queryByTestId('list-modal')).toBeNull();
    // The Update price dialog is the seller's listing's, in its coin.
    expect(change.textContent).toContain('USDT');
  });
});
