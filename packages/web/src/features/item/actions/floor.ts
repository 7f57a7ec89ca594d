import { useQuery } from '@tanstack/react-query';
import { fetchCoinRates } from '../../../components/trade/floor';
import { fetchItemDetail } from '../api';

// The guard itself is shared with the account page's bulk listing (components/trade/floor).
export { floorWarning, fetchCoinRates, type FloorWarning } from '../../../components/trade/floor';

/**
 * The collection floor (reference unit) of an item and the rate of `currency` (a coin
 * address), each null while unknown. The item detail is the item page's own query.
 */
export function useFloorAndRate(
  item: { contractAddr: string; tokenId: string },
  currency: string | null | undefined,
): { floor: string | null; rate: string | null } {
  const key = { contractAddr: item.contractAddr.toLowerCase(), tokenId: item.tokenId };
  const detail = useQuery({
    queryKey: ['item', key, 'detail'],
    queryFn: ({ signal }) => fetchItemDetail(key, signal),
    staleTime: 60_000,
  });
  const rates = useQuery({
    queryKey: ['coin-rates'],
    queryFn: ({ signal }) => fetchCoinRates(signal),
    staleTime: 5 * 60_000,
  });
  const coin = currency?.toLowerCase();
  return {
    floor: detail.data?.collectionsVO?.lowestPrice ?? null,
    rate: rates.data?.find((r) => r.currency.toLowerCase() === coin)?.rate ?? null,
  };
}
