// Shapes of the live event stream (GET /v1/api/events, Server-Sent Events) and of the webhook
// bodies: the same LiveEventVO. See ../live.ts for topics and limits.
import type { LiveKind, LiveOp } from '../live.js';

/**
 * One change from the feed. `id` grows in commit order (decimal text: it is also the SSE `id:`
 * line and the Last-Event-ID to resume after). `data` is the changed row with camelCase fields
 * (the row after the change; the row before it for a delete, e.g. an activity a reorg removed).
 */
export interface LiveEventVO {
  id: string;
  kind: LiveKind;
  op: LiveOp;
  topics: string[];
  data: Record<string, unknown>;
  /** The indexed block that made the change; null when the API made it (an offer stored). */
  blockNumber: number | null;
  /** When the change was committed (ISO 8601). */
  at: string;
}

/**
 * Sent instead of a replay when Last-Event-ID is older than the feed keeps: the client reloads
 * what it shows, then goes on from `id`.
 */
export interface LiveResetVO {
  id: string;
}

/** The stream's position when it opened without Last-Event-ID: resume after `id` later. */
export interface LiveReadyVO {
  id: string;
}
