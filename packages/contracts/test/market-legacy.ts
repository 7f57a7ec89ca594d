// What earlier Marketplace implementations offered and the current one does not, for tests that
// check it stays gone.
import { parseAbi } from 'viem';
import type { Address } from 'viem';
import type { Call } from './fixture.js';

/**
 * The owner setter of the royalty rate denominator (now fixed at 10 000): it re-scaled every
 * stored rate at once. A call to it must revert, as for any function the market does not have.
 */
export const oldDenominatorSetter = (market: Address, denominator: number): Call => ({
  address: market,
  abi: parseAbi(['function setRoyaltyRateDenominator(uint16 denominator)']),
  functionName: 'setRoyaltyRateDenominator',
  args: [denominator],
});
