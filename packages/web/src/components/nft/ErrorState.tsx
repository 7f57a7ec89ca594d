import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/errors';
import { pillClass } from '../pill';

/** A failed load: the reason and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="error-state"
      className="flex flex-col items-center gap-3 rounded-2xl border border-red-400/30 bg-red-500/10 px-4 py-10 text-center"
    >
      <p className="text-sm text-red-100">{errorText(error, t)}</p>
      <button
        type="button"
        data-testid="error-retry"
        onClick={onRetry}
        className={pillClass.outline}
      >
        {t('nft.retry')}
      </button>
    </div>
  );
}
