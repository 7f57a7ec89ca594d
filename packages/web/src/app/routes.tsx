import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../components/RouteError';
import { AppLayout } from './AppLayout';

// The route table. Pages load on demand; add a route by adding a line below.
const HomePage = lazy(() => import('../features/home/HomePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const PrimaryPage = lazy(() => import('../features/primary/PrimaryPage'));
const MarketListPage = lazy(() => import('../features/primary/MarketListPage'));
const ActivityDetailPage = lazy(() => import('../features/primary/ActivityDetailPage'));
const LaunchpadListPage = lazy(() => import('../features/launchpad/LaunchpadListPage'));
const LaunchpadDetailPage = lazy(() => import('../features/launchpad/LaunchpadDetailPage'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '404', element: <NotFoundPage /> },
          { path: 'user-settings/:walletAddress', element: <SettingsPage /> },
          { path: 'primary', element: <PrimaryPage /> },
          { path: 'marketlist/:id/:status', element: <MarketListPage /> },
          { path: 'activityDetail', element: <ActivityDetailPage /> },
          { path: 'launchpad', element: <LaunchpadListPage /> },
          { path: 'launchpad/:id', element: <LaunchpadDetailPage /> },
          // Unknown paths land on home (spec doc 1, section 2).
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];
