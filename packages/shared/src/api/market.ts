import type { ContractType, OrderKind } from '../constants.js';
import type { SignedListingVO } from './signed-listing.js';
// Request and answer shapes of the secondary-market calls (spec doc 1, sections 3 and 7).
// Amounts: `price` is the human decimal string in the coin's units (formatUnits), `priceWei` the
// integer in base units that chain calls need. Addresses are lowercased 0x strings. Dates are
// ISO 8601 strings.

/** The three market sorts: recently listed, price low to high, price high to low. */
export type OrderSortColumn = 'create_date' | 'price';
export interface OrderSort {
  asc: boolean;
  column: OrderSortColumn;
}

/** POST /v1/api/nftOrder/page. minPrice and maxPrice apply only together (min <= max). */
export interface OrderPageRequest {
  status?: number;
  orders?: OrderSort[];
  page?: number;
  size?: number;
  keyWord?: string;
  collectionNames?: string[];
  minPrice?: string;
  maxPrice?: string;
  /** Attribute value ids (getValPage ids) of category parentId, as on the collection page. */
  gorySet?: number[];
  parentId?: number;
}

/** A listing (spec Order). */
export interface OrderVO {
  /** Market listings: the market's item id; signed listings: the order hash as an integer. */
  orderId: string;
  /** ORDER_KIND: 0 an on-chain market listing, 1 a signed listing (Listings contract). */
  kind: OrderKind;
  /** When a signed listing stops being buyable (ISO); null for market listings. */
  expiresAt: string | null;
  /** What Listings.buy / sweep needs for a signed listing; null for market listings. */
  signed: SignedListingVO | null;
  /** ORDER_STATUS: 0 listed and buyable, 1 sold, 2 cancelled, 3 force cancel. */
  status: number;
  /**
   * ORDER_HOLD, with status 3: why a listing that is listed on its own cannot be bought now
   * (units, coin not accepted, market paused); absent otherwise.
   */
  hold?: number;
  price: string;
  priceWei: string;
  /**
   * The unit price in the reference unit (REFERENCE_UNIT, AIA) at the coin's current rate,
   * decimal text; null while the coin has no rate.
   */
  priceRef: string | null;
  /** Coin symbol (AIA for the native coin). */
  coin: string;
  coinDecimals: number;
  /** Coin address; the zero address is AIA. */
  moneyAddr: string;
  contractAddr: string;
  tokenId: string;
  contractType: ContractType;
  amount: string;
  leftAmount: string;
  ownerAddr: string;
  /** The market contract, or the Listings contract for a signed listing. */
  marketAddr: string;
  /** Royalty percent (e.g. 2.5), null when none. */
  royalty: number | null;
  collectionName: string | null;
  linkCollection: string | null;
  name: string | null;
  imageUrl: string | null;
  nftMetadata: { imageUrl: string | null; name: string | null };
  createDate: string;
}

/** POST /v1/api/nftOrder/getOrderList: the listings of one item (size 20). */
export interface OrderListRequest {
  tokenId: string;
  contractAddr: string;
  /** Only this seller's listing (the market keeps one per seller and token). */
  ownerAddr?: string;
  page?: number;
  size?: number;
}

/** POST /v1/api/nftOrder/changePrice, sent after the on-chain modifyPrice is mined. */
export interface ChangePriceRequest {
  /** The orderId. */
  id: string;
  tokenId: string;
  /** The new price (human units); the server checks it against the chain. */
  price: string;
}

/** POST /v1/api/nftOrder/getCollectionList (size 30). */
export interface CollectionFilterRequest {
  page?: number;
  size?: number;
  nameAndAddress?: string;
}
/** A collection in the market filter. */
export interface CollectionFilterItem {
  id: number;
  name: string;
  headUrl: string | null;
  contractAddr: string;
  linkCollection: string;
  /** Lowest listed price (human units), null when nothing is listed. */
  priceFloor: string | null;
}

/** nftAttrCategory/getParentPage (contract) and getValPage (id, name, page, size 20). */
export interface AttributeCategory {
  id: number;
  name: string;
  /** Tokens having this attribute (parent) or this value (child). */
  num: number;
}
