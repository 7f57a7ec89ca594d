import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A page that failed to load or render (for example a missing code chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div
      role="alert"
      data-testid="route-error"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 py-24 text-center"
    >
      <p className="text-slate-300">{t('app.pageLoadError')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex h-10 items-center rounded-full bg-brand-500 px-5 text-sm font-semibold text-ink-950 hover:bg-brand-400"
      >
        {t('app.reload')}
      </button>
    </div>
  );
}
