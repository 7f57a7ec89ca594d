import {
  LIVE_BUSY,
  LIVE_LIMITS,
  type LiveBusyVO,
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

/** What the manager needs of a BroadcastChannel (the browser's, or a test's). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** What the manager needs of navigator.locks: the callback holds the lock until it settles. */
export interface LocksLike {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

/**
 * One stream for all the tabs of a browser: the tab holding the lock `name` (the leader) opens
 * the stream for every tab's topics and passes what it hears on over `channel`.
 */
export interface LiveShare {
  channel: ChannelLike;
  locks: LocksLike;
  name: string;
  /** This tab's id in the messages (random when not given). */
  tabId?: string;
}

export interface LiveStreamOptions {
  /** The stream endpoint (same origin). */
  url?: string;
  factory?: EventSourceFactory;
  /** Subscribers mounting and unmounting together (a page change) cause one reopen. */
  debounceMs?: number;
  /** Reconnect delays: doubled after each failure up to maxMs, back to initialMs once open. */
  backoff?: { initialMs: number; maxMs: number };
  /** Share one stream with the browser's other tabs; without it this tab opens its own. */
  share?: LiveShare;
}

const CLOSED = 2;

/** Refused over the cap again and again: the wait doubles from the server's hint up to this. */
const BUSY_MAX_MS = 8 * LIVE_BUSY.retryMs;

/** What the tabs tell each other over the channel. */
type TabMessage =
  /** A follower's topics (none: it left), and the last id it saw for a new leader to resume. */
  | { t: 'topics'; tab: string; topics: string[]; lastEventId: string | null }
  /** A tab took the lock: the others send their topics again. */
  | { t: 'leader'; tab: string }
  | { t: 'event'; event: LiveEventVO }
  | { t: 'ready'; id: string }
  | { t: 'reset'; reset: LiveResetVO }
  /** The stream was reopened blind: the tab reloads what it shows. */
  | { t: 'gap'; tab: string }
  /** The leader's stream status and the topics it carries. */
  | { t: 'status'; status: LiveStatus; topics: string[] };

/** A follower tab as the leader sees it: a subscriber whose events go out over the channel. */
interface RemoteTab extends LiveSubscriber {
  topics: string[];
}

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
  /** The next wait after a `busy` answer (0: not refused since the last stream that worked). */
  private busyDelayMs = 0;
  private readonly share: LiveShare | null;
  private readonly tabId: string;
  /** solo: no sharing, this tab's own stream; follower: hears the leader's; leader. */
  private role: 'solo' | 'follower' | 'leader';
  /** The leader's view of the other tabs, by tab id (also in `subscribers`). */
  private readonly remote = new Map<string, RemoteTab>();
  /** Ends the lock's hold (leader), or drops a request still waiting. */
  private releaseLock: (() => void) | null = null;
  private disposed = false;

  constructor(options: LiveStreamOptions = {}) {
    this.url = options.url ?? `${API_PREFIX}/events`;
    this.factory = options.factory ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
    this.debounceMs = options.debounceMs ?? 100;
    this.backoff = options.backoff ?? { initialMs: 1_000, maxMs: 30_000 };
    this.delayMs = this.backoff.initialMs;
    this.share = options.share ?? null;
    this.tabId =
      options.share?.tabId ?? globalThis.crypto?.randomUUID?.() ?? String(Math.random()).slice(2);
    this.role = this.share ? 'follower' : 'solo';
    if (this.share) this.join(this.share);
  }

  /** Whether this tab opens the stream itself (alone, or for every tab as the leader). */
  get isLeader(): boolean {
    return this.role !== 'follower';
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
    if (this.role === 'follower' && !this.disposed) this.post(this.topicsMessage([]));
    this.disposed = true;
    this.subscribers.clear();
    this.remote.clear();
    this.covered.clear();
    this.clearTimers();
    this.closeSource();
    this.setStatus('idle');
    // The lock goes to the next waiting tab, which resumes after the last id it heard.
    this.releaseLock?.();
    this.releaseLock = null;
    if (this.share) {
      this.share.channel.onmessage = null;
      this.share.channel.close();
    }
  }

  /** Waits for the lock (held for the tab's life) and listens to the other tabs meanwhile. */
  private join(share: LiveShare): void {
    share.channel.onmessage = (message: MessageEvent) => {
      if (!this.disposed) this.receive(message.data as TabMessage);
    };
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.releaseLock = release;
    void share.locks
      .request(share.name, () => {
        if (this.disposed) return Promise.resolve();
        this.lead();
        return held;
      })
      .catch(() => {
        // No lock for this document (a sandboxed frame, say): it keeps a stream of its own.
        if (this.disposed || this.role !== 'follower') return;
        this.role = 'solo';
        this.schedule();
      });
  }

  private lead(): void {
    this.role = 'leader';
    this.covered.clear();
    // The followers answer with their topics and last ids within the debounce.
    this.post({ t: 'leader', tab: this.tabId });
    this.schedule();
  }

  private receive(message: TabMessage): void {
    switch (message.t) {
      case 'topics':
        if (this.role === 'leader') this.remoteTopics(message);
        return;
      case 'leader':
        if (message.tab !== this.tabId && this.role === 'follower') this.post(this.topicsMessage());
        return;
      case 'event':
        // Late events of a leader that just left reach the new one too: deduplicated as usual.
        this.deliver(message.event);
        return;
      case 'ready':
        if (this.lastEventId === null) this.lastEventId = message.id;
        return;
      case 'reset':
        this.applyReset(message.reset);
        return;
      case 'gap':
        if (message.tab === this.tabId && this.role === 'follower')
          for (const s of [...this.subscribers]) s.onGap?.();
        return;
      case 'status':
        if (this.role === 'follower') this.followStatus(message.status, message.topics);
        return;
    }
  }

  private remoteTopics(message: Extract<TabMessage, { t: 'topics' }>): void {
    // Before the stream opens (a hand-over) resume after the last id any tab heard.
    if (this.source === null && message.lastEventId !== null)
      if (idAfter(message.lastEventId, this.lastEventId)) this.lastEventId = message.lastEventId;
    let tab = this.remote.get(message.tab);
    if (message.topics.length === 0) {
      if (tab) this.subscribers.delete(tab);
      this.remote.delete(message.tab);
    } else if (tab) {
      tab.topics = message.topics;
    } else {
      const id = message.tab;
      tab = { topics: message.topics, onGap: () => this.post({ t: 'gap', tab: id }) };
      this.remote.set(id, tab);
      this.subscribers.add(tab);
    }
    this.schedule();
    this.postStatus();
  }

  /**
   * A follower shows the leader's status once the leader's stream carries its topics (or is at
   * the topic limit); until then it is still connecting.
   */
  private followStatus(status: LiveStatus, carried: string[]): void {
    const mine = this.topics();
    if (mine.length === 0) return this.setStatus('idle');
    const have = new Set(carried);
    const covered = carried.length >= LIVE_LIMITS.maxTopics || mine.every((t) => have.has(t));
    this.setStatus(covered || status === 'down' ? status : 'connecting');
  }

  private topicsMessage(topics = this.topics()): TabMessage {
    return { t: 'topics', tab: this.tabId, topics, lastEventId: this.lastEventId };
  }

  private post(message: TabMessage): void {
    if (!this.share || this.disposed) return;
    try {
      this.share.channel.postMessage(message);
    } catch {
      // A closed channel (the page is going away): nothing to tell.
    }
  }

  private postStatus(): void {
    if (this.role === 'leader')
      this.post({ t: 'status', status: this.state, topics: this.openTopics.split(',') });
  }

  private schedule(): void {
    if (this.reconcileTimer !== null) clearTimeout(this.reconcileTimer);
    this.reconcileTimer = setTimeout(() => {
      this.reconcileTimer = null;
      this.reconcile();
    }, this.debounceMs);
  }

  private reconcile(): void {
    if (this.role === 'follower') {
      this.post(this.topicsMessage());
      if (this.subscribers.size === 0) this.setStatus('idle');
      return;
    }
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
    // Over the per-client cap a 429 would be logged by the browser in the console (an EventSource
    // answer other than 200), and the page could not tell it from an outage: the server answers
    // this request with a 200 stream holding one `busy` event instead.
    params.set(LIVE_BUSY.param, LIVE_BUSY.value);
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
      const delay = this.delayMs;
      this.delayMs = Math.min(this.delayMs * 2, this.backoff.maxMs);
      this.retryAfter(delay);
    };
    source.addEventListener(LIVE_BUSY.event, (message) => {
      if (this.source !== source) return;
      const busy = parse<LiveBusyVO>(message.data);
      const hint = busy && typeof busy.retryMs === 'number' ? busy.retryMs : 0;
      // Refused over the cap: a long, growing pause (the paused note shows meanwhile), never
      // shorter than the server asks.
      const delay = Math.max(hint, LIVE_BUSY.retryMs, this.busyDelayMs);
      this.busyDelayMs = Math.min(delay * 2, BUSY_MAX_MS);
      this.retryAfter(delay);
    });
    source.addEventListener('change', (message) => {
      if (this.source !== source) return;
      const event = parse<LiveEventVO>(message.data);
      if (!event || typeof event.id !== 'string') return;
      this.busyDelayMs = 0;
      if (this.deliver(event)) this.post({ t: 'event', event });
    });
    source.addEventListener('ready', (message) => {
      if (this.source !== source) return;
      const ready = parse<LiveReadyVO>(message.data);
      if (!ready || typeof ready.id !== 'string') return;
      this.busyDelayMs = 0;
      // The position of a stream opened without an id: a reopen with other topics resumes there.
      if (this.lastEventId === null) this.lastEventId = ready.id;
      this.post({ t: 'ready', id: ready.id });
    });
    source.addEventListener('reset', (message) => {
      if (this.source !== source) return;
      const reset = parse<LiveResetVO>(message.data);
      if (!reset || typeof reset.id !== 'string') return;
      this.busyDelayMs = 0;
      this.applyReset(reset);
      this.post({ t: 'reset', reset });
    });
  }

  /** Closes the stream and opens it again (with the topics of that time) after `delay`. */
  private retryAfter(delay: number): void {
    this.closeSource();
    this.setStatus('down');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      const now = this.topics();
      if (now.length === 0) this.setStatus('idle');
      else this.open(now);
    }, delay);
  }

  /** Hands an event over unless it was already (a replay after a reopen or a hand-over). */
  private deliver(event: LiveEventVO): boolean {
    if (!idAfter(event.id, this.lastEventId)) return false;
    this.lastEventId = event.id;
    if (event.blockNumber !== null && (this.maxBlock === null || event.blockNumber > this.maxBlock))
      this.maxBlock = event.blockNumber;
    this.dispatch(event);
    return true;
  }

  private applyReset(reset: LiveResetVO): void {
    this.lastEventId = reset.id;
    for (const s of [...this.subscribers]) s.onReset?.(reset);
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
    this.postStatus();
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

let shared: LiveStream | null = null;

/** The lock and channel the tabs of one origin share their stream by. */
const SHARE_NAME = 'aiamarket-live';

/**
 * Sharing where the browser has both BroadcastChannel and Web Locks; elsewhere each tab keeps
 * its own stream (the server's per-client cap then limits how many tabs are live).
 */
function tabShare(): LiveShare | undefined {
  if (typeof BroadcastChannel === 'undefined' || typeof navigator === 'undefined') return undefined;
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return undefined;
  return {
    channel: new BroadcastChannel(SHARE_NAME),
    locks: { request: (name, callback) => locks.request(name, callback) },
    name: SHARE_NAME,
  };
}

/** The tab's stream (created on first use; none where the browser has no EventSource). */
export function liveStream(): LiveStream | null {
  if (shared) return shared;
  if (typeof EventSource === 'undefined') return null;
  shared = new LiveStream({ share: tabShare() });
  shared.onAnyEvent((event) => orderStates.apply(event));
  // The stream's state on <html data-live>: journeys and the bench wait for "open" before a trade.
  shared.onStatus((status) => {
    document.documentElement.dataset.live = status;
  });
  const stream = shared;
  // A tab going away for good tells the leader its topics are gone (a leader's lock is released
  // by the browser itself); one kept in the back/forward cache stays as it is.
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) stream.dispose();
  });
  return shared;
}

/** Tests: use this stream as the tab's. */
export function setLiveStream(stream: LiveStream | null): void {
  shared = stream;
}
