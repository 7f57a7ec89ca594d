import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Hash } from 'viem';
import { ORDER_KIND, type SignedListingVO } from '@aiamarket/shared';
import { createQueryClient } from '../../../app/Providers';
import type * as Chain from '../../../lib/chain';
import type * as ListingChain from '../../../lib/chain/listings';
import { mockApi } from '../../../test/api';
import { order } from '../../../test/market-fixtures';
import { BuyModal } from './BuyModal';

const sent = vi.hoisted(() => [] as string[]);
const hash = `0x${'2'.repeat(64)}` as Hash;

vi.mock('../../../lib/chain', async (importOriginal) => {
  const { connectedChain, TEST_BUYER } = await import('../../../test/trade-wallet');
  return {
    ...connectedChain(await importOriginal<typeof Chain>(), TEST_BUYER),
    buyItem: async () => {
      sent.push('market buy');
      return { hash, blockNumber: 5n };
    },
  };
});
vi.mock('../../../lib/chain/listings', async (importOriginal) => {
  const real = await importOriginal<typeof ListingChain>();
  return {
    ...real,
    buySignedListing: async (
      _wallet: unknown,
      signed: SignedListingVO,
      units: bigint,
      onHash?: Chain.TxHashHandler,
    ) => {
      sent.push(`Listings.buy ${signed.orderHash} x${units}`);
      onHash?.('buy', hash);
      return { hash, blockNumber: 5n };
    },
  };
});

// A signed listing is bought with the same dialog, through Listings.buy.
describe('buying a signed listing', () => {
  it('sends its signed terms to Listings.buy, not the market', async () => {
    mockApi({});
    const signed = {
      orderHash: `0x${'ab'.repeat(32)}`,
      erc1155: true,
      units: '4',
      pricePerUnit: '1000',
      coin: '0x0000000000000000000000000000000000000000',
    } as SignedListingVO;
    const listing = order(3, {
      kind: ORDER_KIND.signed,
      signed,
      contractType: 'ERC1155',
      amount: '4',
      leftAmount: '4',
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BuyModal order={listing} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByTestId('buy-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('buy-confirm'));
    await screen.findByTestId('buy-success', {}, { timeout: 4000 });
    expect(sent).toEqual([`Listings.buy 0x${'ab'.repeat(32)} x2`]);
  });
});
