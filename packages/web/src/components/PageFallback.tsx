import { useTranslation } from 'react-i18next';

/** Shown while a page's code loads; a full screen tall so the footer does not jump when it arrives. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-screen items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-2 border-white/20 border-t-brand-400" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
