import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LivePaused } from './LivePaused';
import { LiveStream, setLiveStream, type EventSourceLike } from './stream';

afterEach(() => {
  setLiveStream(null);
  vi.useRealTimers();
});

describe('LivePaused', () => {
  it('shows "Live updates paused" while the stream waits to reconnect (growing delays), and clears when it is back', async () => {
    vi.useFakeTimers();
    const sources: EventSourceLike[] = [];
    const stream = new LiveStream({
      debounceMs: 0,
      backoff: { initialMs: 1_000, maxMs: 4_000 },
      factory: () => {
        const source: EventSourceLike = {
          readyState: 0,
          onopen: null,
          onerror: null,
          close() {},
          addEventListener() {},
        };
        sources.push(source);
        return source;
      },
    });
    setLiveStream(stream);
    render(<LivePaused />);
    stream.subscribe({ topics: ['market'] });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sources).toHaveLength(1);
    expect(screen.queryByTestId('live-paused')).toBeNull();

    // Refused (the per-address cap) again and again: reopened after 1, 2, 4, 4 s, paused meanwhile.
    const opensAfter: number[] = [];
    for (const delay of [1_000, 2_000, 4_000, 4_000]) {
      act(() => sources.at(-1)!.onerror?.(new Event('error')));
      expect(screen.getByTestId('live-paused').textContent).toBe('Live updates paused');
      const before = sources.length;
      await act(() => vi.advanceTimersByTimeAsync(delay - 1));
      expect(sources).toHaveLength(before);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(sources).toHaveLength(before + 1);
      opensAfter.push(delay);
    }
    expect(opensAfter).toEqual([1_000, 2_000, 4_000, 4_000]);

    act(() => sources.at(-1)!.onopen?.(new Event('open')));
    expect(screen.queryByTestId('live-paused')).toBeNull();
    stream.dispose();
  });
});
