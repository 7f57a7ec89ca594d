// What the facts need from contract state besides the logs: the decimals of the coins orders are
// priced in, and the collection's ERC-2981 rate at a listing's block. Both are read before the
// range's transaction and stored with it, so a replay (crash, reorg) derives the same rows.
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  type ContractFunctionParameters,
  type PublicClient,
} from 'viem';
import {
  DEFAULT_COIN_DECIMALS,
  NATIVE_COIN,
  NATIVE_COIN_ADDRESS,
  royaltyRateOf,
} from '@aiamarket/shared';
import { gameItems721Abi, stableCoinAbi } from '@aiamarket/shared/abis';
import { batchedClient } from '../chain/http-variants.js';
import { chunks } from '../db/bulk.js';
import type { MarketRow, RangeFacts } from './sync/fact-rows.js';

/** royaltyInfo(tokenId, 10000) answers the rate in percent x 100 (ROYALTY.rateDenominator). */
const RATE_BASE = 10_000n;

/** True when the call reached the contract and it reverted or has no such function. */
export function isRevert(err: unknown): boolean {
  return (
    err instanceof BaseError &&
    err.walk(
      (e) =>
        e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError,
    ) !== null
  );
}

/**
 * Read-only calls at `blockNumber`, in deployless multicalls (any node, no Multicall3 needed) of
 * `batch` calls: each call's result, or undefined where it reverted (a contract without code or
 * that cannot answer). Any other error (network) throws: the step fails and is retried.
 */
export async function readAtBlock(
  chain: PublicClient,
  calls: readonly ContractFunctionParameters[],
  blockNumber: number,
  batch = 500,
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const part of chunks([...calls], batch)) {
    const results = await chain.multicall({
      contracts: part,
      allowFailure: true,
      deployless: true,
      blockNumber: BigInt(blockNumber),
    });
    for (const r of results) {
      if (r.status === 'success') out.push(r.result);
      // With allowFailure, viem also reports a failed request (network) as a failure per call.
      else if (isRevert(r.error)) out.push(undefined);
      else throw r.error;
    }
  }
  return out;
}

function isZeroData(err: unknown): boolean {
  return (
    err instanceof BaseError && err.walk((e) => e instanceof ContractFunctionZeroDataError) !== null
  );
}

export interface CoinDecimals {
  address: string;
  decimals: number;
}

/** Reads coin decimals (cached for the life of the process) and ERC-2981 royalties. */
export class ChainReads {
  private readonly decimals = new Map<string, number>([
    [NATIVE_COIN_ADDRESS, NATIVE_COIN.decimals],
  ]);
  /** Contracts without royaltyInfo (an empty answer): no further reads. */
  private readonly without2981 = new Set<string>();

  private readonly chain: PublicClient;

  constructor(chain: PublicClient) {
    this.chain = batchedClient(chain);
  }

  /** Decimals of a coin: 18 for AIA, ERC-20 decimals(), the default when it has none. */
  async coinDecimals(coin: string): Promise<number> {
    const known = this.decimals.get(coin);
    if (known !== undefined) return known;
    let decimals: number;
    try {
      decimals = await this.chain.readContract({
        address: coin as `0x${string}`,
        abi: stableCoinAbi,
        functionName: 'decimals',
      });
    } catch (err) {
      if (!isRevert(err)) throw err; // a network error: the step is retried
      decimals = DEFAULT_COIN_DECIMALS;
    }
    this.decimals.set(coin, decimals);
    return decimals;
  }

  /**
   * The ERC-2981 royalty of a token at `blockNumber` (the latest state when the node pruned it),
   * as the rate a fill pays: royaltyInfo(tokenId, 10000) through the shared rule (capped at
   * 10 %); null when the contract has no ERC-2981 or names no receiver.
   */
  async erc2981Royalty(
    contract: string,
    tokenId: string,
    blockNumber?: number,
  ): Promise<{ rate: number; receiver: string } | null> {
    // The contracts call royaltyInfo whatever ERC-165 says, so it is read the same way.
    if (this.without2981.has(contract)) return null;
    const call = (at?: bigint) =>
      this.chain.readContract({
        address: contract as `0x${string}`,
        abi: gameItems721Abi,
        functionName: 'royaltyInfo',
        args: [BigInt(tokenId), RATE_BASE],
        ...(at === undefined ? {} : { blockNumber: at }),
      });
    let answer: readonly [string, bigint];
    try {
      answer = await call(blockNumber === undefined ? undefined : BigInt(blockNumber));
    } catch (err) {
      if (isRevert(err)) {
        if (isZeroData(err)) this.without2981.add(contract);
        return null;
      }
      if (blockNumber === undefined) throw err;
      // A node without the historical state: the current rate is the best there is.
      try {
        answer = await call();
      } catch (again) {
        if (isRevert(again)) return null;
        throw again;
      }
    }
    const [receiver, amount] = answer;
    const r = royaltyRateOf(null, { receiver, amount });
    return r.receiver === null ? null : { rate: r.rate, receiver: r.receiver };
  }

  /**
   * Completes a range's facts: sets the ERC-2981 rate of each listing creation and returns the
   * decimals of every coin a listing or sale of the range uses (a few reads at a time).
   */
  async complete(facts: RangeFacts): Promise<CoinDecimals[]> {
    const coins = [...new Set(facts.market.flatMap((m) => (m.coin ? [m.coin] : [])))];
    const out: CoinDecimals[] = [];
    for (const coin of coins) out.push({ address: coin, decimals: await this.coinDecimals(coin) });
    // One read per token and block (several listings of a block share it), all in one go:
    // the batching client packs them into a few HTTP requests.
    const created: MarketRow[] = facts.market.filter((m) => m.kind === 'created');
    const rates = new Map<string, Promise<{ rate: number; receiver: string } | null>>();
    for (const m of created) {
      const key = `${m.contractAddr}|${m.tokenId}|${m.blockNumber}`;
      if (!rates.has(key))
        rates.set(key, this.erc2981Royalty(m.contractAddr, m.tokenId!, m.blockNumber));
    }
    const settled = await Promise.allSettled(rates.values());
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    for (const m of created) {
      const read = await rates.get(`${m.contractAddr}|${m.tokenId}|${m.blockNumber}`)!;
      m.erc2981Rate = read?.rate ?? null;
      // A listing has no royalty receiver of its own: the column keeps the ERC-2981 one read
      // with the rate, from which the collection's ERC-2981 royalty is derived (royalty.ts).
      m.royaltyReceiver = read?.receiver ?? null;
    }
    return out;
  }
}
