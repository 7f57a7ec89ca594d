import { z } from 'zod';
import { envFlag, envInt, parseEnv } from './config.js';
import type { MetadataOptions } from './metadata/options.js';

const envSchema = z.object({
  /** 'false' or '0' keeps the server from running the indexer in-process. */
  INDEXER_ENABLED: envFlag(true),
  /** Blocks a block must be buried under before it is indexed (0 locally). */
  INDEXER_CONFIRMATIONS: envInt(0, 1_000).default(0),
  /** Largest block range read with one eth_getLogs and written in one transaction. */
  INDEXER_BATCH_BLOCKS: envInt(1, 100_000).default(2_000),
  /**
   * Logs a range aims at: ranges are sized to about this many logs, and a read that brings many
   * more is written in pieces of about this many (one transaction each).
   */
  INDEXER_RANGE_LOGS: envInt(1, 1_000_000).default(10_000),
  /**
   * Events written between refreshes of the chain tables' planner statistics (then as many as
   * before the last one: about one ANALYZE per doubling of the tables).
   */
  INDEXER_ANALYZE_EVENTS: envInt(1, 100_000_000).default(10_000),
  /** Pause between polls once the indexer has caught up with the head. */
  INDEXER_POLL_MS: envInt(10, 600_000).default(1_000),
  /** How many recent block hashes are kept to find a fork point (the deepest reorg handled). */
  INDEXER_REORG_WINDOW: envInt(2, 10_000).default(64),
  /** First block to index when there is no cursor yet; default: the earliest deployed contract. */
  INDEXER_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** Gateway that ipfs:// token URIs are fetched through ({gateway}/ipfs/...); always allowed. */
  INDEXER_IPFS_GATEWAY: z
    .string()
    .refine((v) => /^https?:\/\/[^/]+/.test(v), { message: 'must be a http:// or https:// URL' })
    .default('https://ipfs.io'),
  INDEXER_METADATA_TIMEOUT_MS: envInt(100, 120_000).default(10_000),
  INDEXER_METADATA_MAX_BYTES: envInt(1_024, 50_000_000).default(524_288),
  INDEXER_METADATA_ATTEMPTS: envInt(1, 10).default(3),
  /** Metadata refreshes on demand (POST /v1/api/nftMeta/refresh) per minute and client address. */
  INDEXER_REFRESH_PER_MINUTE: envInt(1, 10_000).default(10),
});

export interface IndexerConfig {
  enabled: boolean;
  confirmations: number;
  batchBlocks: number;
  rangeLogs: number;
  analyzeEvents: number;
  pollMs: number;
  reorgWindow: number;
  startBlock: number | undefined;
  metadata: MetadataOptions;
  metadataRefreshPerMinute: number;
}

/** Reads the INDEXER_* variables; a bad value throws a StartupError naming the variable. */
export function loadIndexerConfig(env: NodeJS.ProcessEnv = process.env): IndexerConfig {
  const e = parseEnv(envSchema, env, 'INDEXER_');
  return {
    enabled: e.INDEXER_ENABLED,
    confirmations: e.INDEXER_CONFIRMATIONS,
    batchBlocks: e.INDEXER_BATCH_BLOCKS,
    rangeLogs: e.INDEXER_RANGE_LOGS,
    analyzeEvents: e.INDEXER_ANALYZE_EVENTS,
    pollMs: e.INDEXER_POLL_MS,
    reorgWindow: e.INDEXER_REORG_WINDOW,
    startBlock: e.INDEXER_START_BLOCK,
    metadata: {
      ipfsGateway: e.INDEXER_IPFS_GATEWAY.replace(/\/+$/, ''),
      timeoutMs: e.INDEXER_METADATA_TIMEOUT_MS,
      maxBytes: e.INDEXER_METADATA_MAX_BYTES,
      attempts: e.INDEXER_METADATA_ATTEMPTS,
      backoffMs: 500,
    },
    metadataRefreshPerMinute: e.INDEXER_REFRESH_PER_MINUTE,
  };
}
