import {
  PAGE_SIZE,
  type CollectionCountRow,
  type CollectionVO,
  type Page,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** A home banner (GET collections/banner); the target fields depend on `type` (BANNER_TYPE). */
export interface BannerVO {
  id: number;
  type: number;
  imageUrl: string;
  title: string;
  articleId: number | null;
  activityId: number | null;
  linkCollection: string | null;
  tokenId: string | null;
  contractAddr: string | null;
  sort: number;
}

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
