import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionVO } from '@aiamarket/shared';
import { GlobeIcon, Icon } from '../../components/icons';
import { ExternalLink } from '../../components/ExternalLink';

type LinkField = 'linkSkypegmwcn' | 'linkTwitter' | 'linkDiscord' | 'linkInstagram' | 'linkMedium';

const icon = (path: ReactNode) => (
  <Icon width={18} height={18}>
    {path}
  </Icon>
);

const LINKS: { field: LinkField; id: string; icon: ReactNode }[] = [
  { field: 'linkSkypegmwcn', id: 'website', icon: <GlobeIcon width={18} height={18} /> },
  { field: 'linkTwitter', id: 'twitter', icon: icon(<path d="M4 4l16 16M20 4 4 20" />) },
  {
    field: 'linkDiscord',
    id: 'discord',
    icon: icon(
      <path d="M7 7c3-1.5 7-1.5 10 0l2 9c-2 1.5-4 2-4 2l-1-2M10 16l-1 2s-2-.5-4-2l2-9M9 12h.01M15 12h.01" />,
    ),
  },
  {
    field: 'linkInstagram',
    id: 'instagram',
    icon: icon(
      <>
        <rect x="4" y="4" width="16" height="16" rx="4" />
        <circle cx="12" cy="12" r="3.5" />
      </>,
    ),
  },
  {
    field: 'linkMedium',
    id: 'medium',
    icon: icon(
      <>
        <circle cx="8" cy="12" r="4" />
        <ellipse cx="16" cy="12" rx="2" ry="4" />
        <path d="M21 8v8" />
      </>,
    ),
  },
];

/** Only http(s) links are shown: a stored value is never turned into a script link. */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The collection's official site and social profiles, as icon links. */
export function SocialLinks({ collection }: { collection: CollectionVO }) {
  const { t } = useTranslation();
  const links = LINKS.map((l) => ({ ...l, href: safeUrl(collection[l.field]) })).filter(
    (l) => l.href,
  );
  if (links.length === 0) return null;
  return (
    <ul className="flex gap-2" aria-label={t('collection.links.label')}>
      {links.map((l) => (
        <li key={l.id}>
          <ExternalLink
            href={l.href!}
            aria-label={t(`collection.links.${l.id}` as 'collection.links.website')}
            title={t(`collection.links.${l.id}` as 'collection.links.website')}
            data-testid={`collection-link-${l.id}`}
            className="inline-flex size-10 items-center justify-center rounded-full border border-white/15 text-slate-300 hover:border-brand-400 hover:text-white"
          >
            {l.icon}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
