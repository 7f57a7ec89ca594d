import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { parseEther, parseUnits } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_TYPE, NATIVE_COIN_ADDRESS, type CoinRate } from '@aiamarket/shared';
import { createQueryClient } from '../../../app/Providers';
import { setLanguage } from '../../../i18n';
import type * as Chain from '../../../lib/chain';
import { mockApi } from '../../../test/api';
import { CONTRACT, collection, detail, order } from '../../../test/market-fixtures';
import { ChangePriceModal } from './ChangePriceModal';
import { floorWarning } from './floor';
import { ListModal, type ListableItem } from './ListModal';

// A price typed in the reader's language is listed exactly as meant, and the step
// before the wallet shows it in full with a warning far from the floor. The wallet calls are
// replaced so that what would go on chain can be read.
const chain = vi.hoisted(() => ({
  listItem: vi.fn(),
  modifyPrice: vi.fn(),
}));
vi.mock('../../../lib/chain', async (importOriginal) => {
  const real = await importOriginal<typeof Chain>();
  const mined = { hash: `0x${'ab'.repeat(32)}`, blockNumber: 1n };
  return {
    ...real,
    walletOnProductChain: async () => ({}),
    waitForIndexer: async () => undefined,
    listItem: chain.listItem.mockImplementation(async () => mined),
    modifyPrice: chain.modifyPrice.mockImplementation(async () => mined),
  };
});
afterEach(() => {
  chain.listItem.mockClear();
  chain.modifyPrice.mockClear();
});

const STABLE = '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0';
const item: ListableItem = {
  contractAddr: CONTRACT,
  tokenId: '7',
  contractType: CONTRACT_TYPE.erc721,
  name: 'Knight 7',
};
const rates: CoinRate[] = [
  { currency: NATIVE_COIN_ADDRESS, symbol: 'AIA', decimals: 18, rate: '1' },
  { currency: STABLE, symbol: 'USDT', decimals: 6, rate: '0.5' },
];

/** The coins, fee, royalty, floor (in AIA) and rates in the cache; the API answers the rest. */
function renderWithFloor(ui: React.ReactNode, floor: string | null = '2') {
  mockApi({ 'POST /v1/api/nftOrder/changePrice': null });
  const client = createQueryClient();
  client.setQueryData(
    ['listing-coins'],
    [
      { address: NATIVE_COIN_ADDRESS, symbol: 'AIA', decimals: 18 },
      { address: STABLE, symbol: 'USDT', decimals: 6 },
    ],
  );
  client.setQueryData(['transaction-fee'], 2);
  client.setQueryData(['royalty-of', CONTRACT.toLowerCase(), '7'], 5);
  client.setQueryData(['item', { contractAddr: CONTRACT, tokenId: '7' }, 'detail'], {
    ...detail(),
    collectionsVO: collection(1, { lowestPrice: floor }),
  });
  client.setQueryData(['coin-rates'], rates);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/**
 * Types `text` one key at a time, as a keyboard does: each key is added to what the box shows
 * after the previous one (a refused key used to vanish, so "1,5" became "15").
 */
function typeKeys(input: HTMLElement, text: string) {
  for (const key of text) {
    fireEvent.change(input, { target: { value: (input as HTMLInputElement).value + key } });
  }
}

const noop = () => undefined;

describe('the listing price in the reader language', () => {
  it('refuses "1,5" in English as ambiguous instead of listing 15', () => {
    renderWithFloor(<ListModal item={item} held={1} royalty={null} onClose={noop} />);
    const input = screen.getByTestId('price-input');
    typeKeys(input, '1,5');
    expect((input as HTMLInputElement).value).toBe('1,5');
    expect(screen.getByRole('alert').textContent).toBe(
      'Ambiguous number: use "." for decimals and no thousands separators',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByTestId('list-review') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists "1,5" typed in Turkish at exactly 1.5, shown in full before signing', async () => {
    await setLanguage('tr', { persist: false });
    renderWithFloor(<ListModal item={item} held={1} royalty={null} onClose={noop} />);
    const input = screen.getByTestId('price-input');
    expect(input.getAttribute('placeholder')).toBe('0,00');
    typeKeys(input, '1,5');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('list-review'));
    expect(screen.getByTestId('confirm-price').textContent).toBe('1,5 AIA');
    expect(screen.queryByTestId('floor-warning')).toBeNull();
    // The summary in Turkish figures too: 1.5 less 2 % fee and 5 % royalty, 4 decimals.
    expect(screen.getByTestId('list-fee').textContent).toBe('%2');
    expect(screen.getByTestId('list-royalty').textContent).toBe('%5');
    expect(screen.getByTestId('list-net').textContent).toBe('1,3950 AIA');
    fireEvent.click(screen.getByTestId('list-confirm'));
    await waitFor(() => expect(chain.listItem).toHaveBeenCalledTimes(1));
    expect(chain.listItem.mock.calls[0]![1]).toMatchObject({
      priceWei: parseEther('1.5'),
      coin: NATIVE_COIN_ADDRESS,
    });
  });

  it('shows every decimal of the price, not 4', () => {
    renderWithFloor(<ListModal item={item} held={1} royalty={null} onClose={noop} />);
    typeKeys(screen.getByTestId('price-input'), '1234.12345678901234');
    fireEvent.click(screen.getByTestId('list-review'));
    expect(screen.getByTestId('confirm-price').textContent).toBe('1,234.12345678901234 AIA');
    fireEvent.click(screen.getByText('Back'));
    // Back keeps what was typed.
    expect((screen.getByTestId('price-input') as HTMLInputElement).value).toBe(
      '1234.12345678901234',
    );
  });

  it('warns under half and above ten times the floor, in the reference unit', () => {
    renderWithFloor(<ListModal item={item} held={1} royalty={null} onClose={noop} />);
    const review = (price: string) => {
      // The form is drawn again after Back: the box is found each time.
      fireEvent.change(screen.getByTestId('price-input'), { target: { value: price } });
      fireEvent.click(screen.getByTestId('list-review'));
      const warning = screen.queryByTestId('floor-warning');
      const kind = warning?.getAttribute('data-kind') ?? null;
      const text = warning?.textContent ?? null;
      fireEvent.click(screen.getByText('Back'));
      return { kind, text };
    };
    // Floor 2 AIA: 0.99 is under half, 1 is half, 20 is ten times, 20.01 above.
    expect(review('0.99')).toEqual({
      kind: 'belowHalf',
      text: 'This price is less than half the collection floor (2 AIA). Check it before you sign.',
    });
    expect(review('1').kind).toBeNull();
    expect(review('20').kind).toBeNull();
    expect(review('20.01')).toEqual({
      kind: 'aboveTenTimes',
      text: 'This price is more than ten times the collection floor (2 AIA). Check it before you sign.',
    });
    // In USDT (0.5 AIA each) 30 USDT is 15 AIA: no warning; 50 USDT is 25 AIA: above.
    fireEvent.change(screen.getByTestId('coin-select'), { target: { value: '1' } });
    expect(review('30').kind).toBeNull();
    expect(review('50').kind).toBe('aboveTenTimes');
  });

  it('names the ERC1155 amount beside the exact unit price', () => {
    renderWithFloor(
      <ListModal
        item={{ ...item, contractType: CONTRACT_TYPE.erc1155 }}
        held={5}
        royalty={null}
        onClose={noop}
      />,
    );
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('amount-input'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('list-review'));
    expect(screen.getByTestId('confirm-price').textContent).toBe('2 AIA');
    expect(screen.getByTestId('confirm-amount').textContent).toBe('3');
  });

  it('gives no warning without a floor', () => {
    renderWithFloor(<ListModal item={item} held={1} royalty={null} onClose={noop} />, null);
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('list-review'));
    expect(screen.getByTestId('list-confirm-step')).toBeTruthy();
    expect(screen.queryByTestId('floor-warning')).toBeNull();
  });
});

describe('the new price of a listing', () => {
  const listing = order(7, { tokenId: '7', coin: 'USDT', coinDecimals: 6, moneyAddr: STABLE });

  it('reads the Turkish decimal comma, confirms it exactly with the floor warning, then signs', async () => {
    await setLanguage('tr', { persist: false });
    renderWithFloor(<ChangePriceModal order={listing} onClose={noop} />);
    expect(screen.getByText('Mevcut fiyat: 7,1235 USDT')).toBeTruthy();
    const input = screen.getByTestId('price-input');
    typeKeys(input, '0,25');
    fireEvent.click(screen.getByTestId('change-price-review'));
    expect(screen.getByTestId('confirm-price').textContent).toBe('0,25 USDT');
    // 0.25 USDT is 0.125 AIA, under half the 2 AIA floor.
    expect(screen.getByTestId('floor-warning').getAttribute('data-kind')).toBe('belowHalf');
    fireEvent.click(screen.getByTestId('change-price-confirm'));
    await waitFor(() => expect(chain.modifyPrice).toHaveBeenCalledTimes(1));
    expect(chain.modifyPrice.mock.calls[0]![2]).toBe(parseUnits('0.25', 6));
  });

  it('refuses the Turkish "1.500" as ambiguous', async () => {
    await setLanguage('tr', { persist: false });
    renderWithFloor(<ChangePriceModal order={listing} onClose={noop} />);
    typeKeys(screen.getByTestId('price-input'), '1.500');
    expect(screen.getByRole('alert').textContent).toBe(
      'Belirsiz sayı: ondalık için "," kullanın, binlik ayırıcı kullanmayın',
    );
    expect((screen.getByTestId('change-price-review') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('updating a listing to its own price', () => {
  it('is refused in the form with a translated message, so no transaction is sent', async () => {
    await setLanguage('tr', { persist: false });
    const listed = order(8, {
      coin: 'USDT',
      coinDecimals: 6,
      moneyAddr: STABLE,
      price: '0.25',
      priceWei: '250000',
    });
    renderWithFloor(<ChangePriceModal order={listed} onClose={noop} />);
    typeKeys(screen.getByTestId('price-input'), '0,250');
    expect(screen.getByRole('alert').textContent).toBe('Yeni fiyat mevcut fiyatla aynı');
    expect((screen.getByTestId('change-price-review') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '0,3' } });
    expect((screen.getByTestId('change-price-review') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('floorWarning', () => {
  it('compares exactly and stays quiet without a floor, a rate or on bad text', () => {
    expect(floorWarning('0.999999999999999999', '1', '2')?.kind).toBe('belowHalf');
    expect(floorWarning('1', '1', '2')).toBeNull();
    expect(floorWarning('20.000000000000000001', '1', '2')?.kind).toBe('aboveTenTimes');
    expect(floorWarning('1', null, '2')).toBeNull();
    expect(floorWarning('1', '1', null)).toBeNull();
    expect(floorWarning('1', '1', '0')).toBeNull();
    expect(floorWarning('1', '1', 'n/a')).toBeNull();
  });
});
