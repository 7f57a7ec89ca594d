// Item (token) shapes: detail, ownership, collection items and account items.
import type { CollectionVO } from './collection.js';
import type { ContractType } from '../constants.js';
import type { OrderVO } from './market.js';
import type { BestOfferVO } from './offer.js';

/** Item metadata (spec): metadataVO of nftMeta/getDetail. */
export interface NftMetadataVO {
  tokenId: string;
  contractAddr: string;
  contractType: ContractType;
  name: string | null;
  imageUrl: string | null;
  description: string | null;
  /** Owner addresses. */
  belongToList: string[];
  collectionName: string | null;
  linkCollection: string | null;
  propertyList: { name: string; value: string }[];
  /** Total supply held by all owners (1 for ERC721). */
  amountTotal: string;
  /** 'ok', 'pending' or 'error' (metadata fetch state). */
  metadataStatus: string;
}

/** GET /v1/api/nftMeta/getDetail?tokenId&contractAddr. */
export interface NftDetail {
  metadataVO: NftMetadataVO;
  collectionsVO: CollectionVO | null;
  /** The lowest-priced listed order of the item, null when none. */
  orderVO: OrderVO | null;
  /**
   * Without a listed order: the lowest listing the market holds back (its coin not accepted now,
   * or the market paused; `hold` says which), shown with the reason and no buy. Null otherwise.
   */
  heldOrderVO?: OrderVO | null;
  /** The best active offer the item can accept (item, collection or trait offer), null when none. */
  bestOffer: BestOfferVO | null;
}

/** POST /v1/api/asset/userInfo (contractAddr, tokenId, ownerAddr) and the ownership query. */
export interface Ownership {
  amount: string;
  amountTotal: string;
  userAddr: string;
}

/** A card in grids: collection items, account items, a user's source NFTs. */
export interface NftCardVO {
  tokenId: string;
  contractAddr: string;
  contractType: ContractType;
  name: string | null;
  imageUrl: string | null;
  collectionName: string | null;
  linkCollection: string | null;
  /** The amount the viewed owner holds (account items, userInfoList), else the total. */
  amount: string;
  /** The lowest listed order, null when not listed. */
  order: OrderVO | null;
  /** The best active offer the token can accept, null when none. */
  bestOffer: BestOfferVO | null;
}

/**
 * POST /v1/api/nft/findPageByCollectionId. showType: 0 all, 1 listed only. sort: 0 recently
 * listed, 1 price low to high, 2 price high to low, 3 token id.
 */
export interface CollectionItemsRequest {
  collectionId: number;
  showType?: number;
  keyWord?: string;
  sort?: number;
  minPrice?: string;
  maxPrice?: string;
  /** Attribute value ids (getValPage ids). */
  gorySet?: number[];
  /** Attribute category id the values belong to. */
  parentId?: number;
  page?: number;
  size?: number;
}

/**
 * POST /v1/api/nftOrder/selecAssetNftPage (size 24): an account's items. type: 0 collected
 * (held), 1 favourited, 2 for sale (listed by the user), 3 force cancel.
 */
export interface AccountItemsRequest {
  userAddr: string;
  type?: number;
  page?: number;
  size?: number;
}

/** POST /v1/api/asset/userInfoList: a user's NFTs of one (source) collection, size 20. */
export interface UserAssetsRequest {
  contractAddr: string;
  ownerAddr: string;
  page?: number;
  size?: number;
}

/**
 * POST /v1/api/nftMeta/refresh: `queued` (the worker fetches it; the item topic hears a
 * `metadata` change when stored) or `done` (fetched moments ago), with the metadata stored now.
 */
export interface RefreshMetadataVO {
  state: 'queued' | 'done';
  contractAddr: string;
  tokenId: string;
  metadataStatus: 'ok' | 'error' | 'pending';
  name: string | null;
  imageUrl: string | null;
  description: string | null;
  propertyList: { name: string; value: string }[];
  error: string | null;
  fetchedAt: string | null;
}
