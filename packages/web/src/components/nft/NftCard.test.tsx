import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OFFER_KIND } from '@aiamarket/shared';
import { cardVO } from '../../test/browseFixtures';
import { order } from '../../test/market-fixtures';
import { cardOfItem, cardOfOrder, NftCard } from './NftCard';

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

describe('NftCard reference price', () => {
  it('shows the listing in the reference unit on hover when it is priced in another coin', () => {
    const listing = order(2, { price: '3', coin: 'USDT', moneyAddr: USDT, priceRef: '0.06' });
    expect(hoverOf(cardOfOrder(listing))).toBe('≈ 0.06 AIA');
  });

  it('shows the AIA equivalent on the card itself, so a price-sorted list reads sorted', () => {
    const listing = order(2, { price: '10', coin: 'USDT', moneyAddr: USDT, priceRef: '5' });
    render(
      <MemoryRouter>
        <NftCard data={cardOfOrder(listing)} />
        <NftCard data={cardOfOrder(order(1, { price: '6', priceRef: '6' }))} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('nft-card-price-ref').map((e) => e.textContent)).toEqual([
      '≈ 5 AIA',
    ]);
  });

  it('adds nothing for the reference coin itself or a coin without a rate', () => {
    expect(hoverOf(cardOfOrder(order(1)))).toBe('');
    const noRate = order(3, { price: '3', coin: 'USDT', moneyAddr: USDT, priceRef: null });
    expect(hoverOf(cardOfOrder(noRate))).toBe('');
  });
});

describe('NftCard best offer', () => {
  it("shows an item's best offer under its name, and nothing without one", () => {
    const best = {
      orderHash: `0x${'01'.repeat(32)}`,
      price: '1.23456',
      priceRef: '1.23456',
      coin: 'WAIA',
      moneyAddr: USDT,
      kind: OFFER_KIND.collection,
    };
    const { unmount } = render(
      <MemoryRouter>
        <NftCard data={cardOfItem(cardVO(4, { bestOffer: best }))} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('nft-card-offer').textContent).toBe('Best offer 1.2346 WAIA');
    unmount();
    render(
      <MemoryRouter>
        <NftCard data={cardOfItem(cardVO(5))} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('nft-card-offer')).toBeNull();
  });
});
