import {
  PAGE_SIZE,
  type CollectionListAndSummary,
  type Page,
  type RoyaltyRowVO,
  type RoyaltySummaryVO,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** GET /v1/api/collections/listAndSummary: the signed-in user's collections. */
export function fetchMyCollections(signal?: AbortSignal): Promise<CollectionListAndSummary> {
  return apiRequest('/collections/listAndSummary', { signal });
}

/** GET /v1/api/nftRoyalty/summaryByCurrentUser: royalty totals, all time and today. */
export function fetchRoyaltySummary(signal?: AbortSignal): Promise<RoyaltySummaryVO> {
  return apiRequest('/nftRoyalty/summaryByCurrentUser', { signal });
}

/** POST /v1/api/nftRoyalty/pageByCurrentUser: the royalty rows, 10 a page. */
export function fetchRoyaltyPage(page: number, signal?: AbortSignal): Promise<Page<RoyaltyRowVO>> {
  return apiRequest('/nftRoyalty/pageByCurrentUser', {
    body: { page, size: PAGE_SIZE.royalty },
    signal,
  });
}
