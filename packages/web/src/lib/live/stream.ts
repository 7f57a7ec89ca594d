import {
  LIVE_LIMITS,
  type LiveEventVO,
  type LiveReadyVO,
  type LiveResetVO,
} from '@aiamarket/shared';
import { API_PREFIX } from '../api';
import { orderStates } from './orders';

/** What the manager needs of an EventSource (tests pass a fake one). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/** One mounted page part listening to some topics. */
export interface LiveSubscriber {
  topics: readonly string[];
  onEvent?: (event: LiveEventVO) => void;
  /** The stream could not replay what was missed: reload everything shown. */
  onReset?: (reset: LiveResetVO) => void;
  /**
   * The stream was reopened before any event gave it an id to resume after: changes between the
   * two streams may be missing, reload what this subscriber shows.
   */
  onGap?: () => void;
}

/** idle: no subscriber; connecting; open; down: failed, a reopen is scheduled (back-off). */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

export interface LiveStreamOptions {
  /** The stream endpoint (same origin). */
  url?: string;
  factory?: EventSourceFactory;
  /** Subscribers mounting and unmounting together (a page change) cause one reopen. */
  debounceMs?: number;
  /** Reconnect delays: doubled after each failure up to maxMs, back to initialMs once open. */
  backoff?: { initialMs: number; maxMs: number };
}

const CLOSED = 2;

/** Feed ids are decimal text that may outgrow a double: compared as big integers. */
function idAfter(a: string, b: string | null): boolean {
  if (b === null) return true;
  try {
    return BigInt(a) > BigInt(b);
  } catch {
    return true;
  }
}

function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * One Server-Sent Events stream per tab carrying the union of the topics of every mounted
 * subscriber. When the union changes it is reopened (debounced) after the last event id seen,
 * so the server replays what happened meanwhile and nothing is lost or seen twice; a failed
 * stream is reopened the same way after a growing delay.
 */
export class LiveStream {
  private readonly url: string;
  private readonly factory: EventSourceFactory;
  private readonly debounceMs: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly subscribers = new Set<LiveSubscriber>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly eventListeners = new Set<(event: LiveEventVO) => void>();
  private source: EventSourceLike | null = null;
  /** The subscribers an open stream carried: they may miss changes if it is reopened blind. */
  private covered = new Set<LiveSubscriber>();
  /** The topics the open source carries (sorted, joined). */
  private openTopics = '';
  private reconcileTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private delayMs: number;
  private state: LiveStatus = 'idle';
  /** The id of the last event (or reset) received: where a reopened stream resumes. */
  lastEventId: string | null = null;
  /** The highest indexed block any received event came from. */
  maxBlock: number | null = null;

  constructor(options: LiveStreamOptions = {}) {
    this.url = options.url ?? `${API_PREFIX}/events`;
    this.factory = options.factory ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
    this.debounceMs = options.debounceMs ?? 100;
    this.backoff = options.backoff ?? { initialMs: 1_000, maxMs: 30_000 };
    this.delayMs = this.backoff.initialMs;
  }

  get status(): LiveStatus {
    return this.state;
  }

  /** Adds a subscriber; returns its removal. */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    this.schedule();
    return () => {
      if (this.subscribers.delete(subscriber)) this.schedule();
    };
  }

  /** Hears every event the stream delivers, whatever its topics (block progress, order states). */
  onAnyEvent(listener: (event: LiveEventVO) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** The sorted union of the subscribers' topics, at most LIVE_LIMITS.maxTopics. */
  topics(): string[] {
    const all = new Set<string>();
    for (const s of this.subscribers) for (const t of s.topics) all.add(t);
    // Over the server's limit the stream would be refused as a whole: keep the first ones.
    return [...all].sort().slice(0, LIVE_LIMITS.maxTopics);
  }

  /** Closes the stream and forgets every timer (tests, page unload). */
  dispose(): void {
    this.subscribers.clear();
    this.covered.clear();
    this.clearTimers();
    this.closeSource();
    this.setStatus('idle');
  }

  private schedule(): void {
    if (this.reconcileTimer !== null) clearTimeout(this.reconcileTimer);
    this.reconcileTimer = setTimeout(() => {
      this.reconcileTimer = null;
      this.reconcile();
    }, this.debounceMs);
  }

  private reconcile(): void {
    const topics = this.topics();
    const joined = topics.join(',');
    if (topics.length === 0) {
      this.clearTimers();
      this.closeSource();
      this.covered.clear();
      this.setStatus('idle');
      return;
    }
    if (this.source && joined === this.openTopics) return;
    // A scheduled retry opens the new union itself.
    if (this.retryTimer !== null) return;
    this.open(topics);
  }

  private open(topics: string[]): void {
    this.closeSource();
    const params = new URLSearchParams({ topics: topics.join(',') });
    if (this.lastEventId !== null) params.set('lastEventId', this.lastEventId);
    const source = this.factory(`${this.url}?${params.toString()}`);
    this.source = source;
    // Without an id the server starts the new stream at its present position: what the earlier
    // stream's subscribers missed in between cannot be replayed, they reload instead.
    const blind = this.lastEventId === null;
    const carrying = new Set(this.subscribers);
    this.openTopics = topics.join(',');
    this.setStatus('connecting');
    source.onopen = () => {
      if (this.source !== source) return;
      this.delayMs = this.backoff.initialMs;
      const gap = blind && this.lastEventId === null ? [...this.covered] : [];
      this.covered = carrying;
      this.setStatus('open');
      for (const s of gap) if (this.subscribers.has(s)) s.onGap?.();
    };
    source.onerror = () => {
      if (this.source !== source) return;
      // The browser's own retry would resume with its Last-Event-ID but without our back-off and
      // never after a refusal (429): the manager reopens itself.
      this.closeSource();
      this.setStatus('down');
      const delay = this.delayMs;
      this.delayMs = Math.min(this.delayMs * 2, this.backoff.maxMs);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        const now = this.topics();
        if (now.length === 0) this.setStatus('idle');
        else this.open(now);
      }, delay);
    };
    source.addEventListener('change', (message) => {
      if (this.source !== source) return;
      const event = parse<LiveEventVO>(message.data);
      if (!event || typeof event.id !== 'string') return;
      // A reopened stream replays from lastEventId: never hand an event over twice.
      if (!idAfter(event.id, this.lastEventId)) return;
      this.lastEventId = event.id;
      if (
        event.blockNumber !== null &&
        (this.maxBlock === null || event.blockNumber > this.maxBlock)
      )
        this.maxBlock = event.blockNumber;
      this.dispatch(event);
    });
    source.addEventListener('ready', (message) => {
      if (this.source !== source) return;
      const ready = parse<LiveReadyVO>(message.data);
      // The position of a stream opened without an id: a reopen with other topics resumes there.
      if (ready && typeof ready.id === 'string' && this.lastEventId === null)
        this.lastEventId = ready.id;
    });
    source.addEventListener('reset', (message) => {
      if (this.source !== source) return;
      const reset = parse<LiveResetVO>(message.data);
      if (!reset || typeof reset.id !== 'string') return;
      this.lastEventId = reset.id;
      for (const s of [...this.subscribers]) s.onReset?.(reset);
    });
  }

  private dispatch(event: LiveEventVO): void {
    for (const listener of [...this.eventListeners]) listener(event);
    const topics = new Set(event.topics);
    for (const s of [...this.subscribers]) {
      if (s.onEvent && s.topics.some((t) => topics.has(t))) s.onEvent(event);
    }
  }

  private closeSource(): void {
    if (this.source) {
      const source = this.source;
      this.source = null;
      this.openTopics = '';
      if (source.readyState !== CLOSED) source.close();
    }
  }

  private clearTimers(): void {
    if (this.reconcileTimer !== null) clearTimeout(this.reconcileTimer);
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.reconcileTimer = null;
    this.retryTimer = null;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.state) return;
    this.state = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

let shared: LiveStream | null = null;

/** The tab's stream (created on first use; none where the browser has no EventSource). */
export function liveStream(): LiveStream | null {
  if (shared) return shared;
  if (typeof EventSource === 'undefined') return null;
  shared = new LiveStream();
  shared.onAnyEvent((event) => orderStates.apply(event));
  // The stream's state on <html data-live>: journeys and the bench wait for "open" before a trade.
  shared.onStatus((status) => {
    document.documentElement.dataset.live = status;
  });
  return shared;
}

/** Tests: use this stream as the tab's. */
export function setLiveStream(stream: LiveStream | null): void {
  shared = stream;
}
