import { tierOf } from '@pagewright/contracts';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAccountStore } from '../account/accountStore';
import { changeLocale, i18n, rememberLocale, storedLocale, type Locale } from '../i18n';
import { PageLoader } from '../layout/PageLoader';
import { guardDecision } from './navigationGuard';
import { useSiteConfigStore } from './siteConfig';

/**
 * The root of every route: applies the navigation guard of SPEC §2 and shows the page once
 * its language is loaded, so a page never flashes in English first.
 */
export function LanguageGuard() {
  const { pathname, search, hash } = useLocation();
  const config = useSiteConfigStore((s) => s.config);
  const loadConfig = useSiteConfigStore((s) => s.load);
  const user = useAccountStore((s) => s.user);
  const ready = useAccountStore((s) => s.ready);
  const [shown, setShown] = useState(i18n.language as Locale);

  useEffect(loadConfig, [loadConfig]);

  const decision = guardDecision({
    pathname,
    search,
    hash,
    currentLocale: storedLocale(),
    siteConfig: config,
    tier: ready ? tierOf(user) : null,
    browserLanguage: navigator.language,
  });
  const locale = decision.kind === 'render' || decision.kind === 'wait' ? decision.locale : null;
  const external = decision.kind === 'external' ? decision.url : null;

  useEffect(() => {
    if (!locale) return;
    rememberLocale(locale);
    if (i18n.language === locale) {
      setShown(locale);
      return;
    }
    let current = true;
    // A locale bundle that fails to load leaves the English fallback rather than a spinner.
    const done = () => { if (current) setShown(locale); };
    changeLocale(locale).then(done, done);
    return () => { current = false; };
  }, [locale]);

  useEffect(() => {
    if (external) window.location.replace(external);
  }, [external]);

  if (decision.kind === 'redirect') {
    // Remembered now, not in an effect: <Navigate> moves in its own effect, which runs first,
    // and an unprefixed English target is only English if the stored choice says so.
    rememberLocale(decision.locale);
    return <Navigate to={decision.to} replace />;
  }
  if (decision.kind !== 'render' || shown !== decision.locale) return <PageLoader />;
  return <Outlet />;
}
