import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_BUSY, liveTopic, type LiveEventVO } from '@aiamarket/shared';
import {
  LiveStream,
  type ChannelLike,
  type EventSourceLike,
  type LiveStatus,
  type LocksLike,
} from './stream';
import { OrderStates } from './orders';
import { waitForBlock } from './wait';

/** A stand-in EventSource the test drives: open, events, errors. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  get topics(): string[] {
    return new URL(this.url, 'http://x').searchParams.get('topics')!.split(',');
  }
  get lastEventId(): string | null {
    return new URL(this.url, 'http://x').searchParams.get('lastEventId');
  }
}

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const itemA = liveTopic.item(A, '1');

function change(id: string, topics: string[], extra: Partial<LiveEventVO> = {}): LiveEventVO {
  return {
    id,
    kind: 'activity',
    op: 'insert',
    topics,
    data: {},
    blockNumber: 10,
    at: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

describe('LiveStream', () => {
  let sources: FakeSource[];
  let stream: LiveStream;
  const last = () => sources[sources.length - 1]!;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    stream = new LiveStream({
      url: '/v1/api/events',
      factory: (url) => {
        const s = new FakeSource(url);
        sources.push(s);
        return s;
      },
      debounceMs: 50,
      backoff: { initialMs: 1_000, maxMs: 4_000 },
    });
  });
  afterEach(() => {
    stream.dispose();
    vi.useRealTimers();
  });

  it('opens one stream with the union of the subscribers, debounced', () => {
    stream.subscribe({ topics: [liveTopic.market()] });
    stream.subscribe({ topics: [itemA, liveTopic.market()] });
    stream.subscribe({ topics: [liveTopic.account(B)] });
    expect(sources).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(sources).toHaveLength(1);
    expect(last().topics).toEqual([liveTopic.account(B), itemA, 'market']);
    expect(last().lastEventId).toBeNull();
  });

  it('hands an event only to the subscribers of its topics', () => {
    const market = vi.fn();
    const item = vi.fn();
    stream.subscribe({ topics: ['market'], onEvent: market });
    stream.subscribe({ topics: [itemA], onEvent: item });
    vi.advanceTimersByTime(50);
    last().open();
    last().emit('change', change('5', [itemA]));
    last().emit('change', change('6', [itemA, 'market']));
    expect(item.mock.calls.map((c) => (c[0] as LiveEventVO).id)).toEqual(['5', '6']);
    expect(market.mock.calls.map((c) => (c[0] as LiveEventVO).id)).toEqual(['6']);
  });

  it('reopens after the last event id when the union changes, without duplicates', () => {
    const seen: string[] = [];
    const off = stream.subscribe({ topics: ['market'], onEvent: (e) => seen.push(e.id) });
    vi.advanceTimersByTime(50);
    const first = last();
    first.open();
    first.emit('change', change('41', ['market']));
    stream.subscribe({ topics: [itemA], onEvent: (e) => seen.push(e.id) });
    vi.advanceTimersByTime(50);
    expect(sources).toHaveLength(2);
    expect(first.readyState).toBe(2);
    expect(last().topics).toEqual([itemA, 'market']);
    expect(last().lastEventId).toBe('41');
    // The old source's late events are ignored; a replayed id is not delivered twice.
    first.emit('change', change('42', ['market']));
    last().open();
    last().emit('change', change('41', ['market']));
    last().emit('change', change('42', ['market']));
    expect(seen).toEqual(['41', '42']);
    // The same union again: no reopen. The last subscriber gone: closed.
    off();
    vi.advanceTimersByTime(50);
    expect(last().topics).toEqual([itemA]);
    expect(last().lastEventId).toBe('42');
    const count = sources.length;
    stream.subscribe({ topics: [itemA] });
    vi.advanceTimersByTime(50);
    expect(sources).toHaveLength(count);
  });

  it('reopened before any event: the subscribers of the earlier stream hear a gap', () => {
    const gaps: string[] = [];
    stream.subscribe({ topics: ['market'], onGap: () => gaps.push('market') });
    vi.advanceTimersByTime(50);
    last().open();
    expect(gaps).toEqual([]);
    stream.subscribe({ topics: [itemA], onGap: () => gaps.push('item') });
    vi.advanceTimersByTime(50);
    expect(last().lastEventId).toBeNull();
    expect(gaps).toEqual([]);
    last().open();
    expect(gaps).toEqual(['market']);
    // A failure before any event: both were carried, both reload once reopened.
    last().fail();
    vi.advanceTimersByTime(1_000);
    last().open();
    expect([...gaps].sort()).toEqual(['item', 'market', 'market']);
    // Once an id is known the reopened stream replays instead: no gap.
    last().emit('change', change('8', ['market']));
    last().fail();
    vi.advanceTimersByTime(1_000);
    expect(last().lastEventId).toBe('8');
    last().open();
    expect(gaps).toHaveLength(3);
  });

  it('a stream opened without an id takes its ready position: a reopen resumes, no gap', () => {
    const gaps: string[] = [];
    stream.subscribe({ topics: ['market'], onGap: () => gaps.push('market') });
    vi.advanceTimersByTime(50);
    last().open();
    last().emit('ready', { id: '77' });
    stream.subscribe({ topics: [itemA] });
    vi.advanceTimersByTime(50);
    expect(last().lastEventId).toBe('77');
    last().open();
    expect(gaps).toEqual([]);
  });

  it('compares ids as big integers', () => {
    const seen: string[] = [];
    stream.subscribe({ topics: ['market'], onEvent: (e) => seen.push(e.id) });
    vi.advanceTimersByTime(50);
    last().emit('change', change('9', ['market']));
    last().emit('change', change('10', ['market']));
    last().emit('change', change('9007199254740993', ['market']));
    last().emit('change', change('9007199254740992', ['market']));
    expect(seen).toEqual(['9', '10', '9007199254740993']);
  });

  it('a reset tells every subscriber and resumes from its id', () => {
    const resets = [vi.fn(), vi.fn()];
    stream.subscribe({ topics: ['market'], onReset: resets[0] });
    stream.subscribe({ topics: [itemA], onReset: resets[1] });
    vi.advanceTimersByTime(50);
    last().open();
    last().emit('reset', { id: '900' });
    expect(resets[0]).toHaveBeenCalledWith({ id: '900' });
    expect(resets[1]).toHaveBeenCalledWith({ id: '900' });
    expect(stream.lastEventId).toBe('900');
    last().fail();
    vi.advanceTimersByTime(1_000);
    expect(last().lastEventId).toBe('900');
  });

  it('reconnects after a failure with a growing delay and the last event id', () => {
    const statuses: string[] = [];
    stream.onStatus((s) => statuses.push(s));
    stream.subscribe({ topics: ['market'] });
    vi.advanceTimersByTime(50);
    last().open();
    last().emit('change', change('7', ['market']));
    last().fail();
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    expect(last().lastEventId).toBe('7');
    last().fail(); // refused again: 2 s, then 4 s (the cap), then 4 s
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    last().fail();
    vi.advanceTimersByTime(4_000);
    expect(sources).toHaveLength(4);
    last().fail();
    vi.advanceTimersByTime(4_000);
    expect(sources).toHaveLength(5);
    // Open again: the delay starts over.
    last().open();
    last().fail();
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(6);
    expect(statuses).toEqual([
      'connecting',
      'open',
      'down',
      'connecting',
      'down',
      'connecting',
      'down',
      'connecting',
      'down',
      'connecting',
      'open',
      'down',
      'connecting',
    ]);
  });

  it('a topic added while down waits for the retry, which carries it', () => {
    stream.subscribe({ topics: ['market'] });
    vi.advanceTimersByTime(50);
    last().fail();
    stream.subscribe({ topics: [itemA] });
    vi.advanceTimersByTime(50);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(2);
    expect(last().topics).toEqual([itemA, 'market']);
  });

  it('waitForBlock resolves on an event of the block, false after the time-out', async () => {
    stream.subscribe({ topics: ['market'] });
    vi.advanceTimersByTime(50);
    last().open();
    const reached = waitForBlock(stream, 12n, 5_000);
    last().emit('change', change('1', ['market'], { blockNumber: 11 }));
    last().emit('change', change('2', ['market'], { blockNumber: null }));
    last().emit('change', change('3', ['market'], { blockNumber: 12 }));
    await expect(reached).resolves.toBe(true);
    await expect(waitForBlock(stream, 12n, 10)).resolves.toBe(true);
    const never = waitForBlock(stream, 13n, 100);
    vi.advanceTimersByTime(100);
    await expect(never).resolves.toBe(false);
  });
});

/** BroadcastChannels of one origin: a message reaches every other open one, later (a task). */
class FakeChannel implements ChannelLike {
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(private readonly peers: Set<FakeChannel>) {
    peers.add(this);
  }
  postMessage(message: unknown) {
    const data: unknown = structuredClone(message);
    for (const peer of this.peers)
      if (peer !== this)
        queueMicrotask(() => {
          if (this.peers.has(peer)) peer.onmessage?.(new MessageEvent('message', { data }));
        });
  }
  close() {
    this.peers.delete(this);
  }
}

/** navigator.locks for one name: granted in request order, each held until its callback settles. */
class FakeLocks implements LocksLike {
  private held = false;
  private readonly waiting: (() => void)[] = [];
  request(_name: string, callback: () => Promise<void>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const run = () => {
        this.held = true;
        void callback()
          .then(resolve, reject)
          .finally(() => {
            this.held = false;
            const next = this.waiting.shift();
            if (next) queueMicrotask(next);
          });
      };
      if (this.held || this.waiting.length > 0) this.waiting.push(run);
      else {
        this.held = true;
        queueMicrotask(run);
      }
    });
  }
}

describe('LiveStream shared by the tabs of a browser', () => {
  let sources: (FakeSource & { tab: string })[];
  let tabs: LiveStream[];
  let peers: Set<FakeChannel>;
  let locks: FakeLocks;
  let console_: ReturnType<typeof vi.spyOn>[];
  const last = () => sources[sources.length - 1]!;
  const flush = () => vi.advanceTimersByTimeAsync(0);

  const tab = (name: string) => {
    const stream = new LiveStream({
      url: '/v1/api/events',
      factory: (url) => {
        const s = Object.assign(new FakeSource(url), { tab: name });
        sources.push(s);
        return s;
      },
      debounceMs: 50,
      backoff: { initialMs: 1_000, maxMs: 4_000 },
      share: { channel: new FakeChannel(peers), locks, name: 'live', tabId: name },
    });
    tabs.push(stream);
    return stream;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    tabs = [];
    peers = new Set();
    locks = new FakeLocks();
    console_ = (['error', 'warn', 'log', 'info'] as const).map((m) => vi.spyOn(console, m));
  });
  afterEach(() => {
    for (const t of tabs) t.dispose();
    // Our code says nothing in the console, whatever happened.
    for (const spy of console_) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
    vi.useRealTimers();
  });

  it('three tabs open one stream with the union of their topics; each tab hears its events once', async () => {
    const [a, b, c] = [tab('a'), tab('b'), tab('c')];
    const heard = { a: [] as string[], b: [] as string[], c: [] as string[] };
    a.subscribe({ topics: ['market'], onEvent: (e) => heard.a.push(e.id) });
    b.subscribe({ topics: [itemA], onEvent: (e) => heard.b.push(e.id) });
    b.subscribe({ topics: ['market'], onEvent: (e) => heard.b.push(`m${e.id}`) });
    c.subscribe({ topics: [liveTopic.account(B)], onEvent: (e) => heard.c.push(e.id) });
    await vi.advanceTimersByTimeAsync(200);
    expect(a.isLeader).toBe(true);
    expect([b.isLeader, c.isLeader]).toEqual([false, false]);
    expect(sources).toHaveLength(1);
    expect(last().tab).toBe('a');
    expect(last().topics).toEqual([liveTopic.account(B), itemA, 'market']);
    expect(last().url).toContain(`${LIVE_BUSY.param}=${LIVE_BUSY.value}`);
    last().open();
    await flush();
    expect([a.status, b.status, c.status]).toEqual(['open', 'open', 'open']);
    last().emit('ready', { id: '10' });
    last().emit('change', change('11', [itemA]));
    last().emit('change', change('12', ['market'], { blockNumber: 30 }));
    last().emit('change', change('13', [liveTopic.account(B)]));
    await flush();
    expect(heard).toEqual({ a: ['12'], b: ['11', 'm12'], c: ['13'] });
    // Every tab follows the stream's position and blocks, whatever its topics.
    expect([a, b, c].map((t) => [t.lastEventId, t.maxBlock])).toEqual([
      ['13', 30],
      ['13', 30],
      ['13', 30],
    ]);
    // A follower's new topic reopens the leader's stream after the last id: still one open.
    c.subscribe({ topics: [liveTopic.collection(A)] });
    await vi.advanceTimersByTimeAsync(100);
    expect(sources).toHaveLength(2);
    expect(sources[0]!.readyState).toBe(2);
    expect(last().topics).toContain(liveTopic.collection(A));
    expect(last().lastEventId).toBe('13');
    // A follower that leaves takes its topics with it.
    c.dispose();
    await vi.advanceTimersByTimeAsync(100);
    expect(last().topics).toEqual([itemA, 'market']);
    expect(sources.filter((s) => s.readyState !== 2)).toHaveLength(1);
  });

  it('the leader closing hands over: the next tab resumes after the last id any tab saw, nothing twice', async () => {
    const [a, b, c] = [tab('a'), tab('b'), tab('c')];
    const heard = { b: [] as string[], c: [] as string[] };
    a.subscribe({ topics: ['market'] });
    b.subscribe({ topics: ['market'], onEvent: (e) => heard.b.push(e.id) });
    c.subscribe({ topics: [itemA], onEvent: (e) => heard.c.push(e.id) });
    await vi.advanceTimersByTimeAsync(200);
    const first = last();
    expect(first.tab).toBe('a');
    first.open();
    first.emit('change', change('20', ['market']));
    first.emit('change', change('21', [itemA]));
    await flush();
    a.dispose();
    await vi.advanceTimersByTimeAsync(200);
    expect(first.readyState).toBe(2);
    expect(b.isLeader).toBe(true);
    expect(sources).toHaveLength(2);
    expect(last().tab).toBe('b');
    expect(last().topics).toEqual([itemA, 'market']);
    expect(last().lastEventId).toBe('21');
    // The new stream replays what it has after 21 (and a seam duplicate): each event once.
    last().open();
    last().emit('change', change('21', [itemA]));
    last().emit('change', change('22', [itemA, 'market']));
    await flush();
    expect(heard).toEqual({ b: ['20', '22'], c: ['21', '22'] });
    expect(c.status).toBe('open');
    // And on again when that leader goes too.
    b.dispose();
    await vi.advanceTimersByTimeAsync(200);
    expect(c.isLeader).toBe(true);
    expect(last().tab).toBe('c');
    expect(last().topics).toEqual([itemA]);
    expect(last().lastEventId).toBe('22');
  });

  it('a new leader resumes after the latest id a follower heard, even one it missed itself', async () => {
    const [a, b, c] = [tab('a'), tab('b'), tab('c')];
    a.subscribe({ topics: ['market'] });
    b.subscribe({ topics: ['market'] });
    c.subscribe({ topics: ['market'] });
    await vi.advanceTimersByTimeAsync(200);
    last().open();
    last().emit('change', change('5', ['market']));
    await flush();
    // Tab b fell behind (a message of the leader still on its way when it leaves).
    b.lastEventId = '4';
    a.dispose();
    await vi.advanceTimersByTimeAsync(200);
    expect(last().tab).toBe('b');
    expect(last().lastEventId).toBe('5');
  });

  it('a follower is connecting until the stream carries its topics; a blind reopen tells it to reload', async () => {
    const [a, b] = [tab('a'), tab('b')];
    const gaps: string[] = [];
    a.subscribe({ topics: ['market'] });
    b.subscribe({ topics: [itemA], onGap: () => gaps.push('b') });
    await vi.advanceTimersByTimeAsync(200);
    last().open();
    await flush();
    expect(b.status).toBe('open');
    b.subscribe({ topics: [liveTopic.collection(A)], onGap: () => gaps.push('b2') });
    await vi.advanceTimersByTimeAsync(50);
    expect(b.status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(100);
    // Reopened without an id (no event nor ready yet): what b showed may have missed changes.
    expect(last().lastEventId).toBeNull();
    last().open();
    await flush();
    expect(b.status).toBe('open');
    expect(gaps.sort()).toEqual(['b', 'b2']);
  });

  it('a tab refused the lock opens a stream of its own', async () => {
    const refusing: LocksLike = { request: () => Promise.reject(new Error('SecurityError')) };
    const stream = new LiveStream({
      factory: (url) => {
        const s = Object.assign(new FakeSource(url), { tab: 'x' });
        sources.push(s);
        return s;
      },
      debounceMs: 50,
      share: { channel: new FakeChannel(peers), locks: refusing, name: 'live', tabId: 'x' },
    });
    tabs.push(stream);
    stream.subscribe({ topics: ['market'] });
    await vi.advanceTimersByTimeAsync(100);
    expect(stream.isLeader).toBe(true);
    expect(sources).toHaveLength(1);
  });

  it('refused over the cap (busy): every tab is paused for no less than the server asks, growing', async () => {
    const [a, b] = [tab('a'), tab('b')];
    const statuses: LiveStatus[] = [];
    b.onStatus((s) => statuses.push(s));
    a.subscribe({ topics: ['market'] });
    b.subscribe({ topics: ['market'] });
    await vi.advanceTimersByTimeAsync(200);
    expect(sources).toHaveLength(1);
    // The over-cap answer: a 200 stream with one busy event, which the server then ends.
    last().open();
    last().emit(LIVE_BUSY.event, { retryMs: LIVE_BUSY.retryMs });
    expect(last().readyState).toBe(2);
    last().fail();
    await flush();
    expect([a.status, b.status]).toEqual(['down', 'down']);
    await vi.advanceTimersByTimeAsync(LIVE_BUSY.retryMs - 1);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    // Refused again: twice as long; a larger hint from the server wins.
    last().open();
    last().emit(LIVE_BUSY.event, { retryMs: LIVE_BUSY.retryMs });
    await vi.advanceTimersByTimeAsync(2 * LIVE_BUSY.retryMs - 1);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);
    last().open();
    last().emit(LIVE_BUSY.event, { retryMs: 10 * LIVE_BUSY.retryMs });
    await vi.advanceTimersByTimeAsync(10 * LIVE_BUSY.retryMs - 1);
    expect(sources).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(4);
    // Let in: open, and a later refusal starts over from the server's delay.
    last().open();
    last().emit('ready', { id: '3' });
    await flush();
    expect(b.status).toBe('open');
    last().emit(LIVE_BUSY.event, {});
    await vi.advanceTimersByTimeAsync(LIVE_BUSY.retryMs - 1);
    expect(sources).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(5);
    expect(statuses).toContain('down');
    expect(statuses[statuses.length - 1]).toBe('connecting');
  });
});

describe('LiveStream over a real BroadcastChannel', () => {
  it('two tabs share one stream through the platform channel', async () => {
    const sources: FakeSource[] = [];
    const locks = new FakeLocks();
    const name = `live-${Math.random()}`;
    const tabs = [0, 1].map(
      (i) =>
        new LiveStream({
          factory: (url) => {
            const s = new FakeSource(url);
            sources.push(s);
            return s;
          },
          debounceMs: 1,
          share: { channel: new BroadcastChannel(name), locks, name, tabId: `t${i}` },
        }),
    );
    try {
      const heard: string[] = [];
      tabs[0]!.subscribe({ topics: ['market'] });
      tabs[1]!.subscribe({ topics: [itemA], onEvent: (e) => heard.push(e.id) });
      await vi.waitFor(() => expect(sources.at(-1)?.topics).toEqual([itemA, 'market']));
      sources.at(-1)!.open();
      sources.at(-1)!.emit('change', change('3', [itemA]));
      await vi.waitFor(() => expect(heard).toEqual(['3']));
      await vi.waitFor(() => expect(tabs[1]!.status).toBe('open'));
      expect(sources.filter((s) => s.readyState !== 2)).toHaveLength(1);
    } finally {
      for (const t of tabs) t.dispose();
    }
  });
});

describe('LiveStream alone (no BroadcastChannel or locks)', () => {
  it("a busy answer pauses it for the server's delay, silently", async () => {
    vi.useFakeTimers();
    const spies = (['error', 'warn'] as const).map((m) => vi.spyOn(console, m));
    const sources: FakeSource[] = [];
    const stream = new LiveStream({
      factory: (url) => {
        const s = new FakeSource(url);
        sources.push(s);
        return s;
      },
      debounceMs: 50,
    });
    try {
      stream.subscribe({ topics: ['market'] });
      vi.advanceTimersByTime(50);
      sources[0]!.open();
      sources[0]!.emit(LIVE_BUSY.event, { retryMs: LIVE_BUSY.retryMs });
      expect(stream.status).toBe('down');
      vi.advanceTimersByTime(LIVE_BUSY.retryMs - 1);
      expect(sources).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sources).toHaveLength(2);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      stream.dispose();
      for (const spy of spies) spy.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('OrderStates', () => {
  const order = {
    marketAddr: A,
    orderId: '3',
    contractAddr: B,
    tokenId: '1',
    ownerAddr: '0x' + 'c'.repeat(40),
  };
  const ev = (op: LiveEventVO['op'], data: Record<string, unknown>): LiveEventVO =>
    change('1', [], { kind: 'order', op, data: { ...order, leftAmount: '1', ...data } });

  it('marks sold, cancelled and deleted listings; a relisting clears the mark', () => {
    const states = new OrderStates();
    const heard = vi.fn();
    states.subscribe(heard);
    states.apply(ev('update', { status: 0 }));
    expect(states.goneOf(order)).toBeNull();
    states.apply(ev('update', { status: 1, leftAmount: '0' }));
    expect(states.goneOf(order)).toBe('sold');
    states.apply(ev('update', { status: 0 }));
    expect(states.goneOf(order)).toBeNull();
    states.apply(ev('update', { status: 2 }));
    expect(states.goneOf(order)).toBe('cancelled');
    states.apply(ev('delete', { status: 0 }));
    expect(states.goneOf(order)).toBe('unavailable');
    expect(heard).toHaveBeenCalledTimes(4);
    // Another kind or another order: no mark.
    states.apply(change('2', [], { kind: 'holding', data: { ...order, status: 1 } }));
    expect(states.goneOf({ ...order, orderId: '4' })).toBeNull();
  });

  it('an id sent as an inexact JSON number matches by seller and token', () => {
    const states = new OrderStates();
    const big = {
      ...order,
      orderId: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    };
    states.apply(ev('update', { status: 1, orderId: Number(big.orderId) }));
    expect(states.goneOf(big)).toBe('sold');
    expect(states.goneOf({ ...big, ownerAddr: A })).toBeNull();
  });
});
