import {
  PAGE_SIZE,
  type AccountOffersRequest,
  type CollectionOffersRequest,
  type ItemOffersRequest,
  type OfferCreateRequest,
  type OfferProofRequest,
  type OfferProofVO,
  type OfferVO,
  type Ownership,
  type Page,
  type TraitSetRequest,
  type TraitSetVO,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

// The server calls of offers (packages/shared/src/api/offer.ts): create a signed offer, the trait
// set and proofs, and the lists of an item, a collection and an account.

/** POST offer/create: stores a signed offer (the server checks signature, counter and funds). */
export function createOffer(body: OfferCreateRequest): Promise<OfferVO> {
  return apiRequest('/offer/create', { body });
}

/** POST offer/traitSet: the token ids having an attribute value and their Merkle root. */
export function fetchTraitSet(body: TraitSetRequest, signal?: AbortSignal): Promise<TraitSetVO> {
  return apiRequest('/offer/traitSet', { body, signal });
}

/** POST offer/proof: the Merkle proof of a token for a trait offer. */
export function fetchOfferProof(body: OfferProofRequest): Promise<OfferProofVO> {
  return apiRequest('/offer/proof', { body });
}

/** POST offer/itemList: the active offers an item can accept, best first. */
export function fetchItemOffers(
  key: { contractAddr: string; tokenId: string },
  page: number,
  signal?: AbortSignal,
): Promise<Page<OfferVO>> {
  const body: ItemOffersRequest = { ...key, page, size: PAGE_SIZE.offers };
  return apiRequest('/offer/itemList', { body, signal });
}

/** POST offer/collectionList: a collection's active offers, best first (kind filters). */
export function fetchCollectionOffers(
  req: Omit<CollectionOffersRequest, 'size'>,
  signal?: AbortSignal,
): Promise<Page<OfferVO>> {
  const body: CollectionOffersRequest = { ...req, size: PAGE_SIZE.offers };
  return apiRequest('/offer/collectionList', { body, signal });
}

export type AccountOffersSide = 'made' | 'received';

/** POST offer/made (newest first, every status) or offer/received (active, best first). */
export function fetchAccountOffers(
  side: AccountOffersSide,
  req: Omit<AccountOffersRequest, 'size'>,
  signal?: AbortSignal,
): Promise<Page<OfferVO>> {
  const body: AccountOffersRequest = { ...req, size: PAGE_SIZE.offers };
  return apiRequest(`/offer/${side}`, { body, signal });
}

/** POST asset/userInfo: what `ownerAddr` holds of a token (the item page's ownership answer). */
export function fetchOwnership(
  key: { contractAddr: string; tokenId: string },
  ownerAddr: string,
  signal?: AbortSignal,
): Promise<Ownership> {
  return apiRequest('/asset/userInfo', { body: { ...key, ownerAddr }, signal });
}

/** How many copies of a token `ownerAddr` holds (what it can sell into an offer). */
export async function fetchHeld(
  key: { contractAddr: string; tokenId: string },
  ownerAddr: string,
  signal?: AbortSignal,
): Promise<bigint> {
  const answer = await fetchOwnership(key, ownerAddr, signal);
  return BigInt(answer?.amount ?? 0);
}
