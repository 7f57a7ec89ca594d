import type { SearchResult } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** POST nft/homeSearchPage: collections, items and accounts matching the keyword. */
export function fetchSearch(keyWord: string, signal?: AbortSignal): Promise<SearchResult> {
  return apiRequest('/nft/homeSearchPage', { body: { keyWord }, signal });
}
