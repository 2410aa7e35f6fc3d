import { Outlet } from 'react-router';
import { MarketingFooter } from './MarketingFooter';
import { MarketingHeader } from './MarketingHeader';

/** Paths outside /app: marketing header, the page, a footer (SPEC §2 shell). */
export function MarketingLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}>
      <MarketingHeader />
      <main id="main" style={{ flex: 1 }}>
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  );
}
