import type { Address, PublicClient } from 'viem';
import { ApiError, ERRORS, ROYALTY } from '@aiamarket/shared';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { isChainUnreachable } from '../../chain/errors.js';

/** The royalty the marketplace holds for a collection, as percent x 100 (ROYALTY.chainScale). */
export interface ChainRoyalty {
  /** False: never set on the market (ERC-2981 of the token applies, if any). */
  set: boolean;
  rate: number;
  receiver: string;
}

/**
 * Reads royaltyRateOf(collection) from the marketplace, scaled to percent x 100 whatever the
 * market's royalty denominator is. Any failure is 10020 (503): the node does not answer, or it
 * answers with something unexpected (a revert of a market that is not ours), never a 500.
 */
export async function readChainRoyalty(
  chain: PublicClient,
  market: Address,
  collection: Address,
): Promise<ChainRoyalty> {
  try {
    const [[receiver, rate, set], config] = await Promise.all([
      chain.readContract({
        address: market,
        abi: marketplaceAbi,
        functionName: 'royaltyRateOf',
        args: [collection],
      }),
      chain.readContract({ address: market, abi: marketplaceAbi, functionName: 'feeConfig' }),
    ]);
    const denominator = config[3];
    const scale = BigInt(ROYALTY.chainScale) * 100n;
    return {
      set,
      rate: Number((rate * scale) / (denominator > 0n ? denominator : scale)),
      receiver: receiver.toLowerCase(),
    };
  } catch (err) {
    if (isChainUnreachable(err)) throw new ApiError(ERRORS.chainUnavailable);
    throw new ApiError(
      ERRORS.chainUnavailable,
      'The royalty could not be read from the chain',
      err instanceof Error ? err.message.split('\n')[0] : undefined,
    );
  }
}

/**
 * Whether the royalty submitted is the one stored (verified against the chain when it was
 * saved): the same rate, and the same receiver when the rate is above 0. Never set is a change.
 */
export function royaltyUnchanged(
  stored: { royaltyRate: number | null; royaltyAddr: string | null },
  rate: number,
  receiver: string,
): boolean {
  if (stored.royaltyRate === null || stored.royaltyRate !== rate) return false;
  return rate === 0 || stored.royaltyAddr === receiver.toLowerCase();
}

/**
 * Whether the royalty a collection owner submits agrees with the chain: the same rate, and the
 * same receiver when the rate is above 0. A collection whose royalty was never set on the market
 * can only say 0.
 */
export function royaltyMatchesChain(chain: ChainRoyalty, rate: number, receiver: string): boolean {
  const chainRate = chain.set ? chain.rate : 0;
  if (rate !== chainRate) return false;
  return rate === 0 || chain.receiver === receiver.toLowerCase();
}
