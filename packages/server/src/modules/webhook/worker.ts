// The webhook delivery worker. Each subscription is served by one worker at a time, whichever
// replica it runs in: a claim (SELECT … FOR UPDATE SKIP LOCKED) moves next_attempt_at to a lease
// in the future, and every later write checks that the lease is still the one it set, so a
// replay, a disable or another replica taking over an expired lease wins over a stale worker.
// Events go out one at a time in feed order; the cursor moves only after a 2xx.
import { sql } from 'drizzle-orm';
import { WEBHOOK_STATUS } from '@aiamarket/shared';
import type { AppDb } from '../../db/database.js';
import { readFeed } from '../../live/feed.js';
import type { WebhookConfig } from './config.js';
import { postJson, type PostResult } from './post.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.js';

export interface WebhookLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WebhookWorkerOptions extends Pick<
  WebhookConfig,
  'allowPrivateUrls' | 'timeoutMs' | 'maxFailures' | 'retryBaseMs' | 'retryMaxMs' | 'concurrency'
> {
  pollMs?: number;
  /** Feed events read per claim. */
  batch?: number;
  /** The clock of the back-off and the leases (tests move it). */
  now?: () => Date;
  log?: WebhookLogger;
}

interface Claim {
  id: number;
  url: string;
  topics: string[];
  secret: string;
  cursor: number;
  failures: number;
  lease: Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The delay before retry number `failures` (1 = after the first failure). */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.min(failures - 1, 30), maxMs);
}

const quietLog: WebhookLogger = { info: () => {}, warn: () => {}, error: () => {} };

export class WebhookWorker {
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly now: () => Date;
  private readonly log: WebhookLogger;
  /** Longer than one delivery can take, so a live worker renews its lease before it expires. */
  private readonly leaseMs: number;
  private readonly abort = new AbortController();
  private readonly active = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private lastPrune = 0;

  constructor(
    private readonly db: AppDb,
    private readonly opts: WebhookWorkerOptions,
  ) {
    this.pollMs = opts.pollMs ?? 1_000;
    this.batch = opts.batch ?? 100;
    this.now = opts.now ?? (() => new Date());
    this.log = opts.log ?? quietLog;
    this.leaseMs = opts.timeoutMs + 60_000;
  }

  /** Delivers in the background until stop(). */
  start(): void {
    this.loop ??= this.run();
  }

  /** Stops claiming, aborts the deliveries in flight (not counted as failures) and waits. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake();
    await this.loop;
    await Promise.all([...this.active]);
  }

  /** Looks for due subscriptions now (e.g. on a change_feed notification). */
  wake(): void {
    this.wakeUp?.();
  }

  /** One pass for tests: claims what is due (up to the concurrency) and serves it to the end. */
  async tick(): Promise<number> {
    const serving: Promise<void>[] = [];
    while (serving.length < this.opts.concurrency) {
      const claim = await this.claim();
      if (!claim) break;
      serving.push(this.serve(claim));
    }
    await Promise.all(serving);
    return serving.length;
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      try {
        while (this.active.size < this.opts.concurrency && !signal.aborted) {
          const claim = await this.claim();
          if (!claim) break;
          const serving: Promise<void> = this.serve(claim)
            .catch((err: unknown) =>
              this.log.error({ err: (err as Error).message, subscription: claim.id }, 'webhook'),
            )
            .finally(() => {
              this.active.delete(serving);
              this.wake();
            });
          this.active.add(serving);
        }
        await this.pruneDeliveries();
      } catch (err) {
        this.log.error({ err: (err as Error).message }, 'webhook claim failed');
      }
      if (signal.aborted) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakeUp = done;
      });
      this.wakeUp = null;
    }
  }

  /** An active subscription that is due and has feed events after its cursor, leased to us. */
  private async claim(): Promise<Claim | null> {
    const now = this.now();
    const lease = new Date(now.getTime() + this.leaseMs);
    const result = await this.db.execute(sql`
      update webhook_subscriptions set next_attempt_at = ${lease.toISOString()}::timestamptz
      where id = (
        select s.id from webhook_subscriptions s
        where s.status = ${WEBHOOK_STATUS.active}
          and s.next_attempt_at <= ${now.toISOString()}::timestamptz
          and exists (select 1 from change_feed f where f.id > s.cursor)
        order by s.next_attempt_at, s.id
        limit 1
        for update skip locked)
      returning id, url, topics, secret, cursor, failures`);
    const row = rowsOf<{
      id: number;
      url: string;
      topics: string[];
      secret: string;
      cursor: string | number;
      failures: number;
    }>(result)[0];
    if (!row) return null;
    return { ...row, cursor: Number(row.cursor), lease };
  }

  /**
   * Writes the outcome of a claim if it is still ours (same lease, still active); false when a
   * replay, a disable or another worker has taken over.
   */
  private async settle(
    claim: Claim,
    set: { cursor: number; failures: number; status: number; next: Date; error: string | null },
  ): Promise<boolean> {
    const result = await this.db.execute(sql`
      update webhook_subscriptions
      set cursor = ${set.cursor}, failures = ${set.failures}, status = ${set.status},
        next_attempt_at = ${set.next.toISOString()}::timestamptz, last_error = ${set.error}
      where id = ${claim.id} and status = ${WEBHOOK_STATUS.active}
        and next_attempt_at = ${claim.lease.toISOString()}::timestamptz
      returning id`);
    if (!rowsOf(result).length) return false;
    claim.lease = set.next;
    return true;
  }

  /** Sends the claimed subscription's next events in order until one fails or the batch ends. */
  private async serve(claim: Claim): Promise<void> {
    const signal = this.abort.signal;
    const events = await readFeed(this.db, claim.cursor, this.batch);
    const wanted = new Set(claim.topics);
    let cursor = claim.cursor;
    for (const event of events) {
      if (signal.aborted) break;
      const id = Number(event.id);
      // Events of other topics only move the cursor (written with the next delivery or at the end).
      if (!event.topics.some((t) => wanted.has(t))) {
        cursor = id;
        continue;
      }
      // The body is the LiveEventVO the event stream sends.
      const body = JSON.stringify(event);
      const t = Math.floor(this.now().getTime() / 1000);
      const result: PostResult = await postJson(
        claim.url,
        body,
        {
          [SIGNATURE_HEADER]: signatureHeader(claim.secret, body, t),
          [EVENT_ID_HEADER]: String(id),
        },
        { timeoutMs: this.opts.timeoutMs, allowPrivate: this.opts.allowPrivateUrls, signal },
      );
      // A shutdown is not the receiver's failure: hand the subscription back as it was.
      if (result.error !== null && signal.aborted) break;
      await this.db.execute(sql`
        insert into webhook_deliveries (subscription_id, event_id, attempt, status, error)
        values (${claim.id}, ${id}, ${claim.failures + 1}, ${result.status}, ${result.error})`);
      if (result.error === null) {
        const renewed = new Date(this.now().getTime() + this.leaseMs);
        const ours = await this.settle(claim, {
          cursor: id,
          failures: 0,
          status: WEBHOOK_STATUS.active,
          next: renewed,
          error: null,
        });
        if (!ours) return;
        cursor = id;
        claim.failures = 0;
        continue;
      }
      const failures = claim.failures + 1;
      const parked = failures >= this.opts.maxFailures;
      const delay = retryDelayMs(failures, this.opts.retryBaseMs, this.opts.retryMaxMs);
      await this.settle(claim, {
        cursor,
        failures,
        status: parked ? WEBHOOK_STATUS.parked : WEBHOOK_STATUS.active,
        next: new Date(this.now().getTime() + (parked ? 0 : delay)),
        error: `event ${id}: ${result.error}`,
      });
      if (parked) {
        this.log.warn({ subscription: claim.id, event: id, failures }, 'webhook parked');
      }
      return;
    }
    // Due again at once: the next claim goes on if more events wait.
    await this.settle(claim, {
      cursor,
      failures: claim.failures,
      status: WEBHOOK_STATUS.active,
      next: this.now(),
      error: null,
    });
  }

  /** Keeps a week of delivery attempts (checked hourly). */
  private async pruneDeliveries(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 3_600_000) return;
    this.lastPrune = now;
    await this.db.execute(sql`delete from webhook_deliveries where at < now() - interval '7 days'`);
  }
}
