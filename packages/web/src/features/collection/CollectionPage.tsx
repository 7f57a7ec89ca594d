import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError, ERRORS, liveTopic, type CollectionDetailVO } from '@aiamarket/shared';
import { useLiveInvalidate } from '../../lib/live';
import { ActivityTable } from '../../components/activity/ActivityTable';
import { ErrorState } from '../../components/nft/ErrorState';
import { PageHeaderSkeleton } from '../../components/nft/Skeletons';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { fetchCollection, fetchCollectionActivity } from './api';
import { CollectionHeader } from './CollectionHeader';
import { GoodsTab } from './GoodsTab';

const TABS = ['goods', 'activities', 'offers'] as const;
type CollectionTab = (typeof TABS)[number];

/**
 * The offers pieces of the page, passed in by app/ (the offer slice may not be
 * imported here): the best collection offer and the collection / trait offer buttons.
 */
export interface CollectionOfferSlots {
  HeaderActions: ComponentType<{ collection: CollectionDetailVO }>;
  /** The Offers tab: the collection's active offers, best first. */
  Tab: ComponentType<{ collection: CollectionDetailVO }>;
}

/**
 * /collection/{linkCollection}: the header, then the Goods and Activities tabs. `sweep`: the
 * cart slice's "Sweep the N cheapest", passed in by app/ like the offers pieces.
 */
export function CollectionPage({
  offers,
  sweep: Sweep,
}: { offers?: CollectionOfferSlots; sweep?: ComponentType<{ contractAddr: string }> } = {}) {
  const { t } = useTranslation();
  const linkCollection = useParams().linkCollection ?? '';
  const [search, setSearch] = useSearchParams();
  // The Offers tab is there only when app/ passes the offers pieces.
  const tabs: readonly CollectionTab[] = offers ? TABS : TABS.filter((id) => id !== 'offers');
  const tabParam = search.get('tab');
  const tab: CollectionTab =
    tabParam !== 'goods' && tabs.includes(tabParam as CollectionTab)
      ? (tabParam as CollectionTab)
      : 'goods';
  const query = useQuery({
    queryKey: ['collection', 'link', linkCollection],
    queryFn: ({ signal }) => fetchCollection(linkCollection, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  // Items, figures, activity and offers follow the chain.
  useLiveInvalidate(
    [query.data && liveTopic.collection(query.data.contractAddr)],
    [['collection'], ['offers']],
  );

  const notFound =
    query.data === null ||
    (query.error instanceof ApiError &&
      (query.error.code === ERRORS.notFound.code || query.error.code === ERRORS.badRequest.code));
  if (notFound) return <Navigate to="/404" replace />;
  if (query.isPending) {
    return (
      <PageHeaderSkeleton
        label={t('app.loading')}
        bannerClass="max-h-80"
        nameClass="w-64"
        subtitleClass="w-96 max-w-full"
        stats={5}
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
  const collection = query.data;

  return (
    <div data-testid="collection-page" className="pb-12">
      <CollectionHeader collection={collection} />
      {offers && (
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <offers.HeaderActions collection={collection} />
        </div>
      )}
      {Sweep && (
        <div className="mx-auto mt-4 max-w-7xl px-4 sm:px-6">
          <Sweep contractAddr={collection.contractAddr} />
        </div>
      )}
      <div className="mx-auto mt-8 max-w-7xl px-4 sm:px-6">
        <Tabs
          tabs={tabs.map((id) => ({ id, label: t(`collection.tabs.${id}`) }))}
          active={tab}
          onChange={(next) => setSearch(next === 'goods' ? {} : { tab: next }, { replace: true })}
          label={t('collection.tabs.label')}
          idPrefix="collection"
        />
        <div {...tabPanelProps('collection', tab)} className="mt-6 outline-none">
          {tab === 'goods' ? (
            <GoodsTab collection={collection} />
          ) : tab === 'offers' && offers ? (
            <offers.Tab collection={collection} />
          ) : (
            <ActivityTable
              testId="collection-activity"
              queryKey={['collection', collection.id]}
              fetchPage={(types, page, signal) =>
                fetchCollectionActivity(collection.contractAddr, types, page, signal)
              }
            />
          )}
        </div>
      </div>
    </div>
  );
}

export default CollectionPage;
