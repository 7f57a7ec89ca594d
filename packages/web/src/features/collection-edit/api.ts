import type { CollectionUpdate, CollectionVO } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** GET /v1/api/collections/link?linkCollection=: the collection being edited. */
export function fetchCollectionByLink(
  linkCollection: string,
  signal?: AbortSignal,
): Promise<CollectionVO> {
  return apiRequest('/collections/link', { query: { linkCollection }, signal });
}

/** POST /v1/api/collections/update (owner only). */
export function updateCollection(body: CollectionUpdate): Promise<CollectionVO> {
  return apiRequest('/collections/update', { body, loading: true });
}
