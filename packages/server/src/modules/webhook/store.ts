// Webhook subscriptions as the operator manages them (admin CLI): create, list, enable/disable,
// replay, and the delivery log.
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { LIVE_LIMITS, LIVE_TOPIC_PATTERN, WEBHOOK_STATUS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema-live.js';
import { privateAddressOf } from '../../http/private-address.js';
import { maxFeedId, prunedThrough } from '../../live/feed.js';

/** Bad input or an unknown subscription; the CLI prints the message as one line. */
export class WebhookError extends Error {}

export type WebhookSubscription = typeof webhookSubscriptions.$inferSelect;
/** A subscription as listed: the secret is never printed again after creation. */
export type WebhookSubscriptionView = Omit<WebhookSubscription, 'secret'> & { statusName: string };

const STATUS_NAME = Object.fromEntries(Object.entries(WEBHOOK_STATUS).map(([k, v]) => [v, k]));

const view = ({ secret: _secret, ...row }: WebhookSubscription): WebhookSubscriptionView => ({
  ...row,
  statusName: STATUS_NAME[row.status] ?? String(row.status),
});

/**
 * Refuses what is not an http(s) URL, and (unless allowed) a host that is or resolves to a
 * private or loopback address: the same rule as the metadata fetcher, checked again at each
 * delivery's connect time.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookError(`invalid URL ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebhookError(`unsupported scheme ${url.protocol} (http: or https:)`);
  }
  if (raw.length > 2_000) throw new WebhookError('URL longer than 2000 characters');
  if (allowPrivate) return url;
  let address: string | null;
  try {
    address = await privateAddressOf(url);
  } catch (err) {
    throw new WebhookError(
      `cannot resolve ${url.hostname}: ${(err as NodeJS.ErrnoException).code ?? err}`,
    );
  }
  if (address) {
    throw new WebhookError(
      `refused: ${url.hostname} is a private or loopback address (${address}); ` +
        'set WEBHOOK_ALLOW_PRIVATE_URLS=1 to allow it',
    );
  }
  return url;
}

/** Topics as the event stream accepts them (LIVE_TOPIC_PATTERN), lowercased, without repeats. */
export function parseTopics(raw: string): string[] {
  const topics = [
    ...new Set(
      raw
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (!topics.length) throw new WebhookError('missing topics (comma separated, e.g. market)');
  if (topics.length > LIVE_LIMITS.maxTopics) {
    throw new WebhookError(`at most ${LIVE_LIMITS.maxTopics} topics`);
  }
  const bad = topics.find((t) => !LIVE_TOPIC_PATTERN.test(t));
  if (bad) {
    throw new WebhookError(
      `invalid topic '${bad}' (market, item:<contract>:<tokenId>, collection:<contract>, ` +
        'account:<address>, launchpad:<projectId>)',
    );
  }
  return topics;
}

/**
 * A new active subscription starting after the newest feed event (earlier events are not sent;
 * `replay` sends them). Without a secret one is generated. Returns the row with its secret.
 */
export async function createSubscription(
  db: AppDb,
  input: { url: string; topics: string[]; secret?: string | undefined },
  opts: { allowPrivateUrls: boolean },
): Promise<WebhookSubscription> {
  await checkWebhookUrl(input.url, opts.allowPrivateUrls);
  const secret = input.secret ?? randomBytes(32).toString('hex');
  if (secret.length < 16 || secret.length > 200) {
    throw new WebhookError('the secret must be 16 to 200 characters');
  }
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ url: input.url, topics: input.topics, secret, cursor: await maxFeedId(db) })
    .returning();
  return row!;
}

export async function listSubscriptions(db: AppDb): Promise<WebhookSubscriptionView[]> {
  const rows = await db.select().from(webhookSubscriptions).orderBy(webhookSubscriptions.id);
  return rows.map(view);
}

async function update(
  db: AppDb,
  id: number,
  set: Partial<typeof webhookSubscriptions.$inferInsert>,
): Promise<WebhookSubscriptionView> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set(set)
    .where(eq(webhookSubscriptions.id, id))
    .returning();
  if (!row) throw new WebhookError(`no webhook subscription ${id}`);
  return view(row);
}

/** Stops deliveries (the cursor stays where it is). */
export const disableSubscription = (db: AppDb, id: number) =>
  update(db, id, { status: WEBHOOK_STATUS.disabled });

/** Delivers again from the cursor, now (also un-parks, with a fresh failure count). */
export const enableSubscription = (db: AppDb, id: number) =>
  update(db, id, {
    status: WEBHOOK_STATUS.active,
    failures: 0,
    nextAttemptAt: new Date(),
  });

/**
 * Delivers again from event `fromEventId` on (inclusive), now: cursor, failures and status
 * reset. `prunedThrough` tells when older events are gone (delivery starts at the oldest kept).
 */
export async function replaySubscription(
  db: AppDb,
  id: number,
  fromEventId: number,
): Promise<{ subscription: WebhookSubscriptionView; prunedThrough: number | null }> {
  if (!Number.isSafeInteger(fromEventId) || fromEventId < 1) {
    throw new WebhookError('the event id must be a whole number from 1');
  }
  const subscription = await update(db, id, {
    status: WEBHOOK_STATUS.active,
    cursor: fromEventId - 1,
    failures: 0,
    lastError: null,
    nextAttemptAt: new Date(),
  });
  const through = await prunedThrough(db);
  return {
    subscription,
    prunedThrough: through >= fromEventId ? through : null,
  };
}

/** The latest delivery attempts of a subscription, newest first. */
export async function listDeliveries(db: AppDb, id: number, limit = 50) {
  const [sub] = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id));
  if (!sub) throw new WebhookError(`no webhook subscription ${id}`);
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}
