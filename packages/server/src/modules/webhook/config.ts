import { z } from 'zod';
import { envFlag, envInt, parseEnv } from '../../config.js';

const envSchema = z.object({
  /** 'false' or '0': this process does not deliver webhooks (another one does). */
  WEBHOOK_ENABLED: envFlag(true),
  /** '1' lets a webhook URL be (or resolve to) a private or loopback address. */
  WEBHOOK_ALLOW_PRIVATE_URLS: envFlag(false),
  /** Time-out of one delivery (connect to the end of the answer). */
  WEBHOOK_TIMEOUT_MS: envInt(100, 120_000).default(10_000),
  /** Consecutive failures of one event after which the subscription is parked. */
  WEBHOOK_MAX_FAILURES: envInt(1, 100).default(8),
  /** First retry delay; doubles with each failure, up to WEBHOOK_RETRY_MAX_MS. */
  WEBHOOK_RETRY_BASE_MS: envInt(10, 3_600_000).default(5_000),
  WEBHOOK_RETRY_MAX_MS: envInt(10, 86_400_000).default(3_600_000),
  /** Subscriptions delivered at the same time by this process. */
  WEBHOOK_CONCURRENCY: envInt(1, 100).default(8),
});

export interface WebhookConfig {
  enabled: boolean;
  allowPrivateUrls: boolean;
  timeoutMs: number;
  maxFailures: number;
  retryBaseMs: number;
  retryMaxMs: number;
  concurrency: number;
  /** How often due subscriptions are looked for when nothing wakes the worker. */
  pollMs: number;
}

/** Reads the WEBHOOK_* variables; a bad value throws a StartupError naming the variable. */
export function loadWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  const e = parseEnv(envSchema, env, 'WEBHOOK_');
  return {
    enabled: e.WEBHOOK_ENABLED,
    allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    maxFailures: e.WEBHOOK_MAX_FAILURES,
    retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: Math.max(e.WEBHOOK_RETRY_MAX_MS, e.WEBHOOK_RETRY_BASE_MS),
    concurrency: e.WEBHOOK_CONCURRENCY,
    pollMs: 1_000,
  };
}
