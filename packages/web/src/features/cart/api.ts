import {
  PAGE_SIZE,
  type OrderListRequest,
  type OrderVO,
  type Page,
  type SweepQuoteRequest,
  type SweepQuoteVO,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** POST listing/sweepQuote: a collection's `count` cheapest buyable listings and their totals. */
export function fetchSweepQuote(body: SweepQuoteRequest, signal?: AbortSignal) {
  return apiRequest<SweepQuoteVO>('/listing/sweepQuote', { body, signal });
}

/**
 * POST nftOrder/getOrderList: the listings the seller of `order` has now of its token (the
 * market's and signed ones), to tell whether a listing kept in the cart can still be bought.
 */
export function fetchSellerListings(order: OrderVO, signal?: AbortSignal) {
  const body: OrderListRequest = {
    contractAddr: order.contractAddr,
    tokenId: order.tokenId,
    ownerAddr: order.ownerAddr,
    page: 1,
    size: PAGE_SIZE.listings,
  };
  return apiRequest<Page<OrderVO>>('/nftOrder/getOrderList', { body, signal });
}
