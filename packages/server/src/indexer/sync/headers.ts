// Block headers, read through the batching RPC client: every request of a tick goes out in one
// JSON-RPC batch.
import type { PublicClient } from 'viem';

/** Where the indexer stands: its last indexed block. */
export interface Cursor {
  number: number;
  hash: string;
}

/** A block as the indexer records it (its hash links it to its parent). */
export interface BlockRef {
  number: number;
  hash: string;
  parentHash: string;
}

export interface Header extends BlockRef {
  time: Date;
}

export class HeaderReader {
  constructor(private readonly rpc: PublicClient) {}

  /** A block's header; null when the chain has no such block (yet, or any more). */
  async one(number: number): Promise<Header | null> {
    try {
      const b = await this.rpc.getBlock({ blockNumber: BigInt(number) });
      return {
        number,
        hash: b.hash.toLowerCase(),
        parentHash: b.parentHash.toLowerCase(),
        time: new Date(Number(b.timestamp) * 1_000),
      };
    } catch (err) {
      if ((err as Error).name === 'BlockNotFoundError') return null;
      throw err;
    }
  }

  /** The headers of `numbers`; throws when one is missing. */
  async many(numbers: number[]): Promise<Map<number, Header>> {
    // All at once: the batching client sends them a few hundred to an HTTP request.
    const unique = [...new Set(numbers)];
    const found = await Promise.allSettled(unique.map((n) => this.one(n)));
    const out = new Map<number, Header>();
    for (const [i, r] of found.entries()) {
      if (r.status === 'rejected') throw r.reason;
      if (!r.value) throw new Error(`block ${unique[i]} not found`);
      out.set(unique[i]!, r.value);
    }
    return out;
  }
}
