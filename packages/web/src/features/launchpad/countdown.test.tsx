import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownSeconds, splitSeconds, useCountdown } from '../../lib/countdown';
import { sanitizeHtml } from '../../lib/sanitize';
import { formatMintStart } from './parts';

describe('countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('converts between [d, h, m, s] and seconds', () => {
    expect(countdownSeconds([1, 2, 3, 4])).toBe(93784);
    expect(countdownSeconds(null)).toBe(0);
    expect(countdownSeconds([0, 0, -1, 0])).toBe(0);
    expect(splitSeconds(93784)).toEqual([1, 2, 3, 4]);
    expect(splitSeconds(-5)).toEqual([0, 0, 0, 0]);
  });

  function Probe(props: { parts: number[]; running: boolean; onEnd: () => void }) {
    const [d, h, m, s] = useCountdown(props.parts, props.running, props.onEnd);
    return <span data-testid="left">{`${d}:${h}:${m}:${s}`}</span>;
  }

  it('ticks every second, stops at zero and fires its completion once', () => {
    const onEnd = vi.fn();
    const { getByTestId } = render(<Probe parts={[0, 0, 1, 2]} running onEnd={onEnd} />);
    expect(getByTestId('left').textContent).toBe('0:0:1:2');
    act(() => vi.advanceTimersByTime(1000));
    expect(getByTestId('left').textContent).toBe('0:0:1:1');
    act(() => vi.advanceTimersByTime(2000));
    expect(getByTestId('left').textContent).toBe('0:0:0:59');
    act(() => vi.advanceTimersByTime(59_000));
    expect(getByTestId('left').textContent).toBe('0:0:0:0');
    act(() => vi.advanceTimersByTime(5000));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('does not run when stopped (state 2 or 3)', () => {
    const onEnd = vi.fn();
    const { getByTestId } = render(<Probe parts={[0, 0, 0, 2]} running={false} onEnd={onEnd} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(getByTestId('left').textContent).toBe('0:0:0:2');
    expect(onEnd).not.toHaveBeenCalled();
  });
});

describe('sanitizeHtml', () => {
  it('keeps the allowed markup and drops scripts, handlers and unsafe links', () => {
    const out = sanitizeHtml(
      '<h2 onclick="x()">Title</h2><script>alert(1)</script><p>a <a href="javascript:alert(1)">b</a> <a href="https://e.com">c</a></p><img src="x" onerror="y()"><iframe></iframe><custom>kept text</custom>',
    );
    expect(out).toContain('<h2>Title</h2>');
    expect(out).not.toContain('script');
    expect(out).not.toContain('onclick');
    expect(out).not.toContain('onerror');
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('iframe');
    expect(out).toContain('kept text');
    expect(out).toContain('href="https://e.com" target="_blank" rel="noopener noreferrer"');
  });
});

describe('formatMintStart', () => {
  it('shows times in UTC+8', () => {
    expect(formatMintStart(Date.UTC(2026, 10, 21, 16, 5))).toBe('2026-11-22 00:05 (UTC+8)');
    expect(formatMintStart(null)).toBe('-');
  });
});
