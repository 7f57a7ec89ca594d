import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLAMP_LINES, shortenAddress } from '@aiamarket/shared';
import { Avatar } from '../../components/Avatar';
import { ClampedText } from '../../components/ClampedText';
import type { AccountProfile } from './api';

/** Banner, picture, name, address with a copy button and the bio of an account. */
export function AccountHeader({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const name = profile.username || shortenAddress(profile.userAddr);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(profile.userAddr);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard permission: the address stays visible to select by hand.
    }
  };

  return (
    <header data-testid="account-header">
      <div className="relative aspect-[1900/350] max-h-72 min-h-28 w-full overflow-hidden bg-gradient-to-r from-ink-800 via-ink-900 to-ink-800">
        {profile.bannerUrl && (
          <img
            src={profile.bannerUrl}
            alt=""
            className="absolute inset-0 size-full object-cover"
            data-testid="account-banner"
          />
        )}
      </div>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <Avatar
          src={profile.imageUrl || profile.headUrl}
          seed={profile.userAddr}
          alt={t('account.avatar', { name })}
          size={128}
          priority
          testId="account-avatar"
          className="relative -mt-12 block size-24 border-4 border-ink-950 bg-ink-900 sm:-mt-16 sm:size-32"
        />
        <h1
          className="mt-4 text-2xl font-extrabold break-words text-white sm:text-3xl"
          data-testid="account-name"
        >
          {name}
        </h1>
        <div className="mt-2 flex items-center gap-2 text-sm text-slate-300">
          <span data-testid="account-address" title={profile.userAddr} className="font-mono">
            {shortenAddress(profile.userAddr)}
          </span>
          <button
            type="button"
            onClick={() => void copy()}
            data-testid="account-copy"
            className="inline-flex h-8 items-center rounded-full border border-white/15 px-3 text-xs font-semibold text-white hover:border-brand-400"
          >
            {copied ? t('account.copied') : t('account.copyAddress')}
          </button>
          <span aria-live="polite" className="sr-only">
            {copied ? t('account.copied') : ''}
          </span>
        </div>
        {profile.bio && (
          <ClampedText
            text={profile.bio}
            lines={CLAMP_LINES.accountBio as 3}
            className="mt-3 max-w-3xl text-slate-300"
            testId="account-bio"
          />
        )}
      </div>
    </header>
  );
}
