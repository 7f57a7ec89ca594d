import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hash } from 'viem';
import { MAX_SWEEP, ORDER_KIND, type OrderVO } from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import type * as Chain from '../../lib/chain';
import type * as ListingChain from '../../lib/chain/listings';
import { orderStates, setLiveStream } from '../../lib/live';
import { fakeLiveStream } from '../../test/live-stream';
import { mockApi, type SeenCall } from '../../test/api';
import { testAppConfig } from '../../test/app-config';
import { order, signedListing } from '../../test/market-fixtures';
import { TEST_LISTINGS as LISTINGS, signInTestWallet } from '../../test/trade-wallet';
import { MemoryRouter } from 'react-router';
import { NftCard, cardOfOrder } from '../../components/nft/NftCard';
import { OrderExtraProvider } from '../../components/trade';
import { CartButton } from './CartButton';
import { CartToggle } from './CartToggle';
import { SweepControl } from './SweepControl';
import { addToCart, cartItems, cartKey, clearCart, reloadCart } from './store';

const USDT = '0x00000000000000000000000000000000000000aa';
const E18 = 10n ** 18n;

const chain = vi.hoisted(() => ({
  plans: [] as ListingChain.SweepPlan[],
  skip: new Set<string>(),
}));

vi.mock('../../lib/chain', async (importOriginal) =>
  (await import('../../test/trade-wallet')).connectedChain(await importOriginal<typeof Chain>()),
);
// The sweep is recorded instead of sent; the contract's answer is which lines it skipped.
vi.mock('../../lib/chain/listings', async (importOriginal) => {
  const real = await importOriginal<typeof ListingChain>();
  return {
    ...real,
    sweepListings: async (
      _wallet: unknown,
      plan: ListingChain.SweepPlan,
      onHash?: Chain.TxHashHandler,
    ) => {
      chain.plans.push(plan);
      const hash = `0x${'1'.repeat(64)}` as Hash;
      onHash?.('sweep', hash);
      return {
        hash,
        blockNumber: 12n,
        outcome: {
          bought: plan.order.filter((k) => !chain.skip.has(k)),
          skipped: plan.order.filter((k) => chain.skip.has(k)),
        },
      };
    },
  };
});

function signedOrder(i: number, coin: string, symbol: string, priceWei: bigint): OrderVO {
  const hash = `0x${i.toString(16).padStart(64, '0')}`;
  const signed = signedListing(i, {
    listingsAddr: LISTINGS,
    coin,
    pricePerUnit: priceWei.toString(),
    end: '4102444800',
    salt: '9',
    root: `0x${'ab'.repeat(32)}`,
    proof: [`0x${'cd'.repeat(32)}`],
    index: 1,
  });
  return order(i, {
    orderId: BigInt(hash).toString(),
    kind: ORDER_KIND.signed,
    signed,
    marketAddr: LISTINGS,
    moneyAddr: coin,
    coin: symbol,
    coinDecimals: symbol === 'USDT' ? 6 : 18,
    priceWei: priceWei.toString(),
    expiresAt: '2100-01-01T00:00:00.000Z',
  });
}

function client() {
  const c = createQueryClient();
  c.setQueryData(['app-config'], testAppConfig({ chainId: 31337 }));
  return c;
}

beforeEach(() => {
  chain.plans = [];
  chain.skip = new Set();
  clearCart();
  // No server behind the dialogs but the routes a test names.
  mockApi({});
  signInTestWallet();
});

describe('the cart', () => {
  it(`keeps its listings across a reload and holds at most ${MAX_SWEEP}`, () => {
    for (let i = 1; i <= MAX_SWEEP; i++) expect(addToCart(order(i))).toBe('added');
    expect(addToCart(order(1))).toBe('present');
    expect(addToCart(order(MAX_SWEEP + 1))).toBe('full');
    // A market listing and a signed one of the same number are different listings.
    clearCart();
    addToCart(order(1));
    addToCart(signedOrder(1, USDT, 'USDT', 5_000_000n));
    reloadCart();
    expect(cartItems().map(cartKey)).toEqual([
      `0xe7f1725e7734ce288f8367e1bb143e90bb3f0512:1`,
      `${LISTINGS}:1`,
    ]);
    expect(cartItems()[1]!.signed?.proof).toHaveLength(1);
    // A damaged stored value is an empty cart.
    window.localStorage.setItem('aiamarket.cart', '{oops');
    reloadCart();
    expect(cartItems()).toEqual([]);
  });

  it('checks out in one sweep: AIA as the value, USDT summed once, and says per item what was bought', async () => {
    const aiaSigned = signedOrder(7, '0x0000000000000000000000000000000000000000', 'AIA', 2n * E18);
    const usdtSigned = signedOrder(8, USDT, 'USDT', 5_000_000n);
    const usdtSigned2 = signedOrder(9, USDT, 'USDT', 1_500_000n);
    const market = order(3, { priceWei: String(3n * E18), price: '3' });
    [market, aiaSigned, usdtSigned, usdtSigned2].forEach((o) => addToCart(o));
    chain.skip = new Set([cartKey(usdtSigned)]);
    render(
      <QueryClientProvider client={client()}>
        <CartButton />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('cart-count').textContent).toBe('4');
    fireEvent.click(screen.getByTestId('cart-button'));
    // The checkout is a lazily loaded chunk.
    const drawer = await screen.findByTestId('cart-drawer', {}, { timeout: 5000 });
    expect(within(drawer).getAllByTestId('checkout-line')).toHaveLength(4);
    expect(
      within(drawer)
        .getAllByTestId('checkout-total')
        .map((e) => e.textContent),
    ).toEqual(['Total5 AIA', 'Total6.5 USDT']);
    // Taken out and put back: the remove button works before checkout.
    fireEvent.click(within(drawer).getAllByTestId('cart-remove')[0]!);
    expect(within(drawer).getAllByTestId('checkout-line')).toHaveLength(3);
    act(() => void addToCart(market));

    fireEvent.click(within(drawer).getByTestId('checkout-confirm'));
    const result = await screen.findByTestId('checkout-result', {}, { timeout: 4000 });
    const plan = chain.plans[0]!;
    expect(plan.order).toEqual([
      cartKey(aiaSigned),
      cartKey(usdtSigned),
      cartKey(usdtSigned2),
      cartKey(market),
    ]);
    expect(plan.value).toBe(5n * E18);
    expect([...plan.erc20]).toEqual([[USDT, 6_500_000n]]);
    expect(plan.fills[0]!.proof).toEqual([`0x${'cd'.repeat(32)}`]);
    expect(plan.fills[0]!.index).toBe(1n);
    expect(plan.marketBuys[0]).toMatchObject({ itemId: 3n, price: 3n * E18, amount: 1n });
    const lines = within(result).getAllByTestId('checkout-result-line');
    expect(lines.map((l) => l.getAttribute('data-outcome'))).toEqual([
      'bought',
      'bought',
      'bought',
      'skipped',
    ]);
    expect(lines[3]!.textContent).toContain('Knight 8');
    expect(lines[3]!.textContent).toContain('payment returned');
    // Every checked-out listing left the cart; the result stays on screen.
    await waitFor(() => expect(screen.queryByTestId('cart-count')).toBeNull());
    expect(cartItems()).toEqual([]);
  });
});

describe('an item of the cart bought by someone else', () => {
  it('hears its item topic, marks it sold live and leaves it out of the total and the sweep', async () => {
    const { stream, urls, emit } = fakeLiveStream();
    // As the tab's own stream does: its order events feed the listings' states.
    stream.onAnyEvent((event) => orderStates.apply(event));
    try {
      const kept = order(21, { priceWei: String(2n * E18), price: '2' });
      const sniped = order(22, { priceWei: String(3n * E18), price: '3' });
      [kept, sniped].forEach((o) => addToCart(o));
      render(
        <QueryClientProvider client={client()}>
          <CartButton />
        </QueryClientProvider>,
      );
      await waitFor(() => expect(urls.length).toBeGreaterThan(0));
      const topics = new URL(urls.at(-1)!, 'http://x').searchParams.get('topics')!.split(',');
      expect(topics.sort()).toEqual([
        `item:${kept.contractAddr}:21`,
        `item:${sniped.contractAddr}:22`,
      ]);
      fireEvent.click(screen.getByTestId('cart-button'));
      // The checkout is a lazily loaded chunk.
      const drawer = await screen.findByTestId('cart-drawer', {}, { timeout: 5000 });
      // Each line has its picture.
      const images = within(drawer).getAllByRole('img');
      expect(images.map((i) => i.getAttribute('alt'))).toEqual(['Knight 21', 'Knight 22']);
      expect(within(drawer).getByTestId('checkout-total').textContent).toBe('Total5 AIA');

      // Another wallet buys item 22: the stream says its listing is sold.
      act(() =>
        emit('change', {
          id: '7',
          kind: 'order',
          op: 'update',
          topics: [`item:${sniped.contractAddr}:22`],
          data: { ...sniped, status: 1, leftAmount: '0' },
          blockNumber: 9,
          at: '2026-01-01T00:00:00Z',
        }),
      );
      const lines = within(drawer).getAllByTestId('checkout-line');
      expect(lines.map((l) => l.getAttribute('data-gone'))).toEqual([null, 'sold']);
      expect(within(lines[1]!).getByTestId('checkout-line-gone').textContent).toBe('Sold');
      expect(within(drawer).getByTestId('checkout-total').textContent).toBe('Total2 AIA');
      expect(within(drawer).getByTestId('checkout-confirm').textContent).toContain('1 item');
      fireEvent.click(within(drawer).getByTestId('checkout-confirm'));
      await screen.findByTestId('checkout-result', {}, { timeout: 4000 });
      expect(chain.plans[0]!.order).toEqual([cartKey(kept)]);
      expect(chain.plans[0]!.value).toBe(2n * E18);
    } finally {
      setLiveStream(null);
      stream.dispose();
    }
  });
  it('asks again when it opens after a reload: a listing bought meanwhile is marked and left out', async () => {
    // Kept from an earlier visit: the stream of that page is gone, and item 24 sold meanwhile.
    const kept = order(23, { priceWei: String(2n * E18), price: '2' });
    const bought = order(24, { priceWei: String(3n * E18), price: '3' });
    [kept, bought].forEach((o) => addToCart(o));
    reloadCart();
    const api = mockApi({
      'POST /v1/api/nftOrder/getOrderList': (call: SeenCall) => {
        const { tokenId } = call.body as { tokenId: string };
        return { records: tokenId === '23' ? [kept] : [], total: tokenId === '23' ? 1 : 0 };
      },
    });
    render(
      <QueryClientProvider client={client()}>
        <CartButton />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('cart-button'));
    const drawer = await screen.findByTestId('cart-drawer', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByTestId('checkout-line')
          .map((l) => l.getAttribute('data-gone')),
      ).toEqual([null, 'unavailable']),
    );
    expect(within(drawer).getByTestId('checkout-total').textContent).toBe('Total2 AIA');
    // One read per seller and token, naming the seller.
    const reads = api.filter((c) => c.path === '/v1/api/nftOrder/getOrderList');
    expect(reads.map((c) => (c.body as { ownerAddr: string }).ownerAddr)).toEqual([
      kept.ownerAddr,
      bought.ownerAddr,
    ]);
  });
});

describe('add to cart on a card', () => {
  it("adds a listed card's listing and takes it out again, without opening the item", () => {
    const other = { ownerAddr: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' };
    const listing = order(2, other);
    render(
      <OrderExtraProvider value={(o, size) => <CartToggle order={o} size={size} />}>
        <MemoryRouter>
          <NftCard data={cardOfOrder(listing)} />
          <NftCard data={cardOfOrder(order(5, { ...other, status: 1 }))} />
          <NftCard data={cardOfOrder(order(6))} />
        </MemoryRouter>
      </OrderExtraProvider>,
    );
    // A sold listing and the visitor's own have no cart button.
    expect(screen.getAllByTestId('cart-toggle-add')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('cart-toggle-add'));
    expect(cartItems().map(cartKey)).toEqual([cartKey(listing)]);
    fireEvent.click(screen.getByTestId('cart-toggle-remove'));
    expect(cartItems()).toEqual([]);
  });
});

describe('sweeping a collection', () => {
  it('quotes the N cheapest with the total in AIA before the wallet is asked, then sweeps them', async () => {
    const quoted = [
      { ...signedOrder(4, '0x0000000000000000000000000000000000000000', 'AIA', E18), units: '1' },
      { ...signedOrder(5, USDT, 'USDT', 2_000_000n), units: '1' },
    ];
    const api = mockApi({
      'POST /v1/api/listing/sweepQuote': (call: SeenCall) => {
        expect(call.body).toEqual({
          contractAddr: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
          count: 2,
        });
        return { records: quoted, totals: [], totalRef: '2.5' };
      },
    });
    render(
      <QueryClientProvider client={client()}>
        <SweepControl contractAddr="0x5FbDB2315678afecb367f032d93F642f64180aa3" />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('sweep-count'), { target: { value: '31' } });
    expect((screen.getByTestId('sweep-review') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('sweep-count'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('sweep-review'));
    const dialog = await screen.findByTestId('sweep-dialog');
    expect(within(dialog).getByTestId('checkout-total-ref').textContent).toBe('2.5 AIA');
    expect(chain.plans).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-result', {}, { timeout: 4000 });
    expect(chain.plans[0]!.value).toBe(E18);
    expect(api.filter((c) => c.path === '/v1/api/listing/sweepQuote')).toHaveLength(1);
  });

  it('buys the quoted units of ERC1155 listings and shows each line with its units and unit price', async () => {
    // "The 5 cheapest" of listings of 3 and 4 units: all of the first, 2 of the second.
    const market1155 = (i: number, left: string, units: string, priceWei: bigint) => ({
      ...order(i, {
        contractType: 'ERC1155' as const,
        amount: left,
        leftAmount: left,
        ownerAddr: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
        price: String(Number(priceWei / 10n ** 16n) / 100),
        priceWei: priceWei.toString(),
      }),
      units,
    });
    const quoted = [market1155(1, '3', '3', E18 / 10n), market1155(2, '4', '2', E18 / 5n)];
    mockApi({
      'POST /v1/api/listing/sweepQuote': () => ({ records: quoted, totals: [], totalRef: '0.7' }),
    });
    render(
      <QueryClientProvider client={client()}>
        <SweepControl contractAddr="0x5FbDB2315678afecb367f032d93F642f64180aa3" />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('sweep-count'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('sweep-review'));
    const dialog = await screen.findByTestId('sweep-dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('5');
    const units = within(dialog).getAllByTestId('checkout-line-units');
    expect(units.map((u) => u.textContent)).toEqual(['3 × 0.1 AIA each', '2 × 0.2 AIA each']);
    const prices = within(dialog).getAllByTestId('checkout-line-price');
    expect(prices.map((p) => p.textContent)).toEqual(['0.3 AIA', '0.4 AIA']);
    expect(within(dialog).getByTestId('checkout-total').textContent).toContain('0.7 AIA');
    fireEvent.click(within(dialog).getByTestId('checkout-confirm'));
    await screen.findByTestId('checkout-result', {}, { timeout: 4000 });
    expect(chain.plans[0]!.marketBuys.map((b) => b.amount)).toEqual([3n, 2n]);
    expect(chain.plans[0]!.value).toBe((7n * E18) / 10n);
  });
});
