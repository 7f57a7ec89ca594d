import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_STATUS, TIMING } from '@aiamarket/shared';
import { CountdownClock } from '../../components/CountdownClock';
import { useCountdown } from '../../lib/countdown';

const STATUS_KEYS = {
  0: 'primary.status.toBegin',
  1: 'primary.status.inProgress',
  2: 'primary.status.end',
  3: 'primary.status.soldOut',
} as const;

export function StatusRibbon({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = STATUS_KEYS[status as keyof typeof STATUS_KEYS] ?? STATUS_KEYS[2];
  const tone =
    status === ACTIVITY_STATUS.inProgress
      ? 'bg-emerald-500 text-ink-950'
      : status === ACTIVITY_STATUS.waiting
        ? 'bg-amber-400 text-ink-950'
        : 'bg-slate-600 text-white';
  return (
    <span
      data-testid="status-ribbon"
      data-status={status}
      className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-semibold ${tone}`}
    >
      {t(key)}
    </span>
  );
}

/** Status 0 'begins in', 1 'ends in' with the 1 s countdown; nothing for 2 and 3. */
export function ActivityCountdown({
  status,
  countdown,
  onEnd,
}: {
  status: number;
  countdown: readonly number[];
  onEnd?: () => void;
}) {
  const { t } = useTranslation();
  const running = status === ACTIVITY_STATUS.waiting || status === ACTIVITY_STATUS.inProgress;
  const time = useCountdown(countdown, running, onEnd);
  if (!running) return null;
  return (
    <p className="text-sm text-slate-300" data-testid="activity-countdown">
      {status === ACTIVITY_STATUS.waiting
        ? t('launchpad.page.beginsIn')
        : t('launchpad.page.endsIn')}{' '}
      <CountdownClock time={time} />
    </p>
  );
}

/**
 * Infinite scroll: calls `load` when the page bottom is reached, at most every 500 ms
 * (spec section 2).
 */
export function useInfiniteScroll(load: () => void, enabled: boolean) {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const onScroll = () => {
      const now = Date.now();
      if (now - last < TIMING.infiniteScrollThrottleMs) return;
      const bottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 200;
      if (!bottom) return;
      last = now;
      loadRef.current();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
}
