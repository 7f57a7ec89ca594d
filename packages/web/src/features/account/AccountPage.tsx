import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { isAddress } from 'viem';
import { ACCOUNT_ITEM_TYPE, ApiError, liveTopic } from '@aiamarket/shared';
import { ActivityTable } from '../../components/activity/ActivityTable';
import { ErrorState } from '../../components/nft/ErrorState';
import { PageHeaderSkeleton } from '../../components/nft/Skeletons';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { useLiveInvalidate } from '../../lib/live';
import { isSignedIn, useSession } from '../../lib/session';
import { AccountHeader } from './AccountHeader';
import { AccountItems } from './AccountItems';
import { useBulkSelect } from './BulkSelect';
import { ACTIVITY_SUBTABS, fetchAccountActivity, fetchProfile, type ActivitySubtab } from './api';

// The chain code (wallet, contract reads) loads only on one's own page, not with every profile.
const WrappedBalance = lazy(() =>
  import('./WrappedBalance').then((m) => ({ default: m.WrappedBalance })),
);
const RetiredListings = lazy(() =>
  import('./RetiredListings').then((m) => ({ default: m.RetiredListings })),
);
const OwedBalances = lazy(() =>
  import('./OwedBalances').then((m) => ({ default: m.OwedBalances })),
);

const TABS = ['collected', 'favorited', 'activities', 'offersMade', 'offersReceived'] as const;
type AccountTab = (typeof TABS)[number];
/** Tabs shown only when app/ passes the offers pieces. */
const OFFER_TABS: readonly AccountTab[] = ['offersMade', 'offersReceived'];

/**
 * The offers pieces of the page, passed in by app/ (the offer slice may not be
 * imported here): the Offers made and Offers received tabs.
 */
export interface AccountOfferSlots {
  Made: ComponentType<{ userAddr: string }>;
  Received: ComponentType<{ userAddr: string }>;
}
const SUBTABS = Object.keys(ACTIVITY_SUBTABS) as ActivitySubtab[];

/**
 * /account/0/{userAddr}: a profile with its Collected, Favorited and Activities tabs (and
 * Offers made / Offers received when app/ passes them).
 */
export function AccountPage({ offers }: { offers?: AccountOfferSlots } = {}) {
  const { t } = useTranslation();
  const raw = useParams().userAddr ?? '';
  const valid = isAddress(raw, { strict: false });
  const userAddr = raw.toLowerCase();
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tabs = offers ? TABS : TABS.filter((id) => !OFFER_TABS.includes(id));
  const tab: AccountTab = tabs.includes(tabParam as AccountTab)
    ? (tabParam as AccountTab)
    : 'collected';
  const query = useQuery({
    queryKey: ['account', 'profile', userAddr],
    queryFn: ({ signal }) => fetchProfile(userAddr, signal),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const session = useSession();
  const own = isSignedIn(session) && session.address === userAddr;
  // Holdings, listings, activity and offers of the account follow the chain.
  useLiveInvalidate([valid && liveTopic.account(userAddr)], [['account'], ['offers']]);

  if (!valid || query.data === null) return <Navigate to="/404" replace />;
  if (query.isPending) {
    return (
      <PageHeaderSkeleton
        label={t('app.loading')}
        bannerClass="max-h-72"
        nameClass="w-56"
        subtitleClass="w-40"
      />
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  return (
    <div data-testid="account-page" className="pb-12">
      <AccountHeader profile={query.data} />
      <div className="mx-auto mt-8 max-w-7xl px-4 sm:px-6">
        {own && (
          <Suspense fallback={null}>
            <WrappedBalance owner={userAddr} />
            <OwedBalances owner={userAddr} />
            <RetiredListings seller={userAddr} />
          </Suspense>
        )}
        <Tabs
          tabs={tabs.map((id) => ({ id, label: t(`account.tabs.${id}`) }))}
          active={tab}
          onChange={(next) =>
            setSearch(next === 'collected' ? {} : { tab: next }, { replace: true })
          }
          label={t('account.tabs.label')}
          idPrefix="account"
        />
        <div {...tabPanelProps('account', tab)} className="mt-6 outline-none">
          {tab === 'collected' && <Collected userAddr={userAddr} />}
          {tab === 'favorited' && (
            <AccountItems
              key="favorited"
              userAddr={userAddr}
              type={ACCOUNT_ITEM_TYPE.favourited}
              label={t('account.tabs.favorited')}
              emptyLabel={t('account.empty.favorited')}
              testId="account-favorited"
            />
          )}
          {tab === 'activities' && <AccountActivities userAddr={userAddr} />}
          {tab === 'offersMade' && offers && <offers.Made userAddr={userAddr} />}
          {tab === 'offersReceived' && offers && <offers.Received userAddr={userAddr} />}
        </div>
      </div>
    </div>
  );
}

/** The Collected tab; its owner also gets select mode (bulk listing and cancels). */
function Collected({ userAddr }: { userAddr: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const mine = isSignedIn(session) && session.address === userAddr;
  const bulk = useBulkSelect(userAddr);
  return (
    <AccountItems
      key="collected"
      userAddr={userAddr}
      type={ACCOUNT_ITEM_TYPE.collected}
      label={t('account.tabs.collected')}
      emptyLabel={t('account.empty.collected')}
      testId="account-collected"
      selection={mine ? bulk.selection : undefined}
      toolbar={mine ? bulk.bar : undefined}
    />
  );
}

function AccountActivities({ userAddr }: { userAddr: string }) {
  const { t } = useTranslation();
  const [sub, setSub] = useState<ActivitySubtab>('all');
  const spec = ACTIVITY_SUBTABS[sub];
  return (
    <div>
      <Tabs
        tabs={SUBTABS.map((id) => ({ id, label: t(`account.subtabs.${id}`) }))}
        active={sub}
        onChange={setSub}
        label={t('account.subtabs.label')}
        idPrefix="account-sub"
        size="sm"
      />
      <div {...tabPanelProps('account-sub', sub)} className="mt-6 outline-none">
        {spec.kind === 'items' ? (
          <AccountItems
            key={sub}
            userAddr={userAddr}
            type={spec.type}
            label={t(`account.subtabs.${sub}`)}
            emptyLabel={t('account.empty.listings')}
            testId={`account-${sub}`}
          />
        ) : (
          <ActivityTable
            key={sub}
            testId={`account-${sub}`}
            queryKey={['account', userAddr, sub]}
            fixedTypes={'types' in spec ? spec.types : undefined}
            fetchPage={(types, page, signal) =>
              fetchAccountActivity(
                userAddr,
                'role' in spec ? spec.role : undefined,
                types,
                page,
                signal,
              )
            }
          />
        )}
      </div>
    </div>
  );
}

export default AccountPage;
