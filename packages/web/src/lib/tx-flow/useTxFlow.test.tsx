import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserRejectedRequestError, type Hash } from 'viem';
import { ApiError, ERRORS } from '@aiamarket/shared';
import type * as Chain from '../chain';
import { testAppConfig } from '../../test/app-config';
import { TxStatus, useTxFlow, type TxAction, type TxFlow, type TxState } from '.';

// The flow's wallet and indexer ends are replaced: the wallet may start on another chain (the
// switch is recorded), and the indexer's answer can be held back to see the flow wait for it.
const chain = vi.hoisted(() => ({
  onProductChain: true,
  wallet: { config: {}, account: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } as unknown,
  /** null: no signed-in wallet (the connect dialog would open). */
  signedIn: true,
  events: [] as string[],
  indexed: () => Promise.resolve(true),
}));
vi.mock('../chain', async (importOriginal) => {
  const real = await importOriginal<typeof Chain>();
  return {
    ...real,
    walletOnProductChain: async (onSwitch?: () => void) => {
      if (!chain.signedIn) return null;
      if (!chain.onProductChain) {
        onSwitch?.();
        chain.events.push('switch');
        chain.onProductChain = true;
      }
      return chain.wallet;
    },
    waitForIndexer: async (block: bigint) => {
      await chain.indexed();
      chain.events.push(`indexed ${block}`);
      return true;
    },
  };
});

const hash = (byte: string) => `0x${byte.repeat(32)}` as Hash;
const WRAP = hash('01');
const APPROVE = hash('02');
const MINT = hash('03');

beforeEach(() => {
  chain.onProductChain = true;
  chain.signedIn = true;
  chain.events = [];
  chain.indexed = () => Promise.resolve(true);
});
afterEach(() => vi.restoreAllMocks());

/** A flow and its status on a page; `seen` keeps every state the flow went through. */
function mountFlow() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A chain without an explorer: hashes are shown as text.
  client.setQueryData(['app-config'], testAppConfig({ chainId: 31337 }));
  // The refresh is recorded, not run (it would fetch the configuration again).
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
  const seen: TxState[] = [];
  const ref: { flow: TxFlow | null } = { flow: null };
  function Probe() {
    const flow = useTxFlow();
    ref.flow = flow;
    useEffect(() => {
      seen.push(flow.state);
    }, [flow.state]);
    return <TxStatus state={flow.state} />;
  }
  render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  const run = (action: TxAction, after?: Parameters<TxFlow['run']>[1]) => {
    let result!: Promise<boolean>;
    act(() => {
      result = ref.flow!.run(action, after);
    });
    return result;
  };
  return { run, seen, invalidate, flow: () => ref.flow! };
}

describe('the transaction flow (lib/tx-flow)', () => {
  it('switches a wallet on another chain first, reports each transaction, waits for the indexer at the last block, then refreshes', async () => {
    chain.onProductChain = false;
    let release!: () => void;
    chain.indexed = () => new Promise<boolean>((resolve) => (release = () => resolve(true)));
    const { run, seen, invalidate, flow } = mountFlow();
    const done = run(async (wallet, onHash) => {
      expect(wallet).toBe(chain.wallet);
      chain.events.push('action');
      onHash('wrap', WRAP);
      onHash('allowance', APPROVE);
      onHash('mint', MINT);
      return { hash: MINT, blockNumber: 9n };
    });
    const status = await screen.findByTestId('tx-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('indexing'));
    // Mined, not yet indexed: busy, no refresh yet, every step listed with its hash.
    expect(flow().busy).toBe(true);
    expect(invalidate).not.toHaveBeenCalled();
    const steps = within(status).getAllByTestId('tx-step');
    expect(steps.map((s) => s.getAttribute('data-step'))).toEqual([
      'switchChain',
      'wrap',
      'allowance',
      'mint',
    ]);
    expect(steps[1]!.textContent).toContain('Wrapping AIA');
    expect(steps[1]!.textContent).toContain(WRAP);
    expect(steps[2]!.textContent).toContain(APPROVE);
    await act(async () => release());
    expect(await done).toBe(true);
    expect(chain.events).toEqual(['switch', 'action', 'indexed 9']);
    expect(invalidate).toHaveBeenCalled();
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('done'));
    expect(status.getAttribute('data-hash')).toBe(MINT);
    expect(status.textContent).toContain('Transaction confirmed');
    // The switch was said while the wallet was asked, before any transaction (React may batch
    // the synchronous updates in between, so only the first named step is compared).
    const first = seen.find((s) => s.step !== null);
    expect(first && `${first.phase}:${first.step}`).toBe('wallet:switchChain');
  });

  it('an off-chain action (sign, then the server call): each step named, no block to wait for', async () => {
    let signed!: () => void;
    const signing = new Promise<void>((resolve) => (signed = resolve));
    let stored!: () => void;
    const storing = new Promise<void>((resolve) => (stored = resolve));
    const { run, invalidate } = mountFlow();
    const done = run(async (_wallet, onHash, report) => {
      onHash('allowance', APPROVE);
      report.sign('sign');
      await signing;
      report.submit('submit');
      await storing;
      return { hash: null, blockNumber: null };
    });
    const status = await screen.findByTestId('tx-status');
    await waitFor(() =>
      expect(status.textContent).toContain('Signing the offer: confirm in your wallet…'),
    );
    expect(status.getAttribute('data-phase')).toBe('wallet');
    // The approval before the signature is listed with its hash.
    expect(within(status).getByTestId('tx-step').textContent).toContain(APPROVE);
    await act(async () => signed());
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('submitting'));
    expect(status.textContent).toContain('Publishing the offer: sending to the server…');
    await act(async () => stored());
    expect(await done).toBe(true);
    expect(chain.events).toEqual([]);
    expect(invalidate).toHaveBeenCalled();
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('done'));
    expect(
      within(status)
        .getAllByTestId('tx-step')
        .map((s) => s.getAttribute('data-step')),
    ).toEqual(['allowance', 'sign', 'submit']);
  });

  it("says a server refusal in the catalogue's words and a wallet rejection as such", async () => {
    const { run } = mountFlow();
    const refused = run(async (_wallet, _onHash, report) => {
      report.submit('submit');
      throw new ApiError(ERRORS.offerNotFunded, undefined, undefined, ERRORS.offerNotFunded.key);
    });
    expect(await refused).toBe(false);
    const status = screen.getByTestId('tx-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('error'));
    expect(status.textContent).toContain(
      'Your balance or the approved amount of this coin does not cover the offer',
    );
    const rejected = run(async (_wallet, _onHash, report) => {
      report.sign('sign');
      throw new UserRejectedRequestError(new Error('denied'));
    });
    expect(await rejected).toBe(false);
    await waitFor(() =>
      expect(status.textContent).toContain('You rejected the request in your wallet'),
    );
  });

  it('without a signed-in wallet: nothing runs and the flow goes back to idle', async () => {
    chain.signedIn = false;
    const { run, flow } = mountFlow();
    const action = vi.fn<TxAction>();
    expect(await run(action)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    await waitFor(() => expect(flow().state.phase).toBe('idle'));
    expect(screen.queryByTestId('tx-status')).toBeNull();
  });
});
