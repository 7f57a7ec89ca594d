import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_STATUS,
  DISPLAY_TIME_ZONE,
  DISPLAY_TIME_ZONE_LABEL,
  LAUNCHPAD_STATE,
} from '@aiamarket/shared';
import { CountdownClock } from '../../components/CountdownClock';
import { useCountdown } from '../../lib/countdown';
import { localizeDecimal } from '../../lib/localeFormat';
import { stepCount } from './rules';
import type { LaunchpadProject, MintCoin } from './types';

/** A message of rules.ts or of the contract error map, in the interface language. */
export function useMessage() {
  const { t } = useTranslation();
  return (m: { key: string; values?: Record<string, string | number> }) =>
    t(m.key as 'launchpad.transactionErr', m.values ?? {}) as string;
}

/** "2026-11-22 09:30 (UTC+8)": launchpad times are shown in UTC+8. */
export function formatMintStart(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${DISPLAY_TIME_ZONE_LABEL})`;
}

export function CoinPrices({ coins, className = '' }: { coins: MintCoin[]; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <ul className={`flex flex-wrap gap-x-4 gap-y-1 ${className}`} data-testid="mint-prices">
      {coins.map((c) => (
        <li key={c.address} className="flex items-center gap-1.5 font-semibold text-white">
          {c.iconUrl ? (
            <img
              src={c.iconUrl}
              alt=""
              width={18}
              height={18}
              className="size-[18px] rounded-full"
            />
          ) : (
            <span className="size-[18px] rounded-full bg-brand-500/60" aria-hidden />
          )}
          <span>
            {localizeDecimal(i18n.language, c.number)} {c.coin}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 'begins in' / 'ends in' with the countdown (hidden for states 2 and 3), or the end status. */
export function ProjectStatus({
  project,
  onEnd,
}: {
  project: LaunchpadProject;
  onEnd?: () => void;
}) {
  const { t } = useTranslation();
  const running = project.state === LAUNCHPAD_STATE.inProgress;
  const time = useCountdown(project.countdown, running, onEnd);
  if (!running) {
    return (
      <p data-testid="project-status" className="text-sm font-medium text-slate-400">
        {project.status === ACTIVITY_STATUS.soldOut
          ? t('launchpad.page.soldOut')
          : t('launchpad.page.ended')}
      </p>
    );
  }
  const waiting = project.status === ACTIVITY_STATUS.waiting;
  return (
    <p data-testid="project-status" className="text-sm text-slate-300">
      <span className={waiting ? 'text-amber-300' : 'text-emerald-300'}>
        {waiting ? t('launchpad.page.beginsIn') : t('launchpad.page.endsIn')}
      </span>{' '}
      <CountdownClock time={time} />
    </p>
  );
}

/** A placeholder where an image is missing. */
export function ImageOrPlaceholder({
  src,
  alt,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  className: string;
}) {
  return src ? (
    <img src={src} alt={alt} className={`${className} object-cover`} />
  ) : (
    <div
      className={`${className} bg-gradient-to-br from-brand-500/30 to-violet-500/30`}
      role="img"
      aria-label={alt}
    />
  );
}

/** A count with − and + buttons around a typed field (the mint and exchange dialogs' rows). */
export function CountStepper({
  count,
  text,
  max,
  busy,
  label,
  onStep,
  onType,
  large = false,
  testIds,
}: {
  count: number;
  /** The field's text: a draft being typed, or the count formatted. */
  text: string;
  /** The + button is off at this count. */
  max?: number;
  busy: boolean;
  label: string;
  onStep: (next: number) => void;
  onType: (text: string) => void;
  large?: boolean;
  testIds: { minus?: string; input: string; plus: string };
}) {
  const { t } = useTranslation();
  const button = large ? 'size-9 text-lg' : 'size-8';
  return (
    <div className="flex items-center rounded-full border border-white/15">
      <button
        type="button"
        aria-label={t('launchpad.mintModal.decrease')}
        data-testid={testIds.minus}
        disabled={busy || count <= 0}
        onClick={() => onStep(stepCount(count, -1))}
        className={`${button} rounded-l-full hover:bg-white/10 disabled:opacity-40`}
      >
        −
      </button>
      <input
        inputMode="numeric"
        data-testid={testIds.input}
        aria-label={label}
        value={text}
        disabled={busy}
        onChange={(e) => onType(e.target.value)}
        className={`${large ? 'h-9 w-20' : 'h-8 w-14'} bg-transparent text-center tabular-nums outline-none`}
      />
      <button
        type="button"
        aria-label={t('launchpad.mintModal.increase')}
        data-testid={testIds.plus}
        disabled={busy || (max !== undefined && count >= max)}
        onClick={() => onStep(stepCount(count, 1))}
        className={`${button} rounded-r-full hover:bg-white/10 disabled:opacity-40`}
      >
        +
      </button>
    </div>
  );
}
