// What a contract family gives the indexer. The run loop knows sources only through this
// interface and the SOURCES list (sources/index.ts): adding a family is a folder and one line.
import type { PublicClient } from 'viem';
import type { Deployment } from '@aiamarket/shared';
import type { AppDb, Tx } from '../../db/database.js';
import type { AddressRole } from './roles.js';
import type { RangeFacts } from '../sync/fact-rows.js';
import type { ChainReads } from '../chain-reads.js';
import type { Cursor } from '../sync/headers.js';
import type { IndexerLogger } from '../run/logger.js';
import type { Touched } from '../derive/keys.js';

/** What every source is built with. */
export interface SourceContext {
  db: AppDb;
  chain: PublicClient;
  chainId: number;
  deployment: Deployment;
  reads: ChainReads;
  log: IndexerLogger;
}

/** A range about to be written, as its sources see it before the transaction. */
export interface RangeToWrite {
  facts: RangeFacts;
  /** The range's last block: where the reads its write needs are made. */
  block: number;
  /** The last block's time, for a main range (null for a back-fill range). */
  blockTime: Date | null;
  /** A main range (every followed address, moves the cursor); false for a back-fill range. */
  main: boolean;
  /** A back-fill range that completes its collection (the collection's holdings are known). */
  completes: boolean;
}

/** What a source writes in a range's transaction from the reads it made before it. */
export interface SourceWrite {
  /** Its phase in the profile. */
  label: string;
  /** After the facts, before the state is derived: what the reads found, and the keys it touches. */
  touch?(tx: Tx, touched: Touched): Promise<void>;
  /** Once the state is derived. */
  write?(tx: Tx): Promise<void>;
}

export interface Source {
  readonly name: string;
  /** Once per process, before the first step. */
  seed?(): Promise<void>;
  /** Marks the addresses the source follows; `role` gives (and creates) an address's role. */
  follow?(role: (address: string) => AddressRole): Promise<void>;
  /** The chain reads a range's write needs, made before its transaction; null: nothing to write. */
  prepare?(range: RangeToWrite): Promise<SourceWrite | null>;
  /** In a range's transaction: stores the source's fact rows. */
  insert?(tx: Tx, facts: RangeFacts): Promise<void>;
  /** First in a rollback's transaction to `fork`: deletes its facts above it, marks what they touched. */
  unwind?(tx: Tx, fork: number, touched: Touched): Promise<void>;
  /** In a rollback's transaction to `fork`, once the state is derived again. */
  rollback?(tx: Tx, fork: number): Promise<void>;
  /** At the head while no new block comes. */
  poll?(cursor: Cursor): Promise<void>;
}

/** Builds a source for a deployment. */
export type SourceFactory = (ctx: SourceContext) => Source;
