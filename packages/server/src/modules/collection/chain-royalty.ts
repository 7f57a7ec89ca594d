import type { Address, PublicClient } from 'viem';
import { ApiError, ERRORS, ROYALTY, royaltyRateOf, type RoyaltyRate } from '@aiamarket/shared';
import { marketplaceAbi } from '@aiamarket/shared/abis';
import { isChainUnreachable } from '../../chain/errors.js';
import { ChainReads } from '../../indexer/chain-reads.js';

/** The royalty the marketplace holds for a collection, as percent x 100 (ROYALTY.chainScale). */
export interface ChainRoyalty {
  /** False: never set on the market (ERC-2981 of the token applies, if any). */
  set: boolean;
  rate: number;
  receiver: string;
}

/**
 * A royalty read that failed: the node not answering goes on to the error handler (10020); an
 * unexpected answer (a revert of a market that is not ours) is 10020 too, with why in the log.
 */
function royaltyUnreadable(err: unknown): never {
  if (isChainUnreachable(err)) throw err;
  throw new ApiError(
    ERRORS.chainUnavailable,
    'The royalty could not be read from the chain',
    err instanceof Error ? err.message.split('\n')[0] : undefined,
  );
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
    royaltyUnreadable(err);
  }
}

/**
 * The royalty the chain pays for a collection by the shared rule: the market's rate when set,
 * else the token contract's ERC-2981 read now (royaltyInfo of `tokenId` at a price of 10000).
 * Any failure to read is 10020 (503), as readChainRoyalty.
 */
export async function readPaidRoyalty(
  chain: PublicClient,
  market: Address,
  collection: Address,
  tokenId: string,
): Promise<{ market: ChainRoyalty; paid: RoyaltyRate }> {
  const onMarket = await readChainRoyalty(chain, market, collection);
  if (onMarket.set) {
    return {
      market: onMarket,
      paid: royaltyRateOf({ rate: onMarket.rate, receiver: onMarket.receiver }, null),
    };
  }
  let erc2981: { rate: number; receiver: string } | null;
  try {
    erc2981 = await new ChainReads(chain).erc2981Royalty(collection, tokenId);
  } catch (err) {
    royaltyUnreadable(err);
  }
  return {
    market: onMarket,
    paid: royaltyRateOf(
      null,
      erc2981 && { receiver: erc2981.receiver, amount: BigInt(erc2981.rate) },
    ),
  };
}

/**
 * Whether a submitted royalty (percent x 100) and receiver are the one a collection pays: the
 * same rate, and the same receiver when the rate is above 0. A collection that pays none can
 * only say 0.
 */
export function royaltyAgrees(paid: RoyaltyRate, rate: number, receiver: string): boolean {
  if (rate !== paid.rate) return false;
  return rate === 0 || paid.receiver === receiver.toLowerCase();
}
