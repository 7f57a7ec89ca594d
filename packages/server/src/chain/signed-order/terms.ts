// The rules every signed order (offer or listing) obeys before anything is read: a price, a
// number of units the token standard allows, and a time window that is open now or later and
// not longer than the limit. The contracts accept more; the server refuses what no one can fill
// or what would sit in the book for years.

const DAY_SECONDS = 86_400n;

/** The unix second now, as the signed start and end count it. */
export function nowSeconds(): bigint {
  return BigInt(Math.floor(Date.now() / 1000));
}

export function isPriceValid(pricePerUnit: bigint): boolean {
  return pricePerUnit > 0n;
}

/** At least one unit; exactly one where the order names one ERC721 token. */
export function areUnitsValid(units: bigint, singleToken: boolean): boolean {
  return units > 0n && (!singleToken || units === 1n);
}

/** Ends after `now`, starts before its end, and ends within `maxDays` of `now`. */
export function isTimeWindowValid(
  window: { start: bigint; end: bigint },
  maxDays: number,
  now: bigint,
): boolean {
  return (
    window.end > now &&
    window.start < window.end &&
    window.end - now <= BigInt(maxDays) * DAY_SECONDS
  );
}
