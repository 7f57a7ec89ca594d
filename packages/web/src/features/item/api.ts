import {
  ACTIVITY_METHOD,
  PAGE_SIZE,
  type ActivityPageRequest,
  type ActivityVO,
  type FavouriteInfo,
  type NftDetail,
  type OrderListRequest,
  type OrderVO,
  type Ownership,
  type Page,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

export interface ItemKey {
  tokenId: string;
  contractAddr: string;
}

/** GET nftMeta/getDetail: metadata, collection and the lowest listed order. */
export function fetchItemDetail(key: ItemKey, signal?: AbortSignal): Promise<NftDetail> {
  return apiRequest('/nftMeta/getDetail', { query: { ...key }, signal });
}

/** POST nftOrder/getOrderList: the item's listings, 20 a page. */
export function fetchItemListings(
  key: ItemKey,
  page: number,
  signal?: AbortSignal,
): Promise<Page<OrderVO>> {
  const body: OrderListRequest = { ...key, page, size: PAGE_SIZE.listings };
  return apiRequest('/nftOrder/getOrderList', { body, signal });
}

/**
 * POST nftOrder/getOrderList with ownerAddr: the seller's live listing of the item, or null. The
 * market keeps one per seller and token, so a new ERC1155 listing replaces it.
 */
export async function fetchOwnListing(
  key: ItemKey,
  ownerAddr: string,
  signal?: AbortSignal,
): Promise<OrderVO | null> {
  const body: OrderListRequest = { ...key, ownerAddr, page: 1, size: 1 };
  const page = await apiRequest<Page<OrderVO>>('/nftOrder/getOrderList', { body, signal });
  return page.records[0] ?? null;
}

/** GET collect/detail: favourite count (and whether the signed-in user favourited it). */
export function fetchFavourite(key: ItemKey, signal?: AbortSignal): Promise<FavouriteInfo> {
  return apiRequest('/collect/detail', { query: { ...key }, signal });
}

/** POST asset/userInfo: how many copies `ownerAddr` holds. */
export function fetchOwnership(
  key: ItemKey,
  ownerAddr: string,
  signal?: AbortSignal,
): Promise<Ownership> {
  return apiRequest('/asset/userInfo', { body: { ...key, ownerAddr }, signal });
}

/** POST transaction/page with the trade method: the latest sales, for the price chart. */
export function fetchItemTrades(key: ItemKey, signal?: AbortSignal): Promise<Page<ActivityVO>> {
  const body: ActivityPageRequest = {
    ...key,
    types: [ACTIVITY_METHOD.trade],
    page: 1,
    size: PAGE_SIZE.activity,
  };
  return apiRequest('/transaction/page', { body, signal });
}
