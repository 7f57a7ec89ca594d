import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverTypedDataAddress, type Hex } from 'viem';
import {
  LISTING_TYPES,
  listingDomain,
  listingTree,
  type ListingCreateRequest,
} from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import type * as Chain from '../../lib/chain';
import type * as ListingChain from '../../lib/chain/listings';
import type * as OfferChain from '../../lib/chain/offers';
import { listingStruct } from '../../lib/chain/listings';
import { mockApi, type SeenCall } from '../../test/api';
import { testAppConfig } from '../../test/app-config';
import { cardVO } from '../../test/browseFixtures';
import {
  TEST_CHAIN_ID as CHAIN_ID,
  TEST_LISTINGS as LISTINGS,
  signInTestWallet,
  testWallet as account,
} from '../../test/trade-wallet';
import { relativePriceWei } from './bulk';
import { BulkCancelModal } from './BulkCancelModal';
import { BulkListModal } from './BulkListModal';

// The seller is the test wallet signing for real; approvals and cancels are recorded.
const E18 = 10n ** 18n;
const GEMS = '0x00000000000000000000000000000000000000ee';
const NOW = 1_900_000_000n;

const chain = vi.hoisted(() => ({ sent: [] as string[] }));

vi.mock('../../lib/chain', async (importOriginal) =>
  (await import('../../test/trade-wallet')).connectedChain(await importOriginal<typeof Chain>()),
);
vi.mock('../../lib/chain/offers', async (importOriginal) => {
  const real = await importOriginal<typeof OfferChain>();
  return { ...real, offerStartTime: async () => 1_900_000_000n };
});
vi.mock('../../lib/chain/listings', async (importOriginal) => {
  const { signingListings } = await import('../../test/trade-wallet');
  return {
    ...(await importOriginal<typeof ListingChain>()),
    ...signingListings(chain, 2n),
    cancelSignedListings: async (_w: unknown, hashes: Hex[], onHash?: Chain.TxHashHandler) => {
      chain.sent.push(`cancel ${hashes.length}`);
      onHash?.('cancelListings', `0x${'3'.repeat(64)}`);
      return { hash: `0x${'3'.repeat(64)}`, blockNumber: 9n };
    },
    cancelAllListings: async (_w: unknown, onHash?: Chain.TxHashHandler) => {
      chain.sent.push('increment counter');
      onHash?.('cancelAllListings', `0x${'3'.repeat(64)}`);
      return { hash: `0x${'3'.repeat(64)}`, blockNumber: 9n };
    },
  };
});

const USDT = '0x00000000000000000000000000000000000000dd';

function client() {
  const c = createQueryClient();
  c.setQueryData(['app-config'], testAppConfig({ chainId: CHAIN_ID }));
  c.setQueryData(
    ['listing-coins'],
    [
      { address: '0x0000000000000000000000000000000000000000', symbol: 'AIA', decimals: 18 },
      { address: USDT, symbol: 'USDT', decimals: 6 },
    ],
  );
  c.setQueryData(
    ['coin-rates'],
    [
      {
        currency: '0x0000000000000000000000000000000000000000',
        symbol: 'AIA',
        decimals: 18,
        rate: '1',
      },
    ],
  );
  return c;
}

beforeEach(() => {
  chain.sent = [];
  signInTestWallet();
});

describe('a price relative to the floor', () => {
  it('is exact in base units, rounded down, in any coin', () => {
    expect(relativePriceWei('2', '40', '1', 18)).toBe((8n * E18) / 10n);
    // 1.5 AIA floor at 110 % in a coin worth 0.5 AIA with 6 decimals: 3.3 coins.
    expect(relativePriceWei('1.5', '110', '0.5', 6)).toBe(3_300_000n);
    // 1 AIA / 3 in a 6-decimal coin: 333333.33.. base units, rounded down.
    expect(relativePriceWei('1', '100', '3', 6)).toBe(333_333n);
    expect(relativePriceWei('0', '100', '1', 18)).toBeNull();
    expect(relativePriceWei('1', 'x', '1', 18)).toBeNull();
  });
});

describe('bulk listing', () => {
  it('prices at a percent of each floor (own price where set), warns, approves each collection once and signs ONE tree', async () => {
    const created: ListingCreateRequest[] = [];
    mockApi({
      'GET /v1/api/collections/link': (call: SeenCall) => ({
        lowestPrice: call.query.get('linkCollection') === 'space-pirates' ? '2' : null,
      }),
      'POST /v1/api/listing/create': (call: SeenCall) => {
        created.push(call.body as ListingCreateRequest);
        return { orderHashes: [] };
      },
    });
    const items = [
      cardVO(1),
      cardVO(2),
      cardVO(3, {
        contractAddr: GEMS,
        contractType: 'ERC1155',
        linkCollection: 'gems',
        amount: '7',
        name: 'Gem',
      }),
    ];
    render(
      <QueryClientProvider client={client()}>
        <BulkListModal items={items} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('bulk-mode-floor'));
    fireEvent.change(screen.getByTestId('bulk-percent'), { target: { value: '40' } });
    // The gems have no floor: no price until it gets its own.
    const review = screen.getByTestId('bulk-list-review') as HTMLButtonElement;
    expect(review.disabled).toBe(true);
    fireEvent.change(screen.getAllByTestId('bulk-item-price')[2]!, { target: { value: '3' } });
    await vi.waitFor(() => expect(review.disabled).toBe(false));
    fireEvent.click(review);

    const step = screen.getByTestId('bulk-confirm-step');
    expect(
      within(step)
        .getAllByTestId('bulk-confirm-price')
        .map((e) => e.textContent),
    ).toEqual(['0.8', '0.8', '3']);
    expect(
      within(step)
        .getAllByTestId('bulk-confirm-coin')
        .map((e) => e.textContent),
    ).toEqual(['AIA', 'AIA', 'AIA']);
    // 0.8 is under half the 2 AIA floor: the listing dialog's warning, on each of them.
    expect(
      within(step)
        .getAllByTestId('floor-warning')
        .map((e) => e.dataset.kind),
    ).toEqual(['belowHalf', 'belowHalf']);
    fireEvent.click(screen.getByTestId('bulk-list-confirm'));
    await screen.findByTestId('bulk-list-success', {}, { timeout: 4000 });

    expect(chain.sent).toEqual([
      `approve ${items[0]!.contractAddr.toLowerCase()}`,
      `approve ${GEMS}`,
      'sign tree of 3',
    ]);
    const [req] = created;
    expect(req!.bulk).toBe(true);
    expect(req!.listings.map((l) => [l.tokenId, l.units, l.pricePerUnit, l.erc1155])).toEqual([
      ['1', '1', String((8n * E18) / 10n), false],
      ['2', '1', String((8n * E18) / 10n), false],
      ['3', '7', String(3n * E18), true],
    ]);
    expect(req!.listings.every((l) => l.counter === '2' && l.start === String(NOW))).toBe(true);
    expect(BigInt(req!.listings[0]!.end) - NOW).toBe(30n * 86_400n);
    expect(new Set(req!.listings.map((l) => l.salt)).size).toBe(3);
    // The one signature is the seller's over the typed tree of exactly these listings, in order.
    const signer = await recoverTypedDataAddress({
      ...listingTree(req!.listings.map(listingStruct)).typedData(CHAIN_ID, LISTINGS),
      signature: req!.signature as Hex,
    });
    expect(signer).toBe(account.address);
  });

  it('lets each item pick its coin: reviewed with price and coin each, one tree of mixed coins', async () => {
    const created: ListingCreateRequest[] = [];
    mockApi({
      'GET /v1/api/collections/link': { lowestPrice: null },
      'POST /v1/api/listing/create': (call: SeenCall) => {
        created.push(call.body as ListingCreateRequest);
        return { orderHashes: [] };
      },
    });
    render(
      <QueryClientProvider client={client()}>
        <BulkListModal items={[cardVO(1), cardVO(2), cardVO(3)]} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '1.5' } });
    const review = screen.getByTestId('bulk-list-review') as HTMLButtonElement;
    await vi.waitFor(() => expect(review.disabled).toBe(false));
    // The second item in USDT: the batch price is in AIA, so it needs its own price.
    const coinSelects = screen.getAllByTestId('bulk-item-coin') as HTMLSelectElement[];
    expect(coinSelects.map((s) => s.value)).toEqual(['0', '0', '0']);
    fireEvent.change(coinSelects[1]!, { target: { value: '1' } });
    await vi.waitFor(() => expect(review.disabled).toBe(true));
    fireEvent.change(screen.getAllByTestId('bulk-item-price')[1]!, { target: { value: '2.25' } });
    await vi.waitFor(() => expect(review.disabled).toBe(false));
    fireEvent.click(review);
    const step = screen.getByTestId('bulk-confirm-step');
    expect(
      within(step)
        .getAllByTestId('bulk-confirm-line')
        .map((line) => [
          within(line).getByTestId('bulk-confirm-price').textContent,
          within(line).getByTestId('bulk-confirm-coin').textContent,
        ]),
    ).toEqual([
      ['1.5', 'AIA'],
      ['2.25', 'USDT'],
      ['1.5', 'AIA'],
    ]);
    fireEvent.click(screen.getByTestId('bulk-list-confirm'));
    await screen.findByTestId('bulk-list-success', {}, { timeout: 4000 });
    expect(chain.sent.filter((s) => s.startsWith('sign'))).toEqual(['sign tree of 3']);
    const [req] = created;
    expect(req!.listings.map((l) => [l.coin, l.pricePerUnit])).toEqual([
      ['0x0000000000000000000000000000000000000000', String((15n * E18) / 10n)],
      [USDT, '2250000'],
      ['0x0000000000000000000000000000000000000000', String((15n * E18) / 10n)],
    ]);
    const signer = await recoverTypedDataAddress({
      ...listingTree(req!.listings.map(listingStruct)).typedData(CHAIN_ID, LISTINGS),
      signature: req!.signature as Hex,
    });
    expect(signer).toBe(account.address);
  });

  it('signs a single item as its own listing (no tree)', async () => {
    const created: ListingCreateRequest[] = [];
    mockApi({
      'GET /v1/api/collections/link': { lowestPrice: '2' },
      'POST /v1/api/listing/create': (call: SeenCall) => {
        created.push(call.body as ListingCreateRequest);
        return { orderHashes: [] };
      },
    });
    render(
      <QueryClientProvider client={client()}>
        <BulkListModal items={[cardVO(5)]} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('price-input'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('bulk-list-review'));
    expect(screen.queryByTestId('floor-warning')).toBeNull();
    fireEvent.click(screen.getByTestId('bulk-list-confirm'));
    await screen.findByTestId('bulk-list-success', {}, { timeout: 4000 });
    expect(chain.sent.at(-1)).toBe('sign one');
    const [req] = created;
    expect(req!.bulk).toBe(false);
    const signer = await recoverTypedDataAddress({
      domain: listingDomain(CHAIN_ID, LISTINGS),
      types: LISTING_TYPES,
      primaryType: 'Listing',
      message: listingStruct(req!.listings[0]!),
      signature: req!.signature as Hex,
    });
    expect(signer).toBe(account.address);
  });
});

describe('bulk cancel', () => {
  it('cancels the selected signed listings in one transaction, or all by the counter', async () => {
    mockApi({});
    const hashes = [`0x${'a'.repeat(64)}`, `0x${'b'.repeat(64)}`] as Hex[];
    const { unmount } = render(
      <QueryClientProvider client={client()}>
        <BulkCancelModal hashes={hashes} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('bulk-cancel-confirm'));
    await screen.findByTestId('bulk-cancel-success', {}, { timeout: 4000 });
    unmount();
    render(
      <QueryClientProvider client={client()}>
        <BulkCancelModal hashes="all" onClose={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('bulk-cancel-confirm'));
    await screen.findByTestId('bulk-cancel-success', {}, { timeout: 4000 });
    expect(chain.sent).toEqual(['cancel 2', 'increment counter']);
  });
});
