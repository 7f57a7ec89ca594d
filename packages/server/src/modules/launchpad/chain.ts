import type { Abi, Address, PublicClient } from 'viem';
import { launchpad1155Abi, launchpad721Abi } from '@aiamarket/shared/abis';
import { CoinCatalog, type CoinInfo } from '../../chain/coins.js';

/** A sale as the contract reports it (getConfig + getState in one call each). */
export interface SaleOnChain {
  /** SaleState: 0 not started, 1 active, 2 ended, 3 sold out, 4 down, 5 not configured. */
  state: number;
  totalSupply: bigint;
  collectionSize: bigint;
  maxBatchSize: number;
  maxUserSize: number;
  startAt: bigint;
  endAt: bigint;
  swapFlag: boolean;
  downFlag: boolean;
  fromNft: string;
  fromAmount: number;
  toAmount: number;
  coins: { coinAddr: string; coinAmount: bigint; coinMaxAmount: bigint }[];
}

export interface SaleKey {
  contractAddr: string;
  contractType: string;
  tokenId: string;
}

const keyOf = (k: SaleKey) => `${k.contractAddr}:${k.tokenId}`;

/**
 * Reads launchpad sales from the chain with a short cache (default 5 s): the sales a page needs
 * and are not cached are read in ONE deployless multicall (no Multicall3 contract needed). A sale
 * whose calls fail (no contract, wrong type) reads as null. Coin symbols and decimals of ERC-20
 * mint coins are read once and kept.
 */
export class LaunchpadReader {
  private readonly sales = new Map<string, { at: number; value: Promise<SaleOnChain | null> }>();
  private readonly coins: CoinCatalog;

  constructor(
    private readonly client: PublicClient,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.coins = new CoinCatalog(client);
  }

  async read(keys: SaleKey[]): Promise<Map<string, SaleOnChain | null>> {
    const t = this.now();
    const missing = keys.filter((k) => {
      const hit = this.sales.get(keyOf(k));
      return !hit || t - hit.at > this.ttlMs;
    });
    const unique = [...new Map(missing.map((k) => [keyOf(k), k])).values()];
    if (unique.length) {
      const batch = this.fetch(unique);
      unique.forEach((k, i) => {
        const value = batch.then((all) => all[i] ?? null);
        this.sales.set(keyOf(k), { at: t, value });
        // A failed read (RPC down) is not kept.
        value.catch(() => this.sales.delete(keyOf(k)));
      });
    }
    const out = new Map<string, SaleOnChain | null>();
    for (const k of keys) out.set(keyOf(k), await this.sales.get(keyOf(k))!.value);
    return out;
  }

  static key = keyOf;

  private async fetch(keys: SaleKey[]): Promise<(SaleOnChain | null)[]> {
    const contracts = keys.flatMap((k) => {
      const address = k.contractAddr as Address;
      const is1155 = k.contractType === 'ERC1155';
      const abi = (is1155 ? launchpad1155Abi : launchpad721Abi) as Abi;
      const args = is1155 ? [BigInt(k.tokenId)] : [];
      return [
        { address, abi, functionName: 'getConfig', args },
        { address, abi, functionName: 'getState', args },
      ];
    });
    const results = await this.client.multicall({
      contracts,
      allowFailure: true,
      deployless: true,
    });
    return keys.map((_, i) => {
      const config = results[2 * i];
      const state = results[2 * i + 1];
      if (config?.status !== 'success' || state?.status !== 'success') return null;
      const [common, base, swap, coins] = config.result as readonly [
        { downFlag: boolean; swapFlag: boolean },
        { maxBatchSize: number; maxUserSize: number; startAt: bigint; endAt: bigint },
        { fromNft: string; fromAmount: number; toAmount: number },
        readonly { coinAddr: string; coinAmount: bigint; coinMaxAmount: bigint }[],
      ];
      const [saleState, totalSupply, collectionSize] = state.result as readonly [
        number,
        bigint,
        bigint,
      ];
      return {
        state: Number(saleState),
        totalSupply,
        collectionSize,
        maxBatchSize: Number(base.maxBatchSize),
        maxUserSize: Number(base.maxUserSize),
        startAt: base.startAt,
        endAt: base.endAt,
        swapFlag: common.swapFlag,
        downFlag: common.downFlag,
        fromNft: swap.fromNft.toLowerCase(),
        fromAmount: Number(swap.fromAmount),
        toAmount: Number(swap.toAmount),
        coins: coins.map((c) => ({
          coinAddr: c.coinAddr.toLowerCase(),
          coinAmount: c.coinAmount,
          coinMaxAmount: c.coinMaxAmount,
        })),
      };
    });
  }

  /** Symbol and decimals of a mint coin (native AIA for the zero address). */
  coin(address: string): Promise<CoinInfo> {
    return this.coins.coin(address);
  }
}
