// The live event stream: topics a page or a studio subscribes to, the kinds of change
// the feed records, and the stream's limits. The server (change feed, SSE, webhooks) and the web
// app (live pages) both build topics with these functions, never by hand.

/** What changed: a state row of one of these kinds (see api/live.ts for each payload). */
export const LIVE_KIND = {
  order: 'order',
  holding: 'holding',
  activity: 'activity',
  offer: 'offer',
  stats: 'stats',
  launchpad: 'launchpad',
  metadata: 'metadata',
} as const;
export type LiveKind = (typeof LIVE_KIND)[keyof typeof LIVE_KIND];

export type LiveOp = 'insert' | 'update' | 'delete';

const lower = (a: string) => a.toLowerCase();

/** Topic builders; addresses are lowercased, token ids decimal text. */
export const liveTopic = {
  item: (contract: string, tokenId: string | bigint) => `item:${lower(contract)}:${tokenId}`,
  collection: (contract: string) => `collection:${lower(contract)}`,
  account: (address: string) => `account:${lower(address)}`,
  /** Every listing, sale and collection figure (market, rankings and home pages). */
  market: () => 'market',
  /** A launchpad project, by its id in launchpad_projects. */
  launchpad: (projectId: number | string) => `launchpad:${projectId}`,
} as const;

/** What a topic looks like (the server refuses others with liveTopicsInvalid). */
export const LIVE_TOPIC_PATTERN =
  /^(market|item:0x[0-9a-f]{40}:[0-9]{1,78}|collection:0x[0-9a-f]{40}|account:0x[0-9a-f]{40}|launchpad:[0-9]{1,10})$/;

export const LIVE_LIMITS = {
  /** Topics one stream may subscribe to. */
  maxTopics: 50,
  /** Open streams per client address on one API replica. */
  maxStreamsPerClient: 8,
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 15_000,
  /** Events sent at most per read of the feed when catching up after Last-Event-ID. */
  replayBatch: 500,
} as const;

/**
 * The over-cap answer a stream may ask for. By default a client over maxStreamsPerClient gets
 * 429 (liveTooManyStreams), but a browser logs every EventSource answer other than 200 in the
 * console and tells the page nothing of the status. A request with `busy=event` in its query is
 * answered instead with a 200 stream holding `retry: <retryMs>` and one `busy` event
 * (LiveBusyVO), then closed: the page pauses without a console line, and a plain EventSource
 * that ignores the event still waits retryMs before it tries again.
 */
export const LIVE_BUSY = {
  param: 'busy',
  value: 'event',
  event: 'busy',
  /** The shortest wait before a refused client tries again. */
  retryMs: 30_000,
} as const;

/** The data of a `busy` event: wait at least this long before reconnecting. */
export interface LiveBusyVO {
  retryMs: number;
}

/** Webhook subscription status (webhook_subscriptions.status). */
export const WEBHOOK_STATUS = { active: 0, parked: 1, disabled: 2 } as const;
