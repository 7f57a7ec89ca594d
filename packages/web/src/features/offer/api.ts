import {
  ApiError,
  ERRORS,
  OFFER_KIND,
  PAGE_SIZE,
  type AccountOffersRequest,
  type NftCardVO,
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
  type UserAssetsRequest,
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

/** A token the holder can sell into an offer, with how many copies they hold. */
export interface OfferToken {
  tokenId: string;
  name: string | null;
  amount: bigint;
}

/** POST asset/userInfoList, every page: what `ownerAddr` holds of one collection. */
async function fetchHeldOfCollection(
  contractAddr: string,
  ownerAddr: string,
  signal?: AbortSignal,
): Promise<OfferToken[]> {
  const all: NftCardVO[] = [];
  for (let page = 1; ; page += 1) {
    const body: UserAssetsRequest = { contractAddr, ownerAddr, page, size: PAGE_SIZE.userAssets };
    const answer = await apiRequest<Page<NftCardVO>>('/asset/userInfoList', { body, signal });
    all.push(...answer.records);
    if (answer.records.length === 0 || all.length >= answer.total) break;
  }
  return all
    .map((c) => ({ tokenId: c.tokenId, name: c.name, amount: BigInt(c.amount) }))
    .filter((c) => c.amount > 0n);
}

/** Whether the server gives `tokenId` a proof for the trait offer (it refuses one outside). */
async function inSignedSet(orderHash: string, tokenId: string): Promise<boolean> {
  try {
    await fetchOfferProof({ orderHash, tokenId });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === ERRORS.offerTokenNotInSet.code) return false;
    throw err;
  }
}

/**
 * The holder's tokens a collection or trait offer accepts: their items of the collection; for
 * a trait offer only those in the SIGNED set. The current set (offer/traitSet) is that set when
 * its root is the offer's identifier; after a metadata change it is not, and each held token is
 * asked of offer/proof, which answers from the set stored with the offer.
 */
export async function fetchOfferTokens(
  offer: Pick<OfferVO, 'orderHash' | 'contractAddr' | 'kind' | 'trait' | 'signed'>,
  ownerAddr: string,
  signal?: AbortSignal,
): Promise<OfferToken[]> {
  const held = await fetchHeldOfCollection(offer.contractAddr, ownerAddr, signal);
  if (offer.kind !== OFFER_KIND.trait || held.length === 0) return held;
  if (offer.trait) {
    const current = await fetchTraitSet(
      { contractAddr: offer.contractAddr, valueId: offer.trait.valueId },
      signal,
    ).catch(() => null);
    if (current && BigInt(current.root) === BigInt(offer.signed.identifier)) {
      const set = new Set(current.tokenIds);
      return held.filter((h) => set.has(h.tokenId));
    }
  }
  const kept = await Promise.all(held.map((h) => inSignedSet(offer.orderHash, h.tokenId)));
  return held.filter((_, i) => kept[i]);
}
