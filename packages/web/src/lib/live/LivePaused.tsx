import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { liveStream, type LiveStatus } from './stream';

const subscribe = (onChange: () => void) => liveStream()?.onStatus(onChange) ?? (() => undefined);
const snapshot = (): LiveStatus => liveStream()?.status ?? 'idle';

/** The tab's live stream status, re-rendering on each change. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, snapshot, () => 'idle');
}

/**
 * A small corner note while the stream is down and waiting to reconnect (refused by the
 * server's per-address cap, or the server unreachable); gone once the stream is back.
 */
export function LivePaused() {
  const { t } = useTranslation();
  if (useLiveStatus() !== 'down') return null;
  return (
    <div
      role="status"
      data-testid="live-paused"
      className="pointer-events-none fixed bottom-3 left-3 z-40 rounded-full bg-ink-900/90 px-3 py-1 text-xs text-slate-300 shadow ring-1 ring-white/10"
    >
      {t('liveStatus.paused')}
    </div>
  );
}
