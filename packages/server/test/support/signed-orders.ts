import { parseEther, zeroAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  LISTING_TYPES,
  listingDomain,
  OFFER_KIND,
  OFFER_TYPES,
  offerDomain,
  type SignedListingFields,
  type SignedOfferFields,
} from '@aiamarket/shared';

/** Unix seconds now, as signed orders count time. */
export const now = () => BigInt(Math.floor(Date.now() / 1000));

let saltSeq = 1n;

/** What every signed order of a test carries: open from a minute ago for a week, a new salt. */
function freshTerms() {
  return { start: now() - 60n, end: now() + 7n * 86_400n, salt: saltSeq++, counter: 0n };
}

/** A listing of one ERC-721 token for 1 AIA, unless changed. */
export function listingFields(
  fields: Pick<SignedListingFields, 'seller' | 'collection' | 'tokenId'> &
    Partial<SignedListingFields>,
): SignedListingFields {
  return {
    erc1155: false,
    units: 1n,
    coin: zeroAddress,
    pricePerUnit: parseEther('1'),
    ...freshTerms(),
    ...fields,
  };
}

/** An item offer on one ERC-721 token, unless changed. */
export function offerFields(
  fields: Pick<
    SignedOfferFields,
    'offerer' | 'collection' | 'identifier' | 'coin' | 'pricePerUnit'
  > &
    Partial<SignedOfferFields>,
): SignedOfferFields {
  return { kind: OFFER_KIND.item, erc1155: false, units: 1n, ...freshTerms(), ...fields };
}

/** The EIP-712 signature of a listing by `key` for the Listings contract at `listings`. */
export function signListing(
  key: Hex,
  listings: Address,
  l: SignedListingFields,
  chainId: number,
): Promise<Hex> {
  return privateKeyToAccount(key).signTypedData({
    domain: listingDomain(chainId, listings),
    types: LISTING_TYPES,
    primaryType: 'Listing',
    message: l,
  });
}

/** The EIP-712 signature of an offer by `key` for the Offers contract at `offers`. */
export function signOffer(
  key: Hex,
  offers: Address,
  t: SignedOfferFields,
  chainId: number,
): Promise<Hex> {
  return privateKeyToAccount(key).signTypedData({
    domain: offerDomain(chainId, offers),
    types: OFFER_TYPES,
    primaryType: 'Offer',
    message: t,
  });
}

/** The fields with their bigints as decimal strings, as the API takes them. */
export const asText = (o: object) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
  );
