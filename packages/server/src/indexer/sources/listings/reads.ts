// The chain reads signed listings need before a transaction: the sellers' approvals to the
// Listings contract and the decimals of coins no listing used before.
import type { AppDb } from '../../../db/database.js';
import type { PublicClient } from 'viem';
import type { ChainReads, CoinDecimals } from '../../chain-reads.js';
import {
  approvalsToRead,
  readApprovals,
  unseenListingCoins,
  type ListingApprovalsWrite,
} from './approvals.js';

export class SignedListingReads {
  constructor(
    private readonly db: AppDb,
    private readonly chain: PublicClient,
    private readonly chainId: number,
    private readonly reads: ChainReads,
    /** The Listings contract. */
    readonly address: string,
  ) {}

  /**
   * The approvals of the (collection, seller) pairs `touched` names with an open listing, and of
   * the listings not looked at yet, read at `blockNumber`.
   */
  async approvals(touched: readonly string[], blockNumber: number): Promise<ListingApprovalsWrite> {
    const listingsAddr = this.address;
    const pairs = await approvalsToRead(this.db, this.chainId, listingsAddr, touched);
    const reads = await readApprovals(this.chain, listingsAddr, pairs, blockNumber);
    return { listingsAddr, blockNumber, reads };
  }

  /** A back-fill reads no approval; it names the Listings contract to recompute its listings. */
  none(blockNumber: number): ListingApprovalsWrite {
    return { listingsAddr: this.address, blockNumber, reads: [] };
  }

  /** Decimals of the coins of signed listings not looked at yet (not among `known`). */
  async coins(known: readonly { address: string }[]): Promise<CoinDecimals[]> {
    const coins = await unseenListingCoins(this.db, this.chainId, this.address);
    const out = [];
    for (const coin of coins) {
      if (known.some((k) => k.address === coin)) continue;
      out.push({ address: coin, decimals: await this.reads.coinDecimals(coin) });
    }
    return out;
  }
}
