import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { MarketingFooter } from './MarketingFooter';
import { MarketingHeader } from './MarketingHeader';
import { SkipLink } from './SkipLink';

// Banners and popups wait for their own chunk so the home page's first load stays small.
const EventPopup = lazy(() => import('../shell/EventPopup'));
const TrafficBanner = lazy(() => import('../shell/TrafficBanner').then((m) => ({ default: m.TrafficBanner })));
const PromoBanner = lazy(() => import('../shell/PromoBanner').then((m) => ({ default: m.PromoBanner })));

/** Paths outside /app: marketing header, the page, a footer (SPEC §2 shell). */
export function MarketingLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}>
      <SkipLink />
      <Suspense fallback={null}>
        <TrafficBanner />
        <PromoBanner />
      </Suspense>
      <MarketingHeader />
      <main id="main" tabIndex={-1} style={{ flex: 1 }}>
        <Outlet />
      </main>
      <MarketingFooter />
      <Suspense fallback={null}>
        <EventPopup />
      </Suspense>
    </div>
  );
}
