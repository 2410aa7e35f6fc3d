import { Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { returnParam, safeReturnPath } from './loginDialog';
import { writeStoredToken } from './tokenStorage';
import { tokenMessage } from './windowMessages';

/**
 * /app/login-callback.html (SPEC §7): a sign-in that ends here brings its token in the query.
 * The token is kept, removed from the address bar and history, and handed to the window that
 * opened this one; with no such window the page goes on into the app, signed in.
 */
export default function LoginCallbackPage() {
  const { t } = useTranslation();
  const handled = useRef(false);
  const [waitingToClose, setWaitingToClose] = useState(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token');
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (token) writeStoredToken(token);

    const origin = window.location.origin;
    const opener = window.opener as Window | null;
    const parent = window.parent !== window ? window.parent : null;
    if (token && (opener || parent)) {
      (opener ?? parent)?.postMessage(tokenMessage(token), origin);
      if (opener) {
        window.close();
        setWaitingToClose(true);
      }
      return;
    }
    window.location.replace(safeReturnPath(url.searchParams.get(returnParam)));
  }, []);

  return (
    <Center mih="100vh">
      {waitingToClose ? <Text data-testid="login-callback-done">{t('login.callbackDone')}</Text> : <Loader role="status" aria-label={t('login.loading')} />}
    </Center>
  );
}
