import {
  PAGE_SIZE,
  type ActivityPageRequest,
  type ActivityVO,
  type CollectionDetailVO,
  type CollectionItemsRequest,
  type NftCardVO,
  type Page,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** GET collections/link: a collection by its link name (null when there is none), with its best collection offer. */
export function fetchCollection(linkCollection: string, signal?: AbortSignal) {
  return apiRequest<CollectionDetailVO | null>('/collections/link', {
    query: { linkCollection },
    signal,
  });
}

/** POST nft/findPageByCollectionId: the Goods tab, 20 a page. */
export function fetchCollectionItems(
  request: Omit<CollectionItemsRequest, 'page' | 'size'>,
  page: number,
  signal?: AbortSignal,
) {
  const body: CollectionItemsRequest = { ...request, page, size: PAGE_SIZE.collectionItems };
  return apiRequest<Page<NftCardVO>>('/nft/findPageByCollectionId', { body, signal });
}

/** POST transaction/page for a collection contract: the Activities tab, 20 a page. */
export function fetchCollectionActivity(
  contractAddr: string,
  types: number[],
  page: number,
  signal?: AbortSignal,
) {
  const body: ActivityPageRequest = { contractAddr, types, page, size: PAGE_SIZE.activity };
  return apiRequest<Page<ActivityVO>>('/transaction/page', { body, signal });
}
