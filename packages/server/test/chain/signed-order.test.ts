// The rules both signed orders share: their fields read off the EIP-712 type, and the terms
// checked before anything is read (price, units, time window) at their edges.
import { describe, expect, it } from 'vitest';
import { LISTING_TYPES, OFFER_KIND, OFFER_TYPES } from '@aiamarket/shared';
import type { SignedListingFields, SignedOfferFields } from '@aiamarket/shared';
import { signedFieldsOf } from '../../src/chain/signed-order/signed-fields.js';
import {
  areUnitsValid,
  isPriceValid,
  isTimeWindowValid,
} from '../../src/chain/signed-order/terms.js';

const A = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const B = '0x00000000000000000000000000000000000000Ff';

describe('signedFieldsOf', () => {
  it('lowercases addresses, reads uint256 as bigint, keeps bool and the uint8 kind', () => {
    const offer = signedFieldsOf<SignedOfferFields>(OFFER_TYPES.Offer, {
      offerer: A,
      collection: B,
      kind: OFFER_KIND.trait,
      erc1155: true,
      identifier: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      units: '3',
      coin: A,
      pricePerUnit: '1000000',
      start: '0',
      end: '1700000000',
      salt: '42',
      counter: '7',
    });
    expect(offer).toEqual({
      offerer: A.toLowerCase(),
      collection: B.toLowerCase(),
      kind: OFFER_KIND.trait,
      erc1155: true,
      identifier: 2n ** 256n - 1n,
      units: 3n,
      coin: A.toLowerCase(),
      pricePerUnit: 1_000_000n,
      start: 0n,
      end: 1_700_000_000n,
      salt: 42n,
      counter: 7n,
    });
  });

  it('reads exactly the fields of the type (a listing has no kind)', () => {
    const listing = signedFieldsOf<SignedListingFields>(LISTING_TYPES.Listing, {
      seller: A,
      collection: B,
      erc1155: false,
      tokenId: '5',
      units: '1',
      coin: B,
      pricePerUnit: '9',
      start: '1',
      end: '2',
      salt: '3',
      counter: '0',
    });
    expect(Object.keys(listing)).toEqual(LISTING_TYPES.Listing.map((f) => f.name));
    expect(listing.seller).toBe(A.toLowerCase());
    expect(listing.tokenId).toBe(5n);
  });
});

describe('the shared terms', () => {
  const now = 1_000_000n;
  const day = 86_400n;

  it('wants a price above zero', () => {
    expect(isPriceValid(0n)).toBe(false);
    expect(isPriceValid(1n)).toBe(true);
  });

  it('wants at least one unit, exactly one of a single ERC721 token', () => {
    expect(areUnitsValid(0n, false)).toBe(false);
    expect(areUnitsValid(5n, false)).toBe(true);
    expect(areUnitsValid(1n, true)).toBe(true);
    expect(areUnitsValid(2n, true)).toBe(false);
  });

  it('wants an end after now, a start before the end, an end within the limit', () => {
    const valid = (start: bigint, end: bigint) => isTimeWindowValid({ start, end }, 30, now);
    expect(valid(now - 60n, now)).toBe(false);
    expect(valid(now - 60n, now + 1n)).toBe(true);
    expect(valid(now + 10n, now + 10n)).toBe(false);
    expect(valid(now + 5n, now + 10n)).toBe(true);
    expect(valid(0n, now + 30n * day)).toBe(true);
    expect(valid(0n, now + 30n * day + 1n)).toBe(false);
  });
});
