import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { MarketingLayout } from '../layout/MarketingLayout';
import { PageLoader } from '../layout/PageLoader';
import HomePage from '../pages/HomePage';

// The /app shell and its pages are a separate chunk so the site home stays small.
const AppLayout = lazy(() => import('../layout/AppLayout'));
const AppHomePage = lazy(() => import('../pages/AppHomePage'));
const AppPage = lazy(() => import('../pages/AppPage'));
const LegacyToolRedirect = lazy(() => import('../pages/LegacyToolRedirect'));

function suspended(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

/**
 * Routes of SPEC §2 without a language prefix. A later issue mounts the same list under
 * `/:lang` (de, es, fr, jp, pt); pages build links with useLocalizedPath, so they follow.
 */
export const pageRoutes: RouteObject[] = [
  {
    element: <MarketingLayout />,
    children: [{ index: true, element: <HomePage /> }],
  },
  {
    path: 'app',
    element: suspended(<AppLayout />),
    children: [
      { index: true, element: <AppHomePage /> },
      { path: 'home', element: <AppHomePage /> },
      { path: ':page', element: <AppPage /> },
    ],
  },
  { path: 'v2/popular-tools', element: <Navigate to="/" replace /> },
  { path: 'v2/:tool', element: suspended(<LegacyToolRedirect />) },
  { path: ':lang/v2/:tool', element: suspended(<LegacyToolRedirect />) },
];

export const router = createBrowserRouter([
  {
    path: '/',
    children: [...pageRoutes, { path: '*', element: <Navigate to="/" replace /> }],
  },
]);
