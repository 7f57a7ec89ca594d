// Signed webhooks for studios: subscriptions (admin CLI), signing, delivery worker.
export { loadWebhookConfig, type WebhookConfig } from './config.js';
export {
  signatureHeader,
  verifySignature,
  SIGNATURE_HEADER,
  EVENT_ID_HEADER,
} from './signature.js';
export * from './store.js';
export { WebhookWorker, retryDelayMs, type WebhookLogger } from './worker.js';
import type { AppDb } from '../../db/database.js';
import type { WebhookConfig } from './config.js';
import { WebhookWorker, type WebhookLogger } from './worker.js';

/** Starts delivering in the background (nothing when WEBHOOK_ENABLED is false); returns stop. */
export function startWebhookWorker(
  db: AppDb,
  config: WebhookConfig,
  log: WebhookLogger,
): () => Promise<void> {
  if (!config.enabled) return async () => {};
  const worker = new WebhookWorker(db, { ...config, log });
  worker.start();
  return () => worker.stop();
}
