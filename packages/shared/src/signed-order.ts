// What the two signed-order formats (offers.ts, listings.ts) share, as the contracts share
// SignedOrderBase: the EIP-712 domain of a signed-order contract and the terms every order ends
// with (its price, window, salt and the signer's counter).
import type { Address } from 'viem';

/** The terms every signed order ends with. `coin`: see each format. */
export interface SignedOrderTerms {
  coin: Address;
  pricePerUnit: bigint;
  /** Unix seconds: the order fills from start (inclusive) until end (exclusive). */
  start: bigint;
  end: bigint;
  salt: bigint;
  /** The signer's counter on the contract (counterOf); raising it cancels every older order. */
  counter: bigint;
}

/** The EIP-712 types of SignedOrderTerms, in the contracts' typehash order (last fields). */
export const SIGNED_ORDER_TERM_TYPES = [
  { name: 'coin', type: 'address' },
  { name: 'pricePerUnit', type: 'uint256' },
  { name: 'start', type: 'uint256' },
  { name: 'end', type: 'uint256' },
  { name: 'salt', type: 'uint256' },
  { name: 'counter', type: 'uint256' },
] as const;

/** EIP-712 domain of the signed-order contract `name` at `verifyingContract` on `chainId`. */
export function signedOrderDomain<const N extends string>(
  name: N,
  chainId: number,
  verifyingContract: Address,
) {
  return { name, version: '1', chainId, verifyingContract } as const;
}

/** SignedOrderTerms on the wire (API requests and answers): integers as decimal text, 0x hex. */
export type SignedOrderTermsText = { [K in keyof SignedOrderTerms]: string };
