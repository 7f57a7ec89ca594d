// The admin commands of the studios' webhooks (docs/webhooks.md).
import type { AppDb } from '../db/database.js';
import {
  createSubscription,
  disableSubscription,
  enableSubscription,
  listDeliveries,
  listSubscriptions,
  loadWebhookConfig,
  parseTopics,
  replaySubscription,
  WebhookError,
} from '../modules/webhook/index.js';
import { parseOptions } from './options.js';

export const WEBHOOK_USAGE = `  webhook create <url> --topics <t1,t2,…> [--secret <s>]
                                     POST every feed event of those topics (market,
                                     collection:<address>, item:<address>:<id>, account:<address>,
                                     launchpad:<id>), signed with the secret (generated when
                                     omitted; printed once), from the next event on
  webhook list                       the subscriptions, their cursor, status and last error
  webhook disable <id> | enable <id> stop / resume deliveries (enable also un-parks)
  webhook replay <id> --from <eventId>
                                     deliver again from that event on (un-parks)
  webhook deliveries <id> [--limit <n>]
                                     the latest delivery attempts (default 50)`;

export interface WebhookAdminDeps {
  db: AppDb;
  /** WEBHOOK_ALLOW_PRIVATE_URLS when not given. */
  allowPrivateUrls?: boolean;
}

const parseArgs = (args: string[], allowed: string[]) =>
  parseOptions(args, allowed, (message) => new WebhookError(message));

function wholeNumber(raw: string | undefined, what: string): number {
  if (raw === undefined) throw new WebhookError(`missing ${what}`);
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) {
    throw new WebhookError(`${what} must be a whole number from 1 (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

/** Runs `webhook <action> …`; returns what to print. Bad input throws a WebhookError. */
export async function runWebhookCommand(
  deps: WebhookAdminDeps,
  action: string | undefined,
  args: string[],
): Promise<string> {
  const { db } = deps;
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const allowed: Record<string, string[]> = {
    create: ['topics', 'secret'],
    replay: ['from'],
    deliveries: ['limit'],
  };
  const { positional, opts } = parseArgs(args, allowed[action ?? ''] ?? []);
  const maxPositional = action === 'list' ? 0 : 1;
  if (positional.length > maxPositional) {
    throw new WebhookError(`unexpected argument '${positional[maxPositional]}'`);
  }
  switch (action) {
    case 'create': {
      const url = positional[0];
      if (!url) throw new WebhookError('missing URL');
      const topics = parseTopics(opts.get('topics') ?? '');
      const allowPrivateUrls = deps.allowPrivateUrls ?? loadWebhookConfig().allowPrivateUrls;
      const row = await createSubscription(
        db,
        { url, topics, secret: opts.get('secret') },
        { allowPrivateUrls },
      );
      return json(row);
    }
    case 'list':
      return json(await listSubscriptions(db));
    case 'disable':
      return json(await disableSubscription(db, wholeNumber(positional[0], 'subscription id')));
    case 'enable':
      return json(await enableSubscription(db, wholeNumber(positional[0], 'subscription id')));
    case 'replay': {
      const id = wholeNumber(positional[0], 'subscription id');
      const from = wholeNumber(opts.get('from'), '--from (an event id)');
      const { subscription, prunedThrough } = await replaySubscription(db, id, from);
      const note =
        prunedThrough !== null
          ? `\nnote: events up to ${prunedThrough} are no longer kept; delivery starts after it`
          : '';
      return json(subscription) + note;
    }
    case 'deliveries': {
      const id = wholeNumber(positional[0], 'subscription id');
      const limit = opts.has('limit')
        ? Math.min(wholeNumber(opts.get('limit'), '--limit'), 1000)
        : 50;
      return json(await listDeliveries(db, id, limit));
    }
    default:
      throw new WebhookError(`unknown webhook command '${action ?? ''}'\n${WEBHOOK_USAGE}`);
  }
}
