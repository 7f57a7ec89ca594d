import {
  PAGE_SIZE,
  PRIMARY_LIST_TYPES,
  type Page,
  type PrimaryActivityItemVO,
  type PrimaryActivityVO,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** A primary-sale activity and one of its items (the shared answer types). */
export type Activity = PrimaryActivityVO;
export type ActivityItem = PrimaryActivityItemVO;

export function fetchActivities(page: number, lang: string, signal?: AbortSignal) {
  return apiRequest<Page<Activity>>('/activity/page', {
    query: { page, size: PAGE_SIZE.primary, type: PRIMARY_LIST_TYPES.join(','), lang },
    signal,
  });
}

export function fetchActivity(id: number, lang: string, signal?: AbortSignal) {
  return apiRequest<Activity>(`/activity/detail/${id}`, { query: { lang }, signal });
}

export function fetchActivityItems(id: number, page: number, lang: string, signal?: AbortSignal) {
  return apiRequest<Page<ActivityItem>>('/activity/detail/page', {
    query: { id, page, size: PAGE_SIZE.primaryItems, lang },
    signal,
  });
}

/**
 * One item of an activity, found by paging its item list (20 a page) until `nftId` shows;
 * null when the activity does not hold it. The API has no call for one item.
 */
export async function findActivityItem(
  activityId: number,
  nftId: number,
  lang: string,
  signal?: AbortSignal,
): Promise<ActivityItem | null> {
  for (let page = 1; ; page++) {
    const data = await fetchActivityItems(activityId, page, lang, signal);
    const found = data.records.find((item) => item.nftId === nftId);
    if (found) return found;
    if (data.records.length === 0 || page * PAGE_SIZE.primaryItems >= data.total) return null;
  }
}

/** The /marketlist header comes from local storage (spec section 2). */
export const MARKETLIST_HEADER_KEY = 'primaryActivity';

export function saveListHeader(a: Activity): void {
  try {
    localStorage.setItem(
      MARKETLIST_HEADER_KEY,
      JSON.stringify({ id: a.id, inName: a.inName, inRemark: a.inRemark, coverUrl: a.coverUrl }),
    );
  } catch {
    // No storage: the list shows without its header.
  }
}

export function readListHeader(
  id: number,
): Pick<Activity, 'id' | 'inName' | 'inRemark' | 'coverUrl'> | null {
  try {
    const value = JSON.parse(localStorage.getItem(MARKETLIST_HEADER_KEY) ?? 'null') as Pick<
      Activity,
      'id' | 'inName' | 'inRemark' | 'coverUrl'
    > | null;
    return value && value.id === id ? value : null;
  } catch {
    return null;
  }
}

/** The activity of the last /marketlist opened (the item page's fallback after a reload). */
export function readStoredHeaderId(): number | null {
  try {
    const value = JSON.parse(localStorage.getItem(MARKETLIST_HEADER_KEY) ?? 'null') as {
      id?: unknown;
    } | null;
    const id = Number(value?.id);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
