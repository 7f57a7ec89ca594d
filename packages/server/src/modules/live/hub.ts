import type { Database } from '../../db/database.js';
import type { Listening } from '../../db/notifications.js';
import type { LiveEventVO } from '@aiamarket/shared';
import { maxFeedId, readFeed } from '../../live/feed.js';

/** The channel the feed's flush notifies after commit (drizzle/repeatable/change_feed.sql). */
export const FEED_CHANNEL = 'change_feed';

/** Rows read per query while following the feed. */
const READ_BATCH = 500;

export interface HubLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * One subscriber's side of the hub: it receives every row naming one of its topics, in id
 * order, each row once, from the moment it subscribed.
 */
export interface HubSubscriber {
  readonly topics: ReadonlySet<string>;
  deliver(event: LiveEventVO): void;
}

export interface HubOptions {
  /**
   * A read of the feed this often even without a notification: a safety net for a notification
   * lost in a way the listener cannot see. Reconnects already trigger a read.
   */
  pollMs: number;
  /** Waits this long before reading again after a failed read (database down). */
  retryMs: number;
}

const DEFAULTS: HubOptions = { pollMs: 5_000, retryMs: 1_000 };

/**
 * The per-replica fan-out: one LISTEN on the feed channel; on each notification it reads the new
 * rows once (id > its cursor) and hands each to the subscribers of its topics. Started by the
 * first subscriber, so an API replica nobody streams from holds no extra connection.
 */
export class LiveHub {
  private cursor = 0;
  private readonly byTopic = new Map<string, Set<HubSubscriber>>();
  private listening: Listening | undefined;
  private starting: Promise<void> | undefined;
  private reading = false;
  private readAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly options: HubOptions;

  constructor(
    private readonly database: Database,
    private readonly log: HubLogger,
    options: Partial<HubOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The id of the last row read: every later row reaches the subscribers. */
  get position(): number {
    return this.cursor;
  }

  /** Starts listening (once); throws when the database cannot be reached. */
  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('live hub stopped'));
    this.starting ??= this.begin().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  private async begin() {
    // Listen first, then take the position: a row committed in between is read by the first
    // notification's read instead of being skipped.
    const listening = await this.database.listen(FEED_CHANNEL, {
      onNotify: () => this.read(),
      onReconnect: () => this.read(),
      onError: (err) => this.log.warn({ err }, 'live hub: notification connection lost'),
    });
    try {
      this.cursor = await maxFeedId(this.database.db);
    } catch (err) {
      await listening.close();
      throw err;
    }
    if (this.stopped) {
      await listening.close();
      throw new Error('live hub stopped');
    }
    this.listening = listening;
    // A notification that came before this point was ignored: read once now.
    this.read();
  }

  /**
   * Registers a subscriber; from now on every row after `position` naming one of its topics is
   * delivered to it. The caller reads its replay only after this, so nothing falls in between.
   */
  subscribe(subscriber: HubSubscriber): () => void {
    for (const topic of subscriber.topics) {
      let set = this.byTopic.get(topic);
      if (!set) this.byTopic.set(topic, (set = new Set()));
      set.add(subscriber);
    }
    return () => {
      for (const topic of subscriber.topics) {
        const set = this.byTopic.get(topic);
        set?.delete(subscriber);
        if (set?.size === 0) this.byTopic.delete(topic);
      }
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.byTopic.clear();
    await this.starting?.catch(() => undefined);
    await this.listening?.close();
    this.listening = undefined;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.read(), ms);
    this.timer.unref();
  }

  /** Reads everything after the cursor; a notification during a read makes it read again. */
  read(): void {
    if (this.stopped || !this.listening) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    void this.drain().then(
      () => {
        this.reading = false;
        this.schedule(this.options.pollMs);
        if (this.readAgain) this.read();
      },
      (err: unknown) => {
        this.reading = false;
        this.log.warn({ err }, 'live hub: reading the feed failed');
        this.schedule(this.options.retryMs);
      },
    );
  }

  private async drain() {
    for (;;) {
      this.readAgain = false;
      const rows = await readFeed(this.database.db, this.cursor, READ_BATCH);
      if (this.stopped) return;
      // Cursor and fan-out in the same tick: a subscriber registering now either sees these
      // rows through its replay (they are committed) or through the next read, never neither.
      for (const row of rows) {
        this.cursor = Number(row.id);
        this.fanOut(row);
      }
      if (rows.length < READ_BATCH && !this.readAgain) return;
    }
  }

  private fanOut(row: LiveEventVO) {
    const targets = new Set<HubSubscriber>();
    for (const topic of row.topics) {
      const set = this.byTopic.get(topic);
      if (set) for (const s of set) targets.add(s);
    }
    for (const s of targets) {
      try {
        s.deliver(row);
      } catch (err) {
        this.log.warn({ err }, 'live hub: a subscriber failed');
      }
    }
  }
}
