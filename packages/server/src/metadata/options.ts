// Settings and the error type shared by every part of token metadata fetching.

export interface MetadataOptions {
  /** Gateway for ipfs:// URIs, e.g. http://127.0.0.1:8080 (requests go to {gateway}/ipfs/...). */
  ipfsGateway: string;
  timeoutMs: number;
  maxBytes: number;
  /** Attempts per fetch (1 = no retry). */
  attempts: number;
  backoffMs: number;
  /** Origins allowed even on private addresses (the gateway's is always allowed). */
  trustedOrigins?: string[];
  /** Aborts fetches in flight (shutdown). */
  signal?: AbortSignal;
}

export const DEFAULT_METADATA_OPTIONS: MetadataOptions = {
  ipfsGateway: 'https://ipfs.io',
  timeoutMs: 10_000,
  maxBytes: 512 * 1024,
  attempts: 3,
  backoffMs: 500,
};

export class MetadataError extends Error {
  constructor(
    message: string,
    /** False for errors a retry cannot fix (refused address, invalid JSON, too large...). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MetadataError';
  }
}
