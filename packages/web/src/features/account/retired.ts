import type { Address } from 'viem';
import type {
  OrderVO,
  RetiredListingsRequest,
  RetiredListingsVO,
  SignedListingFields,
} from '@aiamarket/shared';
import { apiRequest } from '../../lib/api';
import { randomSalt } from './bulk';

// Listings signed for a Listings contract a deploy replaced: the market no longer fills them, so
// the seller sees them ended and lists them all again with one signature for the new contract.

/** POST listing/retired: the seller's ended listings still worth listing again. */
export async function fetchRetiredListings(
  seller: string,
  signal?: AbortSignal,
): Promise<OrderVO[]> {
  const body: RetiredListingsRequest = { seller };
  const data = await apiRequest<RetiredListingsVO>('/listing/retired', { body, signal });
  return data.records;
}

/**
 * The listings that list `records` again as they were (item, coin, price per unit, the units
 * left, the same end) for the current contract: its counter, a fresh salt each, from `start`.
 * One whose end is not after `start` has nothing left to list and is left out.
 */
export function relistings(
  records: readonly OrderVO[],
  terms: { seller: Address; start: bigint; counter: bigint },
  salt: () => bigint = randomSalt,
): SignedListingFields[] {
  return records.flatMap((r) => {
    const s = r.signed;
    if (!s || BigInt(s.end) <= terms.start) return [];
    return [
      {
        seller: terms.seller,
        collection: s.collection.toLowerCase() as Address,
        erc1155: s.erc1155,
        tokenId: BigInt(s.tokenId),
        units: BigInt(r.leftAmount),
        coin: s.coin.toLowerCase() as Address,
        pricePerUnit: BigInt(s.pricePerUnit),
        start: terms.start,
        end: BigInt(s.end),
        salt: salt(),
        counter: terms.counter,
      },
    ];
  });
}
