import { describe, expect, it } from 'vitest';
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
} from 'viem';
import { offersAbi, wrappedAiaAbi } from '@aiamarket/shared/abis';
import { chainErrorMessage } from './errors';

const HASH = `0x${'cd'.repeat(32)}` as const;

/** What viem throws when a simulated call of `abi` reverts with `errorName`. */
function reverted(
  abi: typeof offersAbi | typeof wrappedAiaAbi,
  errorName: string,
  args: unknown[],
) {
  const data = encodeErrorResult({ abi, errorName, args } as Parameters<
    typeof encodeErrorResult
  >[0]);
  const cause = new ContractFunctionRevertedError({ abi, data, functionName: 'acceptOffer' });
  return new ContractFunctionExecutionError(cause, { abi, functionName: 'acceptOffer', args: [] });
}

describe('an acceptance that reverts', () => {
  it("says why in the offer's words, with what is left", () => {
    expect(chainErrorMessage(reverted(offersAbi, 'OfferExpired', [1n])).key).toBe(
      'offer.errors.expired',
    );
    expect(chainErrorMessage(reverted(offersAbi, 'OfferCancelledError', [HASH])).key).toBe(
      'offer.errors.cancelled',
    );
    expect(chainErrorMessage(reverted(offersAbi, 'CounterBumped', [0n, 1n])).key).toBe(
      'offer.errors.cancelled',
    );
    expect(chainErrorMessage(reverted(offersAbi, 'ExceedsRemaining', [2n, 3n]))).toEqual({
      key: 'offer.errors.exceedsRemaining',
      values: { num: '2' },
    });
  });

  it('names an offerer whose wrapped AIA allowance no longer covers the offer', () => {
    expect(chainErrorMessage(reverted(wrappedAiaAbi, 'InsufficientAllowance', [1n, 2n])).key).toBe(
      'offer.errors.unfunded',
    );
  });
});
