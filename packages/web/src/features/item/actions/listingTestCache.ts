import type { QueryClient } from '@tanstack/react-query';
import { NATIVE_COIN_ADDRESS } from '@aiamarket/shared';
import { createQueryClient } from '../../../app/Providers';

/**
 * Tests only: a query client already holding what the listing dialog reads from the chain and
 * the API for one item (AIA as the only coin, a 2% fee, a 5% royalty), so it asks for none.
 */
export function listingTestCache(contractAddr: string, tokenId: string): QueryClient {
  const client = createQueryClient();
  client.setQueryData(
    ['listing-coins'],
    [{ address: NATIVE_COIN_ADDRESS, symbol: 'AIA', decimals: 18 }],
  );
  client.setQueryData(['transaction-fee'], 2);
  client.setQueryData(['royalty-of', contractAddr.toLowerCase(), tokenId], 5);
  return client;
}
