import { ACTIVITY_STATUS, countdownParts } from '@aiamarket/shared';

export type Countdown = [number, number, number, number];

/**
 * The status of an activity at `now`: 0 before startAt, 3 when every item is sold out (an
 * activity with items whose residueNum are all 0), 2 from endAt on, 1 in between.
 */
export function activityStatus(
  period: { startAt: Date; endAt: Date },
  soldOut: boolean,
  now: Date,
): number {
  if (now.getTime() < period.startAt.getTime()) return ACTIVITY_STATUS.waiting;
  if (soldOut) return ACTIVITY_STATUS.soldOut;
  if (now.getTime() >= period.endAt.getTime()) return ACTIVITY_STATUS.ended;
  return ACTIVITY_STATUS.inProgress;
}

/** [days, hours, minutes, seconds] to the start (status 0) or the end (status 1), else zeros. */
export function activityCountdown(
  period: { startAt: Date; endAt: Date },
  status: number,
  now: Date,
): Countdown {
  if (status === ACTIVITY_STATUS.waiting) return [...countdownParts(period.startAt, now)];
  if (status === ACTIVITY_STATUS.inProgress) return [...countdownParts(period.endAt, now)];
  return [0, 0, 0, 0];
}
