// Request and answer shapes of the offer calls (spec style: envelope, camelCase,
// page/size paging). An offer is signed off-chain (EIP-712, ../offers.ts) and accepted on the
// Offers contract; the server stores the signed offer and the indexer keeps its state.
// Amounts follow market.ts: `price` human decimal text in the coin's units, `priceWei` the
// integer in base units, `priceRef` in the reference unit (AIA) at the coin's current rate.
import type { OfferKind } from '../offers.js';
import type { SignedOrderTermsText } from '../signed-order.js';

/**
 * OFFER_STATUS (constants.ts): 0 active (can be accepted now), 1 filled, 2 cancelled (by hash
 * or counter), 3 unfunded (balance or allowance of the offerer below what is left; shown again
 * when it can be paid), 4 expired, 5 not started yet, 6 held by the market (coin refused or
 * market paused; shown again when it no longer is), 7 ended: signed for an Offers contract a
 * newer one replaced (the market moved to a new contract).
 */
export type OfferStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The signed offer exactly as the contract takes it (integers as decimal text). */
export interface SignedOfferVO extends SignedOrderTermsText {
  offerer: string;
  collection: string;
  kind: OfferKind;
  erc1155: boolean;
  identifier: string;
  units: string;
  signature: string;
}

/** A trait offer's attribute (the set of token ids having it when the offer was signed). */
export interface OfferTraitVO {
  categoryId: number;
  category: string;
  valueId: number;
  value: string;
  /** Token ids in the signed set. */
  tokenCount: number;
}

export interface OfferVO {
  orderHash: string;
  /** The Offers contract the offer is signed for. */
  offersAddr: string;
  offerer: string;
  contractAddr: string;
  kind: OfferKind;
  erc1155: boolean;
  /** Item offers: the token; null for collection and trait offers. */
  tokenId: string | null;
  trait: OfferTraitVO | null;
  /** Units (ERC1155) or tokens (collection / trait offer) wanted, filled and left. */
  units: string;
  filled: string;
  remaining: string;
  /** Coin symbol and address (the wrapped AIA for offers made in AIA). */
  coin: string;
  moneyAddr: string;
  coinDecimals: number;
  /** Per unit. */
  price: string;
  priceWei: string;
  priceRef: string | null;
  status: OfferStatus;
  startTime: string;
  endTime: string;
  createDate: string;
  collectionName: string | null;
  linkCollection: string | null;
  /** The item's name and image (item offers), else the collection's. */
  name: string | null;
  imageUrl: string | null;
  signed: SignedOfferVO;
}

/** POST /v1/api/offer/create: the signed offer; trait offers name the attribute value. */
export interface OfferCreateRequest {
  offer: Omit<SignedOfferVO, 'signature'>;
  signature: string;
  /** Trait offers: the attribute value (nftAttrCategory/getValPage id) the set was built from. */
  traitValueId?: number;
}

/** POST /v1/api/offer/traitSet: the token ids having an attribute value, and their Merkle root. */
export interface TraitSetRequest {
  contractAddr: string;
  valueId: number;
}
export interface TraitSetVO {
  valueId: number;
  tokenIds: string[];
  /** hex root; the offer's identifier is its integer value. */
  root: string;
}

/** POST /v1/api/offer/proof: the Merkle proof of a token for a trait offer. */
export interface OfferProofRequest {
  orderHash: string;
  tokenId: string;
}
export interface OfferProofVO {
  proof: string[];
}

/** POST /v1/api/offer/itemList: the active offers an item can accept (item, collection and trait offers), best first (size 20). */
export interface ItemOffersRequest {
  contractAddr: string;
  tokenId: string;
  page?: number;
  size?: number;
}

/** POST /v1/api/offer/collectionList: a collection's active offers, best first; `kind` filters (size 20). */
export interface CollectionOffersRequest {
  contractAddr: string;
  kind?: OfferKind;
  page?: number;
  size?: number;
}

/**
 * POST /v1/api/offer/made: the offers an account made, newest first, every status (the offerer
 * sees unfunded and expired ones with their status); `active` true keeps status 0 only.
 * POST /v1/api/offer/received: active offers the account's held items can accept, best first.
 */
export interface AccountOffersRequest {
  address: string;
  active?: boolean;
  page?: number;
  size?: number;
}

/** The best active offer, as shown on cards and headers. */
export interface BestOfferVO {
  orderHash: string;
  price: string;
  priceRef: string | null;
  coin: string;
  moneyAddr: string;
  kind: OfferKind;
}
