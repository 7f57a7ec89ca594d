import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hash } from 'viem';
import { createQueryClient } from '../../app/Providers';
import type * as Chain from '../../lib/chain';
import type * as OfferChain from '../../lib/chain/offers';
import { testAppConfig } from '../../test/app-config';
import { mockApi } from '../../test/api';
import { WrappedBalance } from './WrappedBalance';

const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const E18 = 10n ** 18n;

// The wallet's wrapped AIA as the chain would answer, and the withdrawals sent.
const chain = vi.hoisted(() => ({ wrapped: 0n, reads: 0, unwrapped: [] as bigint[] }));

vi.mock('../../lib/chain', async (importOriginal) => {
  const real = await importOriginal<typeof Chain>();
  return {
    ...real,
    walletOnProductChain: async () => ({ config: {}, account: OWNER }),
    waitForIndexer: async () => true,
  };
});
vi.mock('../../lib/chain/offers', async (importOriginal) => {
  const real = await importOriginal<typeof OfferChain>();
  return {
    ...real,
    readWrappedBalance: async () => {
      chain.reads += 1;
      return chain.wrapped;
    },
    unwrapAia: async (_wallet: unknown, amount: bigint, onHash?: Chain.TxHashHandler) => {
      chain.unwrapped.push(amount);
      chain.wrapped -= amount;
      const hash = `0x${'2'.repeat(64)}` as Hash;
      onHash?.('unwrap', hash);
      return { hash, blockNumber: 5n };
    },
  };
});

function renderBalance() {
  const client = createQueryClient();
  client.setQueryData(['app-config'], testAppConfig({ chainId: 31337 }));
  return render(
    <QueryClientProvider client={client}>
      <WrappedBalance owner={OWNER} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  chain.wrapped = 0n;
  chain.reads = 0;
  chain.unwrapped = [];
  mockApi({});
});

describe('the wrapped AIA of the account page', () => {
  it('shows the balance and unwraps all of it in one withdraw', async () => {
    chain.wrapped = (3n * E18) / 2n;
    renderBalance();
    expect((await screen.findByTestId('wrapped-amount')).textContent).toBe('1.5 WAIA');
    fireEvent.click(screen.getByTestId('wrapped-unwrap'));
    await waitFor(() => expect(chain.unwrapped).toEqual([(3n * E18) / 2n]));
    await waitFor(() => expect(screen.getByTestId('wrapped-amount').textContent).toBe('0 WAIA'));
    await waitFor(() =>
      expect(screen.getByTestId('tx-status').getAttribute('data-phase')).toBe('done'),
    );
    expect((screen.getByTestId('wrapped-unwrap') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is hidden while the account holds none', async () => {
    const view = renderBalance();
    await waitFor(() => expect(chain.reads).toBe(1));
    expect(view.container.querySelector('[data-testid="wrapped-balance"]')).toBeNull();
  });
});
