import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PrivacyNavState } from '../lib/navigation';
import { LogoMark } from './icons';

const LINKS = [
  { id: 'terms', label: 'footer.terms', state: { source: 'help' } },
  { id: 'service', label: 'footer.service', state: { source: 'service' } },
  { id: 'privacy', label: 'footer.privacy', state: { source: 'policy' } },
] as const satisfies readonly { id: string; label: string; state: PrivacyNavState }[];

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <footer data-testid="footer" className="border-t border-white/10 bg-ink-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-sm">
          <div className="flex items-center gap-2.5 text-lg font-bold text-white">
            <LogoMark width={28} height={28} />
            {t('app.name')}
          </div>
          <p className="mt-2 text-sm text-slate-400">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.id}>
                <Link
                  to="/privacy"
                  state={link.state}
                  data-testid={`footer-${link.id}`}
                  className="rounded text-slate-300 hover:text-white"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/5 px-4 py-5 text-center text-xs text-slate-400">
        {t('footer.copyright', { year })}
      </p>
    </footer>
  );
}
