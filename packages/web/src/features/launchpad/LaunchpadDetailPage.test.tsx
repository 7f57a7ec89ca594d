import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Chain from '../../lib/chain';
import { mockApi, type SeenCall } from '../../test/api';
import { renderApp } from '../../test/render';
import { saveSession } from '../../lib/session';
import { setLanguage } from '../../i18n';
import { project } from './fixtures';
import type { LaunchpadProject } from './types';

const chain = vi.hoisted(() => ({
  supply: { totalSupply: 3, collectionSize: 1000 },
  user: { minted: 0, remaining: 20 },
  coinMinted: 0,
  /** getConfig's answer; null: the read fails (the modal then uses the project record). */
  config: null as null | {
    coinCaps: Map<string, number>;
    maxBatchSize: number;
    maxUserSize: number;
  },
  assets: [] as {
    tokenId: string;
    name: string;
    imageUrl: null;
    amount: number;
    contractAddr: string;
  }[],
  mint: vi.fn(async (..._args: unknown[]) => ({ hash: MINED, blockNumber: 42n })),
  swap: vi.fn(async (..._args: unknown[]) => ({ hash: MINED, blockNumber: 42n })),
  wallet: { config: {}, account: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' } as unknown,
  /** The wallet's chain: elsewhere, the flow must have it switched before anything is sent. */
  onProductChain: true,
  /** What happened, in order: 'switch', 'mint', 'swap', 'indexed <block>'. */
  calls: [] as string[],
  /** The indexer's answer; a test may hold it back. */
  indexed: () => Promise.resolve(true),
}));
const MINED = `0x${'ab'.repeat(32)}`;
const APPROVED = `0x${'cd'.repeat(32)}`;

// The one transaction flow (lib/tx-flow) asks lib/chain for the wallet on the product chain and
// waits for the indexer: both are replaced here, the switch recorded.
vi.mock('../../lib/chain', async (importOriginal) => {
  const real = await importOriginal<typeof Chain>();
  return {
    ...real,
    walletOnProductChain: vi.fn(async (onSwitch?: () => void) => {
      if (!chain.onProductChain) {
        onSwitch?.();
        chain.calls.push('switch');
        chain.onProductChain = true;
      }
      return chain.wallet;
    }),
    waitForIndexer: vi.fn(async (block: bigint) => {
      await chain.indexed();
      chain.calls.push(`indexed ${block}`);
      return true;
    }),
  };
});

vi.mock('./chain', () => ({
  readSupply: vi.fn(async () => chain.supply),
  readUserMinted: vi.fn(async () => chain.user),
  readCoinMinted: vi.fn(async () => chain.coinMinted),
  readSaleConfig: vi.fn(async () => {
    if (!chain.config) throw new Error('getConfig failed');
    return chain.config;
  }),
  loadUserSourceAssets: vi.fn(async () => chain.assets),
  connectedWallet: vi.fn(async () => chain.wallet),
  mint: chain.mint,
  mintCost: (c: { number: string }, n: number) =>
    BigInt(Math.round(Number(c.number) * 100)) * BigInt(n) * 10n ** 16n,
  swap: chain.swap,
  chainErrorMessage: () => ({ key: 'launchpad.transactionErr', values: {} }),
}));

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function serve(record: LaunchpadProject, extra: Record<string, unknown> = {}) {
  return mockApi({
    'POST /v1/api/collections/getLaunPage': (call: SeenCall) => {
      const { id } = call.body as { id: number };
      return id === record.id ? { records: [record], total: 1 } : { records: [], total: 0 };
    },
    'POST /v1/api/collections/contract': { contractType: 'ERC721', name: 'AIA Heroes' },
    'GET /v1/api/user/current': null,
    ...extra,
  });
}

beforeEach(() => {
  chain.supply = { totalSupply: 3, collectionSize: 1000 };
  chain.user = { minted: 0, remaining: 20 };
  chain.coinMinted = 0;
  chain.config = { coinCaps: new Map(), maxBatchSize: 10, maxUserSize: 20 };
  chain.assets = [];
  chain.mint.mockClear();
  chain.swap.mockClear();
  chain.onProductChain = true;
  chain.calls = [];
  chain.indexed = () => Promise.resolve(true);
});

describe('/launchpad/{id}', () => {
  it("writes its figures the interface language's way: 1.000 and 0,01 in Turkish", async () => {
    await setLanguage('tr', { persist: false });
    try {
      chain.supply = { totalSupply: 250, collectionSize: 1000 };
      serve(project());
      renderApp('/launchpad/1');
      await screen.findByTestId('launchpad-detail');
      await waitFor(() =>
        expect(screen.getByTestId('launchpad-minted').textContent).toBe('250 / 1.000'),
      );
      expect(screen.getAllByTestId('mint-prices')[0]!.textContent).toContain('0,01 AIA');
    } finally {
      await setLanguage('en', { persist: false });
    }
  });

  it('shows the project: banner, socials present, name link, minted from chain, prices, article', async () => {
    chain.supply = { totalSupply: 250, collectionSize: 1000 };
    serve(project());
    renderApp('/launchpad/1');
    const page = await screen.findByTestId('launchpad-detail');
    await waitFor(() =>
      expect(screen.getByTestId('launchpad-minted').textContent).toBe('250 / 1,000'),
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('250');
    expect(screen.getByTestId('launchpad-collection-link').getAttribute('href')).toBe(
      '/collection/aia-genesis',
    );
    const socials = within(screen.getByTestId('launchpad-socials')).getAllByRole('link');
    expect(socials.map((a) => a.textContent)).toEqual(['Website', 'Twitter']);
    expect(socials.every((a) => a.getAttribute('target') === '_blank')).toBe(true);
    expect(screen.getByTestId('launchpad-mint-start').textContent).toContain(
      '2026-01-01 10:30 (UTC+8)',
    );
    expect(within(page).getByTestId('countdown').textContent).toBe('1d 02h 03m 04s');
    const article = screen.getByTestId('launchpad-article');
    expect(article.innerHTML).toContain('<h2>Roadmap</h2>');
    expect(article.innerHTML).not.toContain('script');
    const toggle = screen.getByTestId('launchpad-description-toggle');
    expect(toggle.textContent).toBe('More');
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('Put away');
    expect(screen.getByTestId('launchpad-mint').getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByTestId('launchpad-exchange')).toBeTruthy();
  });

  it('hides the exchange button unless isExchange is 1 and socials that are absent', async () => {
    serve(
      project({
        isExchange: 0,
        collectionsVO: { ...project().collectionsVO, linkSkypegmwcn: null, linkTwitter: null },
      }),
    );
    renderApp('/launchpad/1');
    await screen.findByTestId('launchpad-mint');
    expect(screen.queryByTestId('launchpad-exchange')).toBeNull();
    expect(screen.queryByTestId('launchpad-socials')).toBeNull();
  });

  it("ended (state 2): a disabled 'End' and a preview to the collection; no countdown", async () => {
    serve(project({ state: 2, status: 2 }));
    renderApp('/launchpad/1');
    const closed = await screen.findByTestId('launchpad-closed');
    expect(closed.textContent).toBe('End');
    expect((closed as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('launchpad-preview').getAttribute('href')).toBe(
      '/collection/aia-genesis',
    );
    expect(screen.queryByTestId('launchpad-mint')).toBeNull();
    expect(screen.queryByTestId('countdown')).toBeNull();
  });

  it("sold out (minted == mintNum): a disabled 'Sold out' and the preview", async () => {
    chain.supply = { totalSupply: 1000, collectionSize: 1000 };
    serve(project());
    renderApp('/launchpad/1');
    const closed = await screen.findByTestId('launchpad-closed');
    expect(closed.textContent).toBe('Sold out');
    expect(screen.getByTestId('launchpad-preview')).toBeTruthy();
  });

  it('state 3: mint and exchange are styled disabled and do nothing', async () => {
    serve(project({ state: 3, status: 2 }));
    renderApp('/launchpad/1');
    const mint = await screen.findByTestId('launchpad-mint');
    expect(mint.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(mint);
    fireEvent.click(screen.getByTestId('launchpad-exchange'));
    expect(screen.queryByTestId('mint-modal')).toBeNull();
    expect(screen.queryByTestId('exchange-modal')).toBeNull();
    expect(screen.queryByTestId('countdown')).toBeNull();
  });

  it('shows a message for an unknown project', async () => {
    serve(project());
    renderApp('/launchpad/7');
    expect((await screen.findByTestId('launchpad-not-found')).textContent).toBe(
      'This project does not exist',
    );
  });

  it('reloads the project when the countdown reaches zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = serve(project({ countdown: [0, 0, 0, 2] }));
      renderApp('/launchpad/1');
      await screen.findByTestId('launchpad-detail');
      const before = api.filter((c) => c.path.endsWith('getLaunPage')).length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2500);
      });
      await waitFor(() =>
        expect(api.filter((c) => c.path.endsWith('getLaunPage')).length).toBeGreaterThan(before),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The mint modal's row of `coin`: its queries, its count input and error line, its buttons. */
function mintRow(modal: HTMLElement, coin: 'AIA' | 'USDT') {
  const row = within(modal).getByTestId(`mint-row-${coin}`);
  const queries = within(row);
  return {
    ...queries,
    row,
    input: () => queries.getByTestId<HTMLInputElement>('mint-count'),
    error: () => queries.getByTestId('mint-error').textContent,
    press: (button: 'plus' | 'minus' | 'submit') =>
      fireEvent.click(queries.getByTestId(`mint-${button}`)),
  };
}

describe('mint modal', () => {
  async function openMint(record = project()) {
    saveSession({ token: 'tok', address: ADDRESS, wallet: 'test.wallet', walletName: 'Test' });
    serve(record);
    renderApp('/launchpad/1');
    fireEvent.click(await screen.findByTestId('launchpad-mint'));
    // The modal is its own chunk: the first opening may take a moment on a busy machine.
    return screen.findByTestId('mint-modal', {}, { timeout: 5_000 });
  }

  it('has a row per coin with stepper, thousands separators, running total and the price line', async () => {
    const modal = await openMint();
    const rows = within(modal).getAllByTestId(/^mint-row-/);
    expect(rows).toHaveLength(2);
    const aia = mintRow(modal, 'AIA');
    expect(aia.getByTestId('mint-submit').textContent).toBe('Mint with AIA');
    aia.press('plus');
    aia.press('plus');
    expect(aia.input().value).toBe('3');
    expect(aia.getByTestId('mint-total').textContent).toBe('Total 0.03 AIA');
    aia.press('minus');
    expect(aia.input().value).toBe('2');
    expect(within(modal).getByTestId('mint-price-line').textContent).toBe(
      'Price 0.01 AIA / 5 USDT · at most 20 per wallet',
    );
  });

  it('caps typed quantities above mintMaxLimit with maxMintTip', async () => {
    chain.config = null;
    chain.user = { minted: 0, remaining: 5000 };
    const modal = await openMint(project({ mintMaxLimit: 600, maxBatchSize: 5000 }));
    const aia = mintRow(modal, 'AIA');
    const input = aia.input();
    await within(modal).findByTestId('mint-yours');
    fireEvent.change(input, { target: { value: '1,200' } });
    expect(input.value).toBe('600');
    fireEvent.change(input, { target: { value: '500' } });
    expect(input.value).toBe('500');
    fireEvent.change(input, { target: { value: '2,000' } });
    expect(input.value).toBe('600');
    expect(aia.error()).toBe('A single transaction exceeds the maximum (600)');
  });

  it("caps quantities at the chain's per-transaction maximum (maxBatchSize) with maxMintTip", async () => {
    chain.config = { coinCaps: new Map(), maxBatchSize: 4, maxUserSize: 20 };
    const modal = await openMint();
    const aia = mintRow(modal, 'AIA');
    // The chain's config has been read: its caps replace the record's (maxBatchSize 10).
    await waitFor(() =>
      expect(within(modal).getByTestId('mint-price-line').textContent).toContain('at most 20'),
    );
    const input = aia.input();
    fireEvent.change(input, { target: { value: '4' } });
    expect(aia.queryByTestId('mint-error')).toBeNull();
    aia.press('plus');
    expect(input.value).toBe('4');
    expect(aia.error()).toBe('A single transaction exceeds the maximum (4)');
  });

  it('without the chain config, caps at the record maxBatchSize (10), below mintMaxLimit', async () => {
    chain.config = null;
    const modal = await openMint();
    const aia = mintRow(modal, 'AIA');
    const input = aia.input();
    fireEvent.change(input, { target: { value: '15' } });
    expect(input.value).toBe('10');
    expect(aia.error()).toBe('A single transaction exceeds the maximum (10)');
  });

  it("the stepper stops at the wallet's remaining allowance (per-wallet cap minus minted)", async () => {
    chain.user = { minted: 18, remaining: 2 };
    const modal = await openMint();
    const aia = mintRow(modal, 'AIA');
    await within(modal).findByTestId('mint-yours');
    const input = aia.input();
    aia.press('plus');
    expect(input.value).toBe('2');
    expect(aia.queryByTestId('mint-error')).toBeNull();
    aia.press('plus');
    expect(input.value).toBe('2');
    expect(aia.error()).toBe('Wallet mint limit reached (you can mint 2 more)');
    fireEvent.change(input, { target: { value: '9' } });
    expect(input.value).toBe('2');
  });

  it('the stepper stops at the remaining supply and at the coin remainder', async () => {
    chain.supply = { totalSupply: 997, collectionSize: 1000 };
    chain.coinMinted = 499;
    const modal = await openMint();
    await within(modal).findByTestId('mint-yours');
    const aia = mintRow(modal, 'AIA');
    const aiaInput = aia.input();
    fireEvent.change(aiaInput, { target: { value: '5' } });
    expect(aiaInput.value).toBe('3');
    expect(aia.error()).toBe('Not enough swappable or mintable NFTs remaining (3 left)');
    const usdt = mintRow(modal, 'USDT');
    const usdtInput = usdt.input();
    fireEvent.change(usdtInput, { target: { value: '2' } });
    expect(usdtInput.value).toBe('1');
    expect(usdt.error()).toBe('Coin mint limit exceeded (can mint 1)');
  });

  it('refuses 0 (enterAmounts) and more than the remaining supply (exceedMintTip)', async () => {
    chain.supply = { totalSupply: 998, collectionSize: 1000 };
    const modal = await openMint();
    const aia = mintRow(modal, 'AIA');
    aia.press('minus');
    aia.press('submit');
    expect((await aia.findByTestId('mint-error')).textContent).toBe('Please enter the amount');
    // Once the chain state is read, the stepper stops at the 2 left.
    await within(modal).findByTestId('mint-yours');
    const input = aia.input();
    fireEvent.change(input, { target: { value: '5' } });
    expect(input.value).toBe('2');
    expect(aia.error()).toBe('Not enough swappable or mintable NFTs remaining (2 left)');
    expect(chain.mint).not.toHaveBeenCalled();
  });

  it('keeps a typed quantity that is not a whole number, says why and mints nothing', async () => {
    const modal = await openMint();
    await within(modal).findByTestId('mint-yours');
    const aia = mintRow(modal, 'AIA');
    const input = aia.input();
    // Key by key, as typed: the old box kept the digits, so "1,5" became 15.
    fireEvent.change(input, { target: { value: '' } });
    for (const key of '1,5') fireEvent.change(input, { target: { value: input.value + key } });
    expect(input.value).toBe('1,5');
    expect(aia.error()).toBe('Ambiguous number: use "." for decimals and no thousands separators');
    aia.press('submit');
    await waitFor(() => expect(aia.error()).toBe('Please enter the amount'));
    expect(chain.mint).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '2' } });
    expect(input.value).toBe('2');
    expect(aia.queryByTestId('mint-error')).toBeNull();
  });

  it('refuses at submit what the chain no longer allows (supply minted meanwhile)', async () => {
    const modal = await openMint();
    await within(modal).findByTestId('mint-yours');
    const aia = mintRow(modal, 'AIA');
    fireEvent.change(aia.getByTestId('mint-count'), { target: { value: '5' } });
    chain.supply = { totalSupply: 998, collectionSize: 1000 };
    aia.press('submit');
    await waitFor(() =>
      expect(aia.error()).toBe('Not enough swappable or mintable NFTs remaining (2 left)'),
    );
    expect(chain.mint).not.toHaveBeenCalled();
  });

  it("refuses more than the coin's remainder (coinMintTip); a spent coin reads 'Sold out'", async () => {
    chain.coinMinted = 497;
    const modal = await openMint();
    await within(modal).findByTestId('mint-yours');
    const usdt = mintRow(modal, 'USDT');
    const input = usdt.input();
    fireEvent.change(input, { target: { value: '4' } });
    expect(input.value).toBe('3');
    expect(usdt.error()).toBe('Coin mint limit exceeded (can mint 3)');
    chain.coinMinted = 800;
    const again = await openMintAgain();
    const aia = mintRow(again, 'AIA');
    await waitFor(() => expect(aia.getByTestId('mint-submit').textContent).toBe('Sold out'));
    expect((aia.getByTestId('mint-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  async function openMintAgain() {
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('mint-modal')).toBeNull());
    // Minting state is cached per project and user: a fresh page reads it again.
    document.body.innerHTML = '';
    return openMint();
  }

  it('mints, then shows the success toast and modal with the account link', async () => {
    const modal = await openMint();
    const aia = mintRow(modal, 'AIA');
    aia.press('plus');
    aia.press('submit');
    const success = await screen.findByTestId('launchpad-success');
    expect(chain.mint).toHaveBeenCalledWith(
      chain.wallet,
      expect.objectContaining({ id: 1 }),
      expect.objectContaining({ coin: 'AIA' }),
      2,
      expect.any(Function),
    );
    expect(await screen.findByText('Minted successfully')).toBeTruthy();
    expect(within(success).getByTestId('launchpad-success-account').getAttribute('href')).toBe(
      `/account/0/${ADDRESS}`,
    );
  });

  it('from a wallet on another chain: the switch is asked first, then the allowance and the mint', async () => {
    chain.onProductChain = false;
    chain.mint.mockImplementationOnce(async (...args: unknown[]) => {
      const onHash = args[4] as (step: string, hash: string) => void;
      chain.calls.push('mint');
      onHash('allowance', APPROVED);
      onHash('mint', MINED);
      return { hash: MINED, blockNumber: 42n };
    });
    const modal = await openMint();
    const usdt = mintRow(modal, 'USDT');
    usdt.press('submit');
    await screen.findByTestId('launchpad-success');
    expect(chain.calls).toEqual(['switch', 'mint', 'indexed 42']);
  });

  it('shows each step with its hash and waits for the indexer before the success view', async () => {
    let release!: () => void;
    chain.indexed = () => new Promise<boolean>((resolve) => (release = () => resolve(true)));
    chain.mint.mockImplementationOnce(async (...args: unknown[]) => {
      const onHash = args[4] as (step: string, hash: string) => void;
      onHash('allowance', APPROVED);
      onHash('mint', MINED);
      return { hash: MINED, blockNumber: 42n };
    });
    const modal = await openMint();
    fireEvent.click(within(within(modal).getByTestId('mint-row-USDT')).getByTestId('mint-submit'));
    const status = await within(modal).findByTestId('tx-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('indexing'));
    expect(status.textContent).toContain('Confirmed on chain, updating the page');
    const steps = within(status).getAllByTestId('tx-step');
    expect(steps.map((s) => s.getAttribute('data-step'))).toEqual(['allowance', 'mint']);
    expect(steps[0]!.textContent).toContain('Approving the coin');
    expect(steps[0]!.textContent).toContain(APPROVED);
    expect(steps[1]!.textContent).toContain('Minting');
    expect(status.getAttribute('data-hash')).toBe(MINED);
    // Mined but not yet indexed: the modal is busy and has not said it is done.
    expect(screen.queryByTestId('launchpad-success')).toBeNull();
    expect(modal.getAttribute('aria-busy')).toBe('true');
    act(() => release());
    await screen.findByTestId('launchpad-success');
    expect(chain.calls).toEqual(['indexed 42']);
  });

  it('a failed transaction shows the transaction error and frees the modal', async () => {
    chain.mint.mockRejectedValueOnce(new Error('boom'));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const modal = await openMint();
    fireEvent.click(within(within(modal).getByTestId('mint-row-AIA')).getByTestId('mint-submit'));
    expect(await screen.findByText('Transaction failed')).toBeTruthy();
    expect(spy).toHaveBeenCalled();
    expect(modal.getAttribute('aria-busy')).toBe('false');
  });
});

describe('exchange modal', () => {
  async function openExchange(record = project()) {
    saveSession({ token: 'tok', address: ADDRESS, wallet: 'test.wallet', walletName: 'Test' });
    serve(record);
    renderApp('/launchpad/1');
    fireEvent.click(await screen.findByTestId('launchpad-exchange'));
    return screen.findByTestId('exchange-modal');
  }

  const heroes = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      tokenId: String(i + 1),
      name: `AIA Heroes #${i + 1}`,
      imageUrl: null,
      amount: 1,
      contractAddr: '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9',
    }));

  it('asks a visitor to connect instead of opening', async () => {
    serve(project());
    renderApp('/launchpad/1');
    fireEvent.click(await screen.findByTestId('launchpad-exchange'));
    expect(await screen.findByRole('dialog', { name: 'Connect wallet' })).toBeTruthy();
    expect(screen.queryByTestId('exchange-modal')).toBeNull();
  });

  it('with no source NFTs: the no-NFT message, the buy link, confirm disabled', async () => {
    const modal = await openExchange();
    const empty = await within(modal).findByTestId('exchange-empty');
    expect(empty.textContent).toContain('You have no NFTs of this collection to exchange');
    expect(within(empty).getByTestId('exchange-to-buy').getAttribute('href')).toBe(
      '/collection/AIA%20Heroes',
    );
    expect((within(modal).getByTestId('exchange-confirm') as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(modal).getByTestId('exchange-ratio').textContent).toBe('(Exchange 2 for 1)');
    expect(within(modal).getByTestId('exchange-list').style.height).toBe('310px');
  });

  it('selects 721 sources, refuses an empty or odd selection, then swaps 2:1', async () => {
    chain.assets = heroes(3);
    const modal = await openExchange();
    const checks = await within(modal).findAllByTestId('exchange-check');
    expect(checks).toHaveLength(3);
    fireEvent.click(within(modal).getByTestId('exchange-confirm'));
    await waitFor(() =>
      expect(within(modal).getByTestId('exchange-error').textContent).toBe('Please select NFT'),
    );
    fireEvent.click(checks[0]!);
    expect(within(modal).getByTestId('exchange-tip').textContent).toBe(
      'Selected 1, you will receive 0 Project 1',
    );
    fireEvent.click(within(modal).getByTestId('exchange-confirm'));
    await waitFor(() =>
      expect(within(modal).getByTestId('exchange-error').textContent).toBe(
        'The selected count does not meet the swap ratio',
      ),
    );
    fireEvent.click(checks[2]!);
    expect(within(modal).getByTestId('exchange-tip').textContent).toBe(
      'Selected 2, you will receive 1 Project 1',
    );
    chain.swap.mockImplementationOnce(async () => {
      chain.user = { minted: 1, remaining: 19 };
      return { hash: MINED, blockNumber: 42n };
    });
    fireEvent.click(within(modal).getByTestId('exchange-confirm'));
    await screen.findByTestId('launchpad-success');
    expect(chain.swap).toHaveBeenCalledWith(
      chain.wallet,
      expect.objectContaining({ id: 1 }),
      721,
      [
        { tokenId: '1', amount: 1 },
        { tokenId: '3', amount: 1 },
      ],
      expect.any(Function),
    );
    expect(
      (await screen.findAllByText(/Exchanged successfully: 1 received/)).length,
    ).toBeGreaterThan(0);
  });

  it('swaps from a wallet on another chain: switch first, approval and swap shown, the indexer waited for', async () => {
    chain.assets = heroes(2);
    chain.onProductChain = false;
    let release!: () => void;
    chain.indexed = () => new Promise<boolean>((resolve) => (release = () => resolve(true)));
    chain.swap.mockImplementationOnce(async (...args: unknown[]) => {
      const onHash = args[4] as (step: string, hash: string) => void;
      chain.calls.push('swap');
      onHash('approvalLaunchpad', APPROVED);
      onHash('swap', MINED);
      chain.user = { minted: 1, remaining: 19 };
      return { hash: MINED, blockNumber: 43n };
    });
    const modal = await openExchange();
    const checks = await within(modal).findAllByTestId('exchange-check');
    checks.forEach((c) => fireEvent.click(c));
    fireEvent.click(within(modal).getByTestId('exchange-confirm'));
    const status = await within(modal).findByTestId('tx-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('indexing'));
    expect(
      within(status)
        .getAllByTestId('tx-step')
        .map((s) => s.getAttribute('data-step')),
    ).toEqual(['switchChain', 'approvalLaunchpad', 'swap']);
    expect(status.textContent).toContain('Approving the launchpad');
    expect(screen.queryByTestId('launchpad-success')).toBeNull();
    act(() => release());
    await screen.findByTestId('launchpad-success');
    expect(chain.calls).toEqual(['switch', 'swap', 'indexed 43']);
    expect(
      (await screen.findAllByText(/Exchanged successfully: 1 received/)).length,
    ).toBeGreaterThan(0);
  });

  it('refuses a received count above the supply, the per-user maximum or the remaining allowance', async () => {
    chain.assets = heroes(4);
    chain.supply = { totalSupply: 999, collectionSize: 1000 };
    const modal = await openExchange();
    const checks = await within(modal).findAllByTestId('exchange-check');
    checks.forEach((c) => fireEvent.click(c));
    fireEvent.click(within(modal).getByTestId('exchange-confirm'));
    await waitFor(() =>
      expect(within(modal).getByTestId('exchange-error').textContent).toBe(
        'Not enough NFTs remaining for this exchange',
      ),
    );
    chain.supply = { totalSupply: 0, collectionSize: 1000 };
    chain.user = { minted: 19, remaining: 1 };
    fireEvent.click(within(modal).getByTestId('exchange-confirm'));
    await waitFor(() =>
      expect(within(modal).getByTestId('exchange-error').textContent).toBe(
        'Wallet mint limit reached (you can mint 1 more)',
      ),
    );
    expect(chain.swap).not.toHaveBeenCalled();
  });

  it('1155 sources: steppers capped at the held amount (beyondTip)', async () => {
    chain.assets = [
      { tokenId: '1', name: 'Items #1', imageUrl: null, amount: 2, contractAddr: '0x1' },
    ];
    mockApi({
      'POST /v1/api/collections/getLaunPage': {
        records: [project({ oldNum: 1, newNum: 1 })],
        total: 1,
      },
      'POST /v1/api/collections/contract': { contractType: 'ERC1155', name: 'AIA Game Items' },
    });
    saveSession({ token: 'tok', address: ADDRESS, wallet: 'test.wallet', walletName: 'Test' });
    renderApp('/launchpad/1');
    fireEvent.click(await screen.findByTestId('launchpad-exchange'));
    const modal = await screen.findByTestId('exchange-modal');
    const item = await within(modal).findByTestId('exchange-item');
    expect(item.textContent).toContain('x 2');
    const plus = within(item).getByTestId('exchange-plus') as HTMLButtonElement;
    const amount = within(item).getByTestId('exchange-amount') as HTMLInputElement;
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(amount.value).toBe('2');
    // At the held amount the stepper offers no more.
    expect(plus.disabled).toBe(true);
    // A typed amount above it is capped with the reason said once; the capped value is valid,
    // so no error stays on the form.
    fireEvent.change(amount, { target: { value: '5' } });
    expect(amount.value).toBe('2');
    expect(await screen.findByText('The selected amount is more than you hold')).toBeTruthy();
    expect(within(modal).queryByTestId('exchange-error')).toBeNull();
    expect(within(modal).getByTestId('exchange-tip').textContent).toBe(
      'Selected 2, you will receive 2 Project 1',
    );
    fireEvent.click(within(modal).getByTestId('exchange-confirm'));
    await waitFor(() => expect(chain.swap).toHaveBeenCalled());
    expect(within(modal).queryByText('The selected amount is more than you hold')).toBeNull();
  });
  it('lists the source NFTs from /asset/userInfoList, 20 a page, the next page on scroll', async () => {
    const cards = Array.from({ length: 25 }, (_, i) => ({
      tokenId: String(i + 1),
      contractAddr: '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9',
      contractType: 'ERC721',
      name: i === 0 ? null : `Hero ${i + 1}`,
      imageUrl: `/ipfs/hero${i + 1}`,
      collectionName: 'AIA Heroes',
      linkCollection: 'aia-heroes',
      amount: '1',
      order: null,
    }));
    saveSession({ token: 'tok', address: ADDRESS, wallet: 'test.wallet', walletName: 'Test' });
    const calls = serve(project(), {
      'POST /v1/api/asset/userInfoList': (call: SeenCall) => {
        const { page, size } = call.body as { page: number; size: number };
        return { records: cards.slice((page - 1) * size, page * size), total: cards.length };
      },
    });
    const { loadUserSourceAssets } = await import('./chain');
    vi.mocked(loadUserSourceAssets).mockClear();
    renderApp('/launchpad/1');
    fireEvent.click(await screen.findByTestId('launchpad-exchange'));
    const modal = await screen.findByTestId('exchange-modal');
    await waitFor(() => expect(within(modal).getAllByTestId('exchange-item')).toHaveLength(20));
    const first = calls.find((c) => c.path === '/v1/api/asset/userInfoList')!;
    expect(first.body).toEqual({
      contractAddr: '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9',
      ownerAddr: ADDRESS,
      page: 1,
      size: 20,
    });
    // A card without a name is shown as "collection #id"; images come from the API.
    expect(within(modal).getAllByTestId('exchange-item')[0]!.textContent).toContain(
      'AIA Heroes #1',
    );
    const list = within(modal).getByTestId('exchange-list');
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 310 });
    list.scrollTop = 700;
    fireEvent.scroll(list);
    await waitFor(() => expect(within(modal).getAllByTestId('exchange-item')).toHaveLength(25));
    expect(
      calls
        .filter((c) => c.path === '/v1/api/asset/userInfoList')
        .map((c) => (c.body as { page: number }).page),
    ).toEqual([1, 2]);
    // The chain is not scanned when the API answers.
    expect(loadUserSourceAssets).not.toHaveBeenCalled();
  });
});
