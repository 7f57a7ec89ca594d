import { useTranslation } from 'react-i18next';
import { useGlobalLoading } from '../lib/loading';

/** The global loading overlay (spec section 7: a request flagged as loading shows it). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const loading = useGlobalLoading();
  if (!loading) return null;
  return (
    <div
      data-testid="loading-overlay"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex items-center justify-center bg-black/50 backdrop-blur-[2px]"
    >
      <span className="size-10 animate-spin rounded-full border-4 border-white/20 border-t-brand-400" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
