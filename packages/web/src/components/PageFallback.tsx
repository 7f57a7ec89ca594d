import { useTranslation } from 'react-i18next';

/** Shown while a page's code loads. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-2 border-white/20 border-t-brand-400" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
