import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, Hash } from 'viem';
import { NATIVE_COIN_ADDRESS } from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import { resetAppConfig } from '../../lib/appConfig';
import type * as Chain from '../../lib/chain';
import type { ContractCall } from '../../lib/chain';
import { testAppConfig } from '../../test/app-config';
import { mockApi } from '../../test/api';
import { OwedBalances } from './OwedBalances';

const ME = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const MARKET = '0x00000000000000000000000000000000000000a1';
const OFFERS = '0x00000000000000000000000000000000000000a2';
const LISTINGS = '0x00000000000000000000000000000000000000a3';
const OLD_OFFERS = '0x00000000000000000000000000000000000000b2';
const WAIA = '0x00000000000000000000000000000000000000c1';
const USD = '0x00000000000000000000000000000000000000c2';

interface OwedRead {
  address: Address;
  args: readonly [Address, Address];
}

// The credits as the chain would answer them (contract:coin -> amount), and the writes sent.
const chain = vi.hoisted(() => ({
  owed: new Map<string, bigint>(),
  reads: [] as { address: string; args: readonly string[] }[],
  sent: [] as { address: string; functionName: string; args: readonly unknown[] }[],
}));

vi.mock('../../lib/chain', async (importOriginal) => {
  const real = await importOriginal<typeof Chain>();
  return {
    ...real,
    walletOnProductChain: async () => ({ config: {}, account: ME }),
    waitForIndexer: async () => true,
    publicClient: async () => ({
      multicall: async ({ contracts }: { contracts: OwedRead[] }) =>
        contracts.map((c) => {
          chain.reads.push({ address: c.address, args: c.args });
          return {
            status: 'success',
            result: chain.owed.get(`${c.address}:${c.args[0]}`) ?? 0n,
          };
        }),
    }),
    sendContractCall: async (_wallet: unknown, call: ContractCall, onHash?: (h: Hash) => void) => {
      chain.sent.push({ address: call.address, functionName: call.functionName, args: call.args });
      chain.owed.delete(`${call.address}:${String(call.args[0])}`);
      const hash = `0x${'3'.repeat(64)}` as Hash;
      onHash?.(hash);
      return { hash, blockNumber: 7n };
    },
  };
});
vi.mock('../../lib/chain/coins', () => ({
  loadMarketCoins: async () => [
    { address: NATIVE_COIN_ADDRESS, symbol: 'AIA', decimals: 18 },
    { address: USD, symbol: 'USDT', decimals: 6 },
  ],
}));

function renderOwed() {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <OwedBalances owner={ME} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  chain.owed = new Map();
  chain.reads = [];
  chain.sent = [];
  mockApi({});
  resetAppConfig(
    testAppConfig({
      chainId: 31337,
      contracts: { Marketplace: MARKET, Offers: OFFERS, Listings: LISTINGS, WrappedAIA: WAIA },
      retired: [{ name: 'Offers', address: OLD_OFFERS }],
    }),
  );
});
afterEach(() => resetAppConfig());

describe('what the contracts owe the account', () => {
  it('reads every paying contract (retired included) in every coin, for the account', async () => {
    const view = renderOwed();
    // 4 contracts x 3 coins (AIA, USDT, WAIA).
    await waitFor(() => expect(chain.reads).toHaveLength(12));
    expect(new Set(chain.reads.map((r) => r.address))).toEqual(
      new Set([MARKET, OFFERS, LISTINGS, OLD_OFFERS]),
    );
    expect(new Set(chain.reads.map((r) => r.args[0]))).toEqual(
      new Set([NATIVE_COIN_ADDRESS, USD, WAIA]),
    );
    expect(chain.reads.every((r) => r.args[1] === ME)).toBe(true);
    // Nothing owed: no panel.
    expect(view.container.querySelector('[data-testid="owed-balances"]')).toBeNull();
  });

  it('shows a credit with its Withdraw, which sends withdrawOwed(coin, me) through the flow', async () => {
    chain.owed.set(`${MARKET}:${NATIVE_COIN_ADDRESS}`, 1_500_000_000_000_000_001n);
    chain.owed.set(`${OLD_OFFERS}:${USD}`, 2_500_000n);
    renderOwed();
    const amounts = await screen.findAllByTestId('owed-amount');
    // Exact (every digit of the credit), with the coin's own decimals.
    expect(amounts.map((a) => a.textContent)).toEqual(['1.500000000000000001 AIA', '2.5 USDT']);
    expect(screen.getByText('Offers (retired)')).toBeTruthy();

    fireEvent.click(screen.getAllByTestId('owed-withdraw')[1]!);
    await waitFor(() =>
      expect(chain.sent).toEqual([
        { address: OLD_OFFERS, functionName: 'withdrawOwed', args: [USD, ME] },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('tx-status').getAttribute('data-phase')).toBe('done'),
    );
    // The list is read again after the withdrawal: only the AIA credit is left.
    await waitFor(() => expect(screen.getAllByTestId('owed-line')).toHaveLength(1));
  });
});
