import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pillClass } from '../../components/pill';
import { BrandGradient } from '../../components/icons';

export function NotFoundPage() {
  const { t } = useTranslation();

  return (
    <section
      data-testid="not-found"
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
    >
      <NotFoundIllustration title={t('notFound.imageAlt')} />
      <h1 id="not-found-title" className="mt-8 text-3xl font-bold text-white">
        {t('notFound.title')}
      </h1>
      <p className="mt-3 text-slate-400">{t('notFound.message')}</p>
      <Link to="/" data-testid="not-found-home" className={`mt-8 ${pillClass.brandLarge}`}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}

function NotFoundIllustration({ title }: { title: string }) {
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox="0 0 320 200"
      className="w-full max-w-xs"
      data-testid="not-found-image"
    >
      <BrandGradient id="nf-404" />
      <circle cx="40" cy="30" r="2" fill="#94a3b8" />
      <circle cx="290" cy="50" r="1.5" fill="#94a3b8" />
      <circle cx="260" cy="170" r="2" fill="#94a3b8" />
      <circle cx="30" cy="160" r="1.5" fill="#94a3b8" />
      <text
        x="160"
        y="120"
        textAnchor="middle"
        fontSize="96"
        fontWeight="800"
        fill="url(#nf-404)"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        404
      </text>
      <g transform="translate(236 36) rotate(18)">
        <rect x="-14" y="-8" width="28" height="34" rx="12" fill="#e2e8f0" />
        <circle cx="0" cy="-14" r="13" fill="#e2e8f0" />
        <rect x="-8" y="-20" width="16" height="11" rx="5" fill="#0b0d14" />
        <rect x="-22" y="-2" width="8" height="18" rx="4" fill="#cbd5e1" />
        <path
          d="M14 6c14 6 24 20 22 38"
          stroke="#64748b"
          strokeWidth="2"
          fill="none"
          strokeDasharray="3 4"
        />
      </g>
      <path d="M70 170h60M190 170h60" stroke="#334155" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M135 170l10-6M185 170l-10 6"
        stroke="#f59e0b"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export default NotFoundPage;
