import type { RankingWindow } from '@aiamarket/shared';

/** The volume windows in hours; 'all' reads the all-time total instead. */
export const WINDOW_HOURS = { '1d': 24, '7d': 7 * 24, '30d': 30 * 24 } as const;

export const RANKING_WINDOWS = [
  '1d',
  '7d',
  '30d',
  'all',
] as const satisfies readonly RankingWindow[];

const HOUR_MS = 3_600_000;

/**
 * The first hourly bucket of a window ending now: the current (partial) hour and the `hours - 1`
 * before it, so "1d" is the 24 buckets that include the current hour.
 */
export function windowStart(now: Date, hours: number): Date {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return new Date(currentHour - (hours - 1) * HOUR_MS);
}

/** The window of the same length just before the one ending now: [start, end). */
export function previousWindow(now: Date, hours: number): { start: Date; end: Date } {
  const end = windowStart(now, hours);
  return { start: new Date(end.getTime() - hours * HOUR_MS), end };
}

/** Percent change of `current` against `previous` (2 decimals), null without history. */
export function percentChange(current: number, previous: number): number | null {
  if (!(previous > 0)) return null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}
