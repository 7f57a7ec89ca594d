import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { createQueryClient } from '../../../app/Providers';
import { mockApi } from '../../../test/api';
import { order } from '../../../test/market-fixtures';
import { BuyModal } from './BuyModal';

// The ERC1155 buy quantity keeps what is typed; the old box dropped every non-digit,
// so "1,5" bought 15.
describe('the buy quantity', () => {
  const listing = order(3, { contractType: 'ERC1155', amount: '20', leftAmount: '20' });

  it('refuses "1,5" instead of buying 15, and still caps a whole number', () => {
    mockApi({});
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BuyModal order={listing} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const input = screen.getByTestId('buy-quantity') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    for (const key of '1,5') fireEvent.change(input, { target: { value: input.value + key } });
    expect(input.value).toBe('1,5');
    expect(screen.getByRole('alert').textContent).toBe('integers only');
    expect((screen.getByTestId('buy-confirm') as HTMLButtonElement).disabled).toBe(true);
    // The stepper goes on from 1.
    fireEvent.click(screen.getByRole('button', { name: 'One more' }));
    expect(input.value).toBe('2');
    fireEvent.change(input, { target: { value: '99' } });
    expect(input.value).toBe('20');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the buy total', () => {
  afterEach(() => setLanguage('en', { persist: false }));

  it("is written the interface language's way: 1.000,5 in Turkish, not 1,000.5", async () => {
    await setLanguage('tr', { persist: false });
    mockApi({});
    const listing = order(4, { price: '1000.5', priceWei: '1000500000000000000000' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BuyModal order={listing} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('buy-total').textContent).toBe('1.000,5 AIA');
  });
});

describe('the units left of an ERC1155 listing', () => {
  afterEach(() => setLanguage('en', { persist: false }));

  it("are grouped the interface language's way: 1.000 in Turkish, not 1000", async () => {
    await setLanguage('tr', { persist: false });
    mockApi({});
    const listing = order(5, { contractType: 'ERC1155', amount: '1000', leftAmount: '1000' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BuyModal order={listing} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('(1.000 kaldı)')).toBeTruthy();
  });
});
