import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { useLocaleFormat } from '../../lib/localeFormat';
import type { PrivacyNavState, PrivacySource } from '../../lib/navigation';

// The sections each document must have (spec doc 1, section 1); their text is in the locale
// files under legal.terms.* and legal.privacy.*.
export const TERMS_SECTIONS = [
  'assumptionOfRisk',
  'prohibitedUses',
  'noRefund',
  'userRepresentations',
  'externalLinks',
  'disclaimerOfWarranty',
  'limitationOfLiability',
  'termination',
  'governingLaw',
  'changesToService',
  'amendments',
  'waiverAndSeverability',
  'acknowledgement',
] as const;

export const PRIVACY_SECTIONS = [
  'collection',
  'use',
  'sharing',
  'retention',
  'security',
  'rights',
  'age',
  'storage',
  'changes',
] as const;

/** When the texts were last changed. */
const LAST_UPDATED = '2026-11-01';

export type LegalDocument = 'terms' | 'privacy';

/** The policy link shows the privacy policy; help, service and anything else the terms. */
export function documentOf(state: unknown): LegalDocument {
  const source = (state as Partial<PrivacyNavState> | null)?.source;
  return source === 'policy' ? 'privacy' : 'terms';
}

const SWITCH: { doc: LegalDocument; source: PrivacySource }[] = [
  { doc: 'terms', source: 'service' },
  { doc: 'privacy', source: 'policy' },
];

/** /privacy: the terms of service or the privacy policy, chosen by the navigation state. */
export function LegalPage() {
  const { t } = useTranslation();
  const fmt = useLocaleFormat();
  const location = useLocation();
  const doc = documentOf(location.state);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <nav aria-label={t('legal.documents')} className="mb-8">
        <ul className="flex gap-2">
          {SWITCH.map(({ doc: d, source }) => (
            <li key={d}>
              <Link
                to="/privacy"
                state={{ source } satisfies PrivacyNavState}
                replace
                aria-current={d === doc ? 'page' : undefined}
                data-testid={`legal-switch-${d}`}
                className={cx(
                  'inline-flex h-9 items-center rounded-full px-4 text-sm font-semibold',
                  d === doc ? 'bg-brand-500 text-ink-950' : 'text-slate-300 hover:text-white',
                )}
              >
                {t(`legal.${d}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article data-testid={`legal-${doc}`} aria-labelledby="legal-title">
        <h1 id="legal-title" className="text-3xl font-extrabold text-white sm:text-4xl">
          {t(`legal.${doc}.title`)}
        </h1>
        <p className="mt-2 text-sm text-slate-400">
          {t('legal.updated', { date: fmt.date(LAST_UPDATED) })}
        </p>
        <p className="mt-6 leading-relaxed text-slate-300">{t(`legal.${doc}.intro`)}</p>
        {doc === 'terms'
          ? TERMS_SECTIONS.map((key, i) => (
              <Section
                key={key}
                id={`terms-${key}`}
                title={`${i + 1}. ${t(`legal.terms.${key}.title`)}`}
                body={t(`legal.terms.${key}.body`)}
              />
            ))
          : PRIVACY_SECTIONS.map((key, i) => (
              <Section
                key={key}
                id={`privacy-${key}`}
                title={`${i + 1}. ${t(`legal.privacy.${key}.title`)}`}
                body={t(`legal.privacy.${key}.body`)}
              />
            ))}
      </article>
    </div>
  );
}

function Section({ id, title, body }: { id: string; title: string; body: string }) {
  return (
    <section aria-labelledby={id} data-testid="legal-section" className="mt-8">
      <h2 id={id} className="text-xl font-bold text-white">
        {title}
      </h2>
      <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-300">{body}</p>
    </section>
  );
}

export default LegalPage;
