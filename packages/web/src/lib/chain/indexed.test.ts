import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventVO } from '@aiamarket/shared';
import { LiveStream, setLiveStream, type EventSourceLike } from '../live';
import { waitForIndexer } from './indexed';

const health = vi.hoisted(() => ({ block: 5, calls: 0 }));
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiRequest: async (path: string) => {
    if (path !== '/health') throw new Error(`unexpected ${path}`);
    health.calls += 1;
    return { indexer: { block: health.block } };
  },
}));

/** A stream whose one source the test opens and feeds. */
async function openStream() {
  let source: (EventSourceLike & { emit: (data: LiveEventVO) => void }) | null = null;
  const stream = new LiveStream({
    debounceMs: 0,
    factory: () => {
      let onChange: ((e: MessageEvent<string>) => void) | null = null;
      source = {
        readyState: 1,
        onopen: null,
        onerror: null,
        close() {},
        addEventListener(type, listener) {
          if (type === 'change') onChange = listener;
        },
        emit(data) {
          onChange?.(new MessageEvent('change', { data: JSON.stringify(data) }));
        },
      };
      return source;
    },
  });
  stream.subscribe({ topics: ['account:0x' + '1'.repeat(40)] });
  await new Promise((r) => setTimeout(r, 5));
  source!.onopen?.(new Event('open'));
  expect(stream.status).toBe('open');
  setLiveStream(stream);
  return { stream, emit: (e: LiveEventVO) => source!.emit(e) };
}

const event = (id: string, blockNumber: number): LiveEventVO => ({
  id,
  kind: 'activity',
  op: 'insert',
  topics: ['account:0x' + '1'.repeat(40)],
  data: {},
  blockNumber,
  at: '2026-01-01T00:00:00Z',
});

afterEach(() => {
  setLiveStream(null);
  health.calls = 0;
  health.block = 5;
});

// After one's own transaction the stream says when the indexer got there; /health is
// only asked at the start and as a slow fallback.
describe('waitForIndexer', () => {
  it('ends on the stream event of the block, without polling /health again', async () => {
    const { stream, emit } = await openStream();
    const started = Date.now();
    const waiting = waitForIndexer(10n, {
      intervalMs: 1_000,
      fallbackMs: 5_000,
      timeoutMs: 60_000,
    });
    await new Promise((r) => setTimeout(r, 30));
    emit(event('1', 9));
    emit(event('2', 10));
    await expect(waiting).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(health.calls).toBe(1);
    stream.dispose();
  });

  it('without a stream, polls /health until the block, false after the time-out', async () => {
    health.block = 12;
    await expect(waitForIndexer(10n, { intervalMs: 10, timeoutMs: 1_000 })).resolves.toBe(true);
    health.block = 5;
    health.calls = 0;
    await expect(waitForIndexer(10n, { intervalMs: 20, timeoutMs: 100 })).resolves.toBe(false);
    expect(health.calls).toBeGreaterThan(1);
  });
});
