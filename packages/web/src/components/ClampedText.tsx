import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx';

const CLAMP: Record<number, string> = { 1: 'line-clamp-1', 2: 'line-clamp-2', 3: 'line-clamp-3' };

/**
 * Text cut to `lines` rows with a "more" toggle, shown only when the text overflows (account bio:
 * 3 rows, collection description: 1 row).
 */
export function ClampedText({
  text,
  lines,
  className,
  testId,
}: {
  text: string;
  lines: 1 | 2 | 3;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      if (!open) setOverflows(el.scrollHeight > el.clientHeight + 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, open]);

  return (
    <div className={className}>
      <p
        ref={ref}
        data-testid={testId}
        className={cx('break-words whitespace-pre-line', !open && CLAMP[lines])}
      >
        {text}
      </p>
      {(overflows || open) && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          data-testid={testId ? `${testId}-toggle` : undefined}
          className="mt-1 text-sm font-semibold text-brand-300 hover:text-brand-400"
        >
          {open ? t('common.less') : t('common.more')}
        </button>
      )}
    </div>
  );
}
