import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';

// The route table. Pages load on demand; add a route by adding a line below.
const HomePage = lazy(() => import('../features/home/HomePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const PrimaryPage = lazy(() => import('../features/primary/PrimaryPage'));
const MarketListPage = lazy(() => import('../features/primary/MarketListPage'));
const PrimaryDetailsPage = lazy(() => import('../features/primary/PrimaryDetailsPage'));
const ActivityDetailPage = lazy(() => import('../features/primary/ActivityDetailPage'));
const LaunchpadListPage = lazy(() => import('../features/launchpad/LaunchpadListPage'));
const LaunchpadDetailPage = lazy(() => import('../features/launchpad/LaunchpadDetailPage'));
// The item, collection and account pages with their offers (joined in ./offer-pages).
const CollectionPage = lazy(() => import('./offer-pages/collection'));
const AccountPage = lazy(() => import('./offer-pages/account'));
const HelpCenterPage = lazy(() => import('../features/help/HelpCenterPage'));
const ArticleTypePage = lazy(() => import('../features/help/ArticleTypePage'));
const ArticleDetailsPage = lazy(() => import('../features/help/ArticleDetailsPage'));
const LegalPage = lazy(() => import('../features/legal/LegalPage'));
const MarketplacePage = lazy(() => import('../features/marketplace/MarketplacePage'));
const ItemPage = lazy(() => import('./offer-pages/item'));
const RankingsPage = lazy(() => import('../features/rankings/RankingsPage'));
const CollectionEditPage = lazy(() => import('../features/collection-edit/CollectionEditPage'));
const CreatorDashboardPage = lazy(
  () => import('../features/creator-dashboard/CreatorDashboardPage'),
);

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        children: [
          { index: true, element: <HomePage /> },
          { path: '404', element: <NotFoundPage /> },
          { path: 'user-settings/:walletAddress', element: <SettingsPage /> },
          { path: 'primary', element: <PrimaryPage /> },
          { path: 'marketlist/:id/:status', element: <MarketListPage /> },
          { path: 'primary-details/:nftId/:blindBox', element: <PrimaryDetailsPage /> },
          { path: 'activityDetail', element: <ActivityDetailPage /> },
          { path: 'launchpad', element: <LaunchpadListPage /> },
          { path: 'launchpad/:id', element: <LaunchpadDetailPage /> },
          { path: 'collection/:linkCollection', element: <CollectionPage /> },
          { path: 'account/0/:userAddr', element: <AccountPage /> },
          { path: 'helpcenter', element: <HelpCenterPage /> },
          { path: 'article-type/:name/:id', element: <ArticleTypePage /> },
          { path: 'article-details/:id', element: <ArticleDetailsPage /> },
          { path: 'article-details/:name/:id', element: <ArticleDetailsPage /> },
          { path: 'privacy', element: <LegalPage /> },
          { path: 'marketplace', element: <MarketplacePage /> },
          { path: 'asset', element: <ItemPage /> },
          { path: 'rankings', element: <RankingsPage /> },
          { path: 'collection-edit/:linkCollection', element: <CollectionEditPage /> },
          { path: 'account/collection', element: <CreatorDashboardPage /> },
          // Unknown paths land on home (spec doc 1, section 2).
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
