import {
  ACCOUNT_ITEM_TYPE,
  ACTIVITY_METHOD,
  PAGE_SIZE,
  type AccountItemsRequest,
  type ActivityPageRequest,
  type ActivityRole,
  type ActivityVO,
  type NftCardVO,
  type Page,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';
import type { UserProfile } from '../../lib/session';

/**
 * An account page's profile: an address that never signed in but holds, minted or traded NFTs
 * is answered too, with id and createDate null and no profile fields.
 */
export type AccountProfile = Omit<UserProfile, 'id' | 'createDate'> & {
  id: number | null;
  createDate: string | null;
};

/** GET user/address/{address}: null only for an unknown address (the page goes to /404). */
export function fetchProfile(address: string, signal?: AbortSignal) {
  return apiRequest<AccountProfile | null>(`/user/address/${address}`, { signal });
}

/** POST nftOrder/selecAssetNftPage: an account's items of one ACCOUNT_ITEM_TYPE, 24 a page. */
export function fetchAccountItems(
  userAddr: string,
  type: number,
  page: number,
  signal?: AbortSignal,
) {
  const body: AccountItemsRequest = { userAddr, type, page, size: PAGE_SIZE.accountItems };
  return apiRequest<Page<NftCardVO>>('/nftOrder/selecAssetNftPage', { body, signal });
}

/** POST transaction/userPage: an account's activity (optionally one side of it), 20 a page. */
export function fetchAccountActivity(
  userAddr: string,
  role: ActivityRole | undefined,
  types: number[],
  page: number,
  signal?: AbortSignal,
) {
  const body: ActivityPageRequest = { userAddr, role, types, page, size: PAGE_SIZE.activity };
  return apiRequest<Page<ActivityVO>>('/transaction/userPage', { body, signal });
}

/**
 * The Activities sub-tabs of the spec and what each one asks for:
 * - all: every activity of the account (with the method filter);
 * - for sale: the account's live listings (item cards);
 * - selling: its sales (trades it sent as the seller);
 * - pending to sell: listing and price-update events (listings waiting for a buyer);
 * - force cancel: its listings that can no longer be bought (item cards).
 */
export const ACTIVITY_SUBTABS = {
  all: { kind: 'activity' },
  forSale: { kind: 'items', type: ACCOUNT_ITEM_TYPE.forSale },
  selling: { kind: 'activity', types: [ACTIVITY_METHOD.trade], role: 'from' },
  pending: { kind: 'activity', types: [ACTIVITY_METHOD.listing, ACTIVITY_METHOD.priceUpdate] },
  forceCancel: { kind: 'items', type: ACCOUNT_ITEM_TYPE.forceCancel },
} as const satisfies Record<
  string,
  | { kind: 'activity'; types?: readonly number[]; role?: ActivityRole }
  | { kind: 'items'; type: number }
>;

export type ActivitySubtab = keyof typeof ACTIVITY_SUBTABS;
