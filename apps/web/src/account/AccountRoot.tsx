import { lazy, Suspense, useEffect } from 'react';
import { useAccountStore } from './accountStore';
import { useLoginDialogStore } from './loginDialog';
import { useSurveyStore } from './occupation';

// Fetched the first time each is needed, so the site home does not carry them.
const LoginDialog = lazy(() => import('./LoginDialog'));
const OccupationSurvey = lazy(() => import('./OccupationSurvey'));

/** The login page and the callback run inside the dialog's frame or a pop-up: not the app itself. */
const accountWindowPath = /\/app\/(login-frame|login-callback\.html)\/?$/;

/**
 * Mounted once per page: reads the user at start (SPEC §7 account/refresh), listens for tokens
 * from other windows, and holds the login dialog and the occupation survey.
 */
export function AccountRoot() {
  const accountWindow = accountWindowPath.test(window.location.pathname);
  const loginOpened = useLoginDialogStore((s) => s.opened);
  const surveyOpened = useSurveyStore((s) => s.opened);
  const signedIn = useAccountStore((s) => s.user !== null);
  useEffect(() => {
    // The session module brings the API client and zod, which the home page's first load does without.
    if (!accountWindow) void import('./session').then((session) => session.startAccount());
  }, [accountWindow]);
  if (accountWindow) return null;
  return (
    <Suspense fallback={null}>
      {loginOpened && <LoginDialog />}
      {surveyOpened && signedIn && <OccupationSurvey />}
    </Suspense>
  );
}
