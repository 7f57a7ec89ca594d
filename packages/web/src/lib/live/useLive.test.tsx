import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventVO } from '@aiamarket/shared';
import { fakeLiveStream } from '../../test/live-stream';
import { setLiveStream } from './stream';
import { useLiveInvalidate } from './useLive';

const change = (id: string, topics: string[]): LiveEventVO => ({
  id,
  kind: 'order',
  op: 'update',
  topics,
  data: {},
  blockNumber: 3,
  at: '2026-01-01T00:00:00Z',
});

function Page({ topics }: { topics: string[] }) {
  useLiveInvalidate(topics, [['market'], ['rankings']]);
  return null;
}

afterEach(() => setLiveStream(null));

describe('useLiveInvalidate', () => {
  it('subscribes while mounted and refreshes its queries once per burst; a reset refreshes all', async () => {
    vi.useFakeTimers();
    const { stream, urls, emit } = fakeLiveStream();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const view = render(
      <QueryClientProvider client={client}>
        <Page topics={['market']} />
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(urls).toEqual(['/v1/api/events?topics=market&busy=event']);
    act(() => {
      emit('change', change('1', ['market']));
      emit('change', change('2', ['market']));
      emit('change', change('3', ['item:0x' + 'a'.repeat(40) + ':1']));
    });
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['market'], ['rankings']]);
    invalidate.mockClear();
    act(() => emit('reset', { id: '50' }));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate.mock.calls[0]![0]).toBeUndefined();
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(stream.status).toBe('idle');
    stream.dispose();
    vi.useRealTimers();
  });
});
