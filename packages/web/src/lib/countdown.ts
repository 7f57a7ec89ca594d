import { useEffect, useRef, useState } from 'react';
import { TIMING } from '@aiamarket/shared';

/** [d, h, m, s] -> seconds. */
export function countdownSeconds(parts: readonly number[] | null | undefined): number {
  if (!parts || parts.length < 4) return 0;
  const [d = 0, h = 0, m = 0, s = 0] = parts;
  return Math.max(0, d * 86400 + h * 3600 + m * 60 + s);
}

/** seconds -> [d, h, m, s]. */
export function splitSeconds(total: number): [number, number, number, number] {
  let s = Math.max(0, Math.floor(total));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  return [days, hours, minutes, s - minutes * 60];
}

/**
 * The spec's countdown (section 4): ticks every second from the record's [d, h, m, s], stops at
 * zero (or when `running` is false) and then calls `onEnd` once.
 */
export function useCountdown(
  parts: readonly number[] | null | undefined,
  running: boolean,
  onEnd?: () => void,
): [number, number, number, number] {
  const start = countdownSeconds(parts);
  const [left, setLeft] = useState(start);
  const [from, setFrom] = useState(start);
  if (from !== start) {
    setFrom(start);
    setLeft(start);
  }
  const endRef = useRef(onEnd);
  useEffect(() => {
    endRef.current = onEnd;
  });
  useEffect(() => {
    if (!running || start <= 0) return;
    const began = Date.now();
    const timer = setInterval(() => {
      const next = Math.max(0, start - Math.floor((Date.now() - began) / 1000));
      setLeft(next);
      if (next <= 0) {
        clearInterval(timer);
        endRef.current?.();
      }
    }, TIMING.countdownTickMs);
    return () => clearInterval(timer);
  }, [start, running]);
  return splitSeconds(running ? left : start);
}
