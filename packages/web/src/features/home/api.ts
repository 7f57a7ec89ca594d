import {
  PAGE_SIZE,
  type BannerVO,
  type CollectionCountRow,
  type CollectionVO,
  type Page,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

export type { BannerVO };

export function fetchBanners(lang: string, signal?: AbortSignal) {
  return apiRequest<{ records: BannerVO[]; total: number }>('/collections/banner', {
    query: { lang },
    signal,
  });
}

/** GET collections/recommend: the featured collections (6). */
export function fetchFeatured(signal?: AbortSignal): Promise<CollectionVO[]> {
  return apiRequest('/collections/recommend', { signal });
}

/** GET collections/collectionCount: the trading ranking preview, 5 rows. */
export function fetchRankingPreview(signal?: AbortSignal): Promise<Page<CollectionCountRow>> {
  return apiRequest('/collections/collectionCount', {
    query: { page: 1, size: PAGE_SIZE.rankingsHome },
    signal,
  });
}
