import { formatUnits, parseUnits, type Address, type Hex } from 'viem';
import {
  LISTING_LIMITS,
  type ListingCreateRequest,
  type ListingCreateVO,
  type NftCardVO,
  type SignedListingFields,
  type SignedListingInput,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';

// Bulk listing: the account's selected items listed with one signature over the typed
// tree of their listings (each in its own coin), and what the prices are worked out from.

/** Most items one bulk listing signs (what listing/create accepts). */
export const MAX_BULK = LISTING_LIMITS.maxBulk;

/** An item's key in the selection. */
export const itemKey = (item: Pick<NftCardVO, 'contractAddr' | 'tokenId'>) =>
  `${item.contractAddr.toLowerCase()}:${item.tokenId}`;

/**
 * The price in base units of `percent` % of the collection floor (in the reference unit), paid
 * in a coin worth `rate` reference units, rounded down to the coin's base unit: exact integer
 * arithmetic on the decimal texts (floor and rate have at most 18 decimals, percent 2).
 */
export function relativePriceWei(
  floor: string,
  percent: string,
  rate: string,
  coinDecimals: number,
): bigint | null {
  try {
    const floorE18 = parseUnits(floor, 18);
    const pctE2 = parseUnits(percent, 2);
    const rateE18 = parseUnits(rate, 18);
    if (floorE18 <= 0n || pctE2 <= 0n || rateE18 <= 0n) return null;
    const wei = (floorE18 * pctE2 * 10n ** BigInt(coinDecimals)) / (10_000n * rateE18);
    return wei > 0n ? wei : null;
  } catch {
    return null;
  }
}

/** The plain decimal text of `wei` in a coin of `decimals`. */
export const priceText = (wei: bigint, decimals: number) => formatUnits(wei, decimals);

/** A random 128-bit salt: two listings with the same terms still get different order hashes. */
export function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
}

export interface BulkLine {
  item: Pick<NftCardVO, 'contractAddr' | 'tokenId' | 'contractType'>;
  /** Units to list (ERC721: 1). */
  units: bigint;
  /** The coin of this item's listing (zero address: AIA). */
  coin: Address;
  /** Price per unit in base units of `coin`. */
  priceWei: bigint;
}

/** The listings as signed, in the selection's order (the order of the tree's leaves). */
export function bulkListings(
  lines: readonly BulkLine[],
  terms: { seller: Address; start: bigint; end: bigint; counter: bigint },
  salt: () => bigint = randomSalt,
): SignedListingFields[] {
  return lines.map((l) => ({
    seller: terms.seller,
    collection: l.item.contractAddr.toLowerCase() as Address,
    erc1155: l.item.contractType === 'ERC1155',
    tokenId: BigInt(l.item.tokenId),
    units: l.units,
    coin: l.coin,
    pricePerUnit: l.priceWei,
    start: terms.start,
    end: terms.end,
    salt: salt(),
    counter: terms.counter,
  }));
}

/** A listing as listing/create takes it: integers as decimal text. */
export function listingInput(l: SignedListingFields): SignedListingInput {
  return {
    seller: l.seller,
    collection: l.collection,
    erc1155: l.erc1155,
    tokenId: l.tokenId.toString(),
    units: l.units.toString(),
    coin: l.coin,
    pricePerUnit: l.pricePerUnit.toString(),
    start: l.start.toString(),
    end: l.end.toString(),
    salt: l.salt.toString(),
    counter: l.counter.toString(),
  };
}

/** POST listing/create: stores the signed listings (the server checks every one). */
export function createListings(body: ListingCreateRequest): Promise<ListingCreateVO> {
  return apiRequest('/listing/create', { body });
}

/** GET collections/link: the collection's floor in the reference unit, null when none. */
export async function fetchCollectionFloor(
  linkCollection: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const c = await apiRequest<{ lowestPrice: string | null } | null>('/collections/link', {
    query: { linkCollection },
    signal,
  });
  return c?.lowestPrice ?? null;
}

export type { Hex };
