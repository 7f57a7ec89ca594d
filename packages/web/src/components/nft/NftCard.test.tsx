import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/market-fixtures';
import { cardOfOrder, NftCard } from './NftCard';

const USDT = '0x5fbdb2315678afecb367f032d93f642f64180aa4';

/** The hover text of a card's price. */
function hoverOf(card: Parameters<typeof NftCard>[0]['data']) {
  const { unmount } = render(
    <MemoryRouter>
      <NftCard data={card} />
    </MemoryRouter>,
  );
  const title = screen.getByTestId('nft-card-price').title;
  unmount();
  return title;
}

describe('NftCard reference price (issue 15 §2)', () => {
  it('shows the listing in the reference unit on hover when it is priced in another coin', () => {
    const listing = order(2, { price: '3', coin: 'USDT', moneyAddr: USDT, priceRef: '0.06' });
    expect(hoverOf(cardOfOrder(listing))).toBe('≈ 0.06 AIA');
  });

  it('adds nothing for the reference coin itself or a coin without a rate', () => {
    expect(hoverOf(cardOfOrder(order(1)))).toBe('');
    const noRate = order(3, { price: '3', coin: 'USDT', moneyAddr: USDT, priceRef: null });
    expect(hoverOf(cardOfOrder(noRate))).toBe('');
  });
});
