import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { pathPrefixes } from '../i18n/localeTags';
import { MarketingLayout } from '../layout/MarketingLayout';
import { PageLoader } from '../layout/PageLoader';
import HomePage from '../pages/HomePage';
import { LanguageGuard } from './LanguageGuard';

// The /app shell and its pages are a separate chunk so the site home stays small.
const AppLayout = lazy(() => import('../layout/AppLayout'));
const AppHomePage = lazy(() => import('../pages/AppHomePage'));
const AppPage = lazy(() => import('../pages/AppPage'));
const LegacyToolRedirect = lazy(() => import('../pages/LegacyToolRedirect'));
const PdfConverterPage = lazy(() => import('../tools/convert/PdfConverterPage'));
const PreviewPage = lazy(() => import('../pages/PreviewPage'));
const AccountCentrePage = lazy(() => import('../account/AccountCentrePage'));
const ResetPasswordPage = lazy(() => import('../account/ResetPasswordPage'));
const LoginFramePage = lazy(() => import('../account/LoginFramePage'));
const LoginCallbackPage = lazy(() => import('../account/LoginCallbackPage'));
const MessageCentrePage = lazy(() => import('../messages/MessageCentrePage'));
const TemplateGalleryPage = lazy(() => import('../templates/TemplateGalleryPage'));
const TemplateDetailPage = lazy(() => import('../templates/TemplateDetailPage'));
const PricingPage = lazy(() => import('../billing/PricingPage'));
const DemoCheckoutPage = lazy(() => import('../billing/DemoCheckoutPage'));
const CheckoutDonePage = lazy(() => import('../billing/CheckoutDonePage'));

function suspended(element: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}

/**
 * Routes of SPEC §2 without a language prefix. The router mounts the same list under each
 * prefix (/de, /es, /fr, /jp, /pt); pages build links with useLocalizedPath, so they follow.
 */
export const pageRoutes: RouteObject[] = [
  {
    element: <MarketingLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'preview', element: suspended(<PreviewPage />) },
      { path: 'message', element: suspended(<MessageCentrePage />) },
      { path: 'template', element: suspended(<TemplateGalleryPage />) },
      { path: 'template/:cat/:title/:id/:catId', element: suspended(<TemplateDetailPage />) },
      { path: 'pricing', element: suspended(<PricingPage />) },
    ],
  },
  {
    path: 'app',
    element: suspended(<AppLayout />),
    children: [
      { index: true, element: <AppHomePage /> },
      { path: 'home', element: <AppHomePage /> },
      { path: 'pdf-converter', element: <PdfConverterPage /> },
      { path: 'account', element: <AccountCentrePage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'checkout/demo', element: <DemoCheckoutPage /> },
      { path: 'checkout/done', element: <CheckoutDonePage /> },
      { path: ':page', element: <AppPage /> },
    ],
  },
  // The login page runs inside the login dialog's frame and the callback in a pop-up: no shell.
  { path: 'app/login-frame', element: suspended(<LoginFramePage />) },
  { path: 'app/login-callback.html', element: suspended(<LoginCallbackPage />) },
  { path: 'v2/popular-tools', element: <Navigate to="/" replace /> },
  { path: 'v2/:tool', element: suspended(<LegacyToolRedirect />) },
  { path: ':lang/v2/:tool', element: suspended(<LegacyToolRedirect />) },
];

export const router = createBrowserRouter([
  {
    path: '/',
    // The navigation guard of SPEC §2 sees every location before a page does.
    element: <LanguageGuard />,
    children: [
      ...pageRoutes,
      ...Object.keys(pathPrefixes).map((prefix): RouteObject => ({ path: prefix, children: pageRoutes })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
