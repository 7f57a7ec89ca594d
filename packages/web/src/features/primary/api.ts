import { PAGE_SIZE } from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

/** A primary-sale activity (spec document 2, section 3). */
export interface Activity {
  id: number;
  type: number;
  /** 0 waiting, 1 in progress, 2 ended, 3 sold out. */
  status: number;
  countdown: readonly number[];
  inName: string;
  inRemark: string;
  coverUrl: string;
  backgroundUrl: string | null;
  price: string | null;
  coin?: string | null;
  totalNum: number | null;
  buyUrl: string | null;
}

/** An item of an activity. */
export interface ActivityItem {
  nftId: number;
  blindBoxId: number | null;
  name: string;
  tokenId: string | null;
  imageUrl: string;
  num: number;
  residueNum: number;
  price: string;
  coin?: string | null;
  status: number;
}

export interface Page<T> {
  records: T[];
  total: number;
}

export function fetchActivities(page: number, lang: string, signal?: AbortSignal) {
  return apiRequest<Page<Activity>>('/activity/page', {
    query: { page, size: PAGE_SIZE.primary, type: 1, lang },
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
