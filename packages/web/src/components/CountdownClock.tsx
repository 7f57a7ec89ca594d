import { useTranslation } from 'react-i18next';

/** The days and the hh:mm:ss of a countdown (what useCountdown gives), in the locale's words. */
export function CountdownClock({ time }: { time: readonly [number, number, number, number] }) {
  const { t } = useTranslation();
  const [days, hours, minutes, seconds] = time;
  return (
    <span data-testid="countdown" className="font-mono text-white tabular-nums">
      {t('launchpad.page.countdown', {
        days,
        hours: String(hours).padStart(2, '0'),
        minutes: String(minutes).padStart(2, '0'),
        seconds: String(seconds).padStart(2, '0'),
      })}
    </span>
  );
}
