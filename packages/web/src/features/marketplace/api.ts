import { PAGE_SIZE, type OrderPageRequest, type OrderVO, type Page } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** POST nftOrder/page: listed orders, 30 a page. */
export function fetchMarketOrders(
  request: Omit<OrderPageRequest, 'page' | 'size'>,
  page: number,
  signal?: AbortSignal,
): Promise<Page<OrderVO>> {
  return apiRequest('/nftOrder/page', {
    body: { ...request, page, size: PAGE_SIZE.market },
    signal,
  });
}
