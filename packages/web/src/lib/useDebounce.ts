import { useEffect, useState } from 'react';
import { TIMING } from '@aiamarket/shared';

/** `value`, but only once it has stopped changing for `delayMs` (spec default 800 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = TIMING.debounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
