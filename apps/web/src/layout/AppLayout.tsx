import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from './PageLoader';
import { AppNavbar } from './AppNavbar';
import { AppTopBar } from './AppTopBar';
import { ShareRoot } from '../share/ShareRoot';
import { TrafficBanner } from '../shell/TrafficBanner';
import { SkipLink } from './SkipLink';

const ShellExtras = lazy(() => import('../shell/ShellExtras'));
const ActivityBox = lazy(() => import('../shell/ActivityBox').then((m) => ({ default: m.ActivityBox })));

// Server state of the /app pages; the marketing home needs none, so it does not load the library.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/** Paths under /app: left navigation, top bar, the routed view (SPEC §2 shell). */
export default function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  return (
    <QueryClientProvider client={queryClient}>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: { sm: 232, lg: 264 }, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding={0}
      >
        <AppShell.Header>
          <AppTopBar navOpened={navOpened} onToggleNav={nav.toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          <AppNavbar onNavigate={nav.close} />
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0" id="main" tabIndex={-1}>
          <TrafficBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
          {/* After the page, in its flow: it never covers the work area (SPEC §2). */}
          <Suspense fallback={null}>
            <ActivityBox />
          </Suspense>
        </AppShell.Main>
        <Suspense fallback={null}>
          <ShellExtras />
        </Suspense>
        <ShareRoot />
      </AppShell>
    </QueryClientProvider>
  );
}
