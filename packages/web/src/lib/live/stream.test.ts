import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveTopic, type LiveEventVO } from '@aiamarket/shared';
import { LiveStream, type EventSourceLike } from './stream';
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
