import { PAGE_SIZE, type Page, type RankingRow, type RankingWindow } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

export const RANKING_WINDOWS: readonly RankingWindow[] = ['1d', '7d', '30d', 'all'];

/** GET collections/ranking: collections by traded volume in the window, 20 a page. */
export function fetchRanking(
  window: RankingWindow,
  page: number,
  signal?: AbortSignal,
): Promise<Page<RankingRow>> {
  return apiRequest('/collections/ranking', {
    query: { window, page, size: PAGE_SIZE.rankings },
    signal,
  });
}
