import { useEffect, useRef } from 'react';
import { TIMING } from '@aiamarket/shared';

/** How close to the bottom (px) counts as "at the page bottom". */
const BOTTOM_MARGIN_PX = 300;

function atPageBottom(): boolean {
  const doc = document.documentElement;
  return window.innerHeight + window.scrollY >= doc.scrollHeight - BOTTOM_MARGIN_PX;
}

/**
 * Calls `onReachEnd` when the page is scrolled to its bottom, at most once per `throttleMs`
 * (spec: 500 ms), while `enabled`. A check after the throttle window catches the last scroll,
 * and one runs when enabled turns on, so a first page shorter than the window still loads more.
 */
export function useInfiniteScroll(
  onReachEnd: () => void,
  enabled: boolean,
  throttleMs: number = TIMING.infiniteScrollThrottleMs,
): void {
  const callback = useRef(onReachEnd);
  useEffect(() => {
    callback.current = onReachEnd;
  });

  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const now = Date.now();
      const wait = last + throttleMs - now;
      if (wait > 0) {
        trailing ??= setTimeout(() => {
          trailing = undefined;
          check();
        }, wait);
        return;
      }
      last = now;
      if (atPageBottom()) callback.current();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check, { passive: true });
    check();
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      if (trailing) clearTimeout(trailing);
    };
  }, [enabled, throttleMs]);
}
