import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverTypedDataAddress, zeroAddress, type Hex } from 'viem';
import {
  ORDER_HOLD,
  ORDER_KIND,
  ORDER_STATUS,
  listingTree,
  type ListingCreateRequest,
  type OrderVO,
} from '@aiamarket/shared';
import { createQueryClient } from '../../app/Providers';
import type * as Chain from '../../lib/chain';
import type * as ListingChain from '../../lib/chain/listings';
import type * as OfferChain from '../../lib/chain/offers';
import { mockApi, type SeenCall } from '../../test/api';
import { listingStruct } from '../../lib/chain/listings';
import { testAppConfig } from '../../test/app-config';
import { signedListing } from '../../test/market-fixtures';
import {
  TEST_CHAIN_ID as CHAIN_ID,
  TEST_LISTINGS as NEW_LISTINGS,
  testWallet as account,
} from '../../test/trade-wallet';
import { RetiredListings } from './RetiredListings';
import { relistings } from './retired';

// The seller's listings of a replaced Listings contract: shown ended, and listed again for the new
// contract with ONE signature over all of them (the test wallet signs for real).
const OLD_LISTINGS = '0x00000000000000000000000000000000000000a1';
const HERO = '0x00000000000000000000000000000000000000b1';
const GEMS = '0x00000000000000000000000000000000000000b2';
const USDT = '0x00000000000000000000000000000000000000dd';
const NOW = 1_900_000_000n;
const END = NOW + 5n * 86_400n;

const chain = vi.hoisted(() => ({ sent: [] as string[] }));

vi.mock('../../lib/chain', async (importOriginal) =>
  (await import('../../test/trade-wallet')).connectedChain(await importOriginal<typeof Chain>()),
);
vi.mock('../../lib/chain/offers', async (importOriginal) => {
  const real = await importOriginal<typeof OfferChain>();
  return { ...real, offerStartTime: async () => 1_900_000_000n };
});
vi.mock('../../lib/chain/listings', async (importOriginal) => ({
  ...(await importOriginal<typeof ListingChain>()),
  ...(await import('../../test/trade-wallet')).signingListings(chain, 4n),
}));

/** An ended listing of the old contract, as listing/retired answers it. */
function retired(
  tokenId: number,
  over: { collection?: string; coin?: string; wei?: bigint; units?: string; left?: string } = {},
): OrderVO {
  const collection = over.collection ?? HERO;
  const coin = over.coin ?? zeroAddress;
  const wei = over.wei ?? 10n ** 18n;
  const erc1155 = collection === GEMS;
  return {
    orderId: String(1000 + tokenId),
    kind: ORDER_KIND.signed,
    expiresAt: new Date(Number(END) * 1000).toISOString(),
    signed: signedListing(tokenId, {
      listingsAddr: OLD_LISTINGS,
      seller: account.address.toLowerCase(),
      collection,
      erc1155,
      units: over.units ?? '1',
      coin,
      pricePerUnit: wei.toString(),
      start: '1800000000',
      end: END.toString(),
    }),
    status: ORDER_STATUS.forceCancel,
    hold: ORDER_HOLD.retired,
    price: '1',
    priceWei: wei.toString(),
    priceRef: '1',
    coin: coin === zeroAddress ? 'AIA' : 'USDT',
    coinDecimals: coin === zeroAddress ? 18 : 6,
    moneyAddr: coin,
    contractAddr: collection,
    tokenId: String(tokenId),
    contractType: erc1155 ? 'ERC1155' : 'ERC721',
    amount: over.units ?? '1',
    leftAmount: over.left ?? over.units ?? '1',
    ownerAddr: account.address.toLowerCase(),
    marketAddr: OLD_LISTINGS,
    royalty: null,
    collectionName: null,
    linkCollection: null,
    name: `Item ${tokenId}`,
    imageUrl: null,
    nftMetadata: { imageUrl: null, name: `Item ${tokenId}` },
    createDate: '2026-01-01T00:00:00.000Z',
  };
}

function client() {
  const c = createQueryClient();
  c.setQueryData(['app-config'], testAppConfig({ chainId: CHAIN_ID }));
  return c;
}

beforeEach(() => {
  chain.sent = [];
});

describe('listings of a replaced Listings contract', () => {
  it('keep item, coin, price, units left and end; take the new counter and a fresh salt; drop the ended', () => {
    let salt = 100n;
    const out = relistings(
      [
        retired(1),
        retired(2, { collection: GEMS, coin: USDT, wei: 2_500_000n, units: '5', left: '3' }),
        { ...retired(3), signed: { ...retired(3).signed!, end: NOW.toString() } },
      ],
      { seller: account.address, start: NOW, counter: 4n },
      () => salt++,
    );
    expect(out).toEqual([
      {
        seller: account.address,
        collection: HERO,
        erc1155: false,
        tokenId: 1n,
        units: 1n,
        coin: zeroAddress,
        pricePerUnit: 10n ** 18n,
        start: NOW,
        end: END,
        salt: 100n,
        counter: 4n,
      },
      {
        seller: account.address,
        collection: GEMS,
        erc1155: true,
        tokenId: 2n,
        units: 3n,
        coin: USDT,
        pricePerUnit: 2_500_000n,
        start: NOW,
        end: END,
        salt: 101n,
        counter: 4n,
      },
    ]);
  });

  it('are shown ended, and "List again" approves each collection once and signs ONE tree of them all', async () => {
    const created: ListingCreateRequest[] = [];
    const records = [
      retired(1),
      retired(2),
      retired(3, { collection: GEMS, coin: USDT, wei: 2_500_000n, units: '5', left: '3' }),
    ];
    const seen = mockApi({
      'POST /v1/api/listing/retired': { records },
      'POST /v1/api/listing/create': (call: SeenCall) => {
        created.push(call.body as ListingCreateRequest);
        return { orderHashes: [] };
      },
    });
    render(
      <QueryClientProvider client={client()}>
        <RetiredListings seller={account.address.toLowerCase()} />
      </QueryClientProvider>,
    );
    const panel = await screen.findByTestId('retired-listings');
    expect(
      within(panel)
        .getAllByTestId('retired-reason')
        .map((e) => e.textContent),
    ).toEqual([
      'Ended: the market moved to a new contract',
      'Ended: the market moved to a new contract',
      'Ended: the market moved to a new contract',
    ]);
    expect(seen.find((c) => c.path === '/v1/api/listing/retired')!.body).toEqual({
      seller: account.address.toLowerCase(),
    });

    fireEvent.click(screen.getByTestId('retired-list-again'));
    fireEvent.click(await screen.findByTestId('retired-list-again-confirm'));
    await screen.findByTestId('retired-list-again-success', {}, { timeout: 4000 });

    expect(chain.sent).toEqual([`approve ${HERO}`, `approve ${GEMS}`, 'sign tree of 3']);
    expect(created).toHaveLength(1);
    const [req] = created;
    expect(req!.bulk).toBe(true);
    expect(
      req!.listings.map((l) => [l.collection, l.tokenId, l.units, l.coin, l.pricePerUnit, l.end]),
    ).toEqual([
      [HERO, '1', '1', zeroAddress, String(10n ** 18n), END.toString()],
      [HERO, '2', '1', zeroAddress, String(10n ** 18n), END.toString()],
      [GEMS, '3', '3', USDT, '2500000', END.toString()],
    ]);
    expect(req!.listings.every((l) => l.counter === '4' && l.start === String(NOW))).toBe(true);
    expect(req!.listings.some((l) => l.salt === '7')).toBe(false);
    // The one signature is the seller's over the tree of exactly these listings, for the NEW contract.
    const signer = await recoverTypedDataAddress({
      ...listingTree(req!.listings.map(listingStruct)).typedData(CHAIN_ID, NEW_LISTINGS),
      signature: req!.signature as Hex,
    });
    expect(signer).toBe(account.address);
  });

  it('show nothing when the seller has none', async () => {
    mockApi({ 'POST /v1/api/listing/retired': { records: [] } });
    const { container } = render(
      <QueryClientProvider client={client()}>
        <RetiredListings seller={account.address.toLowerCase()} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
  });
});
