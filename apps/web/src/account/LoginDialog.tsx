import { Box, Loader, Modal } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { closeLogin, cookieBranch, loginPageUrl, useLoginDialogStore } from './loginDialog';
import { readCookieSupportMessage } from './windowMessages';

const FRAME_HEIGHT = 600;

/**
 * The login dialog of SPEC §2 and §4, mounted while open: the login page in a frame. The frame first reports
 * whether it can keep cookies; if not, the whole page goes to the login page instead. The
 * frame's token message is handled by the session (session.ts), which closes this dialog.
 */
export default function LoginDialog() {
  const { t } = useTranslation();
  const phase = useLoginDialogStore((s) => s.phase);
  const view = useLoginDialogStore((s) => s.view);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const supported = readCookieSupportMessage(event, window.location.origin);
      if (supported === null) return;
      const branch = cookieBranch(supported, `${window.location.pathname}${window.location.search}`, view);
      if (branch.kind === 'redirect') window.location.assign(branch.url);
      else useLoginDialogStore.setState({ phase: 'frame' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [view]);

  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }}
      opened
      onClose={closeLogin}
      title={t('login.dialogTitle')}
      centered
      radius="lg"
      size={460}
      data-testid="login-dialog"
    >
      <Box pos="relative" h={FRAME_HEIGHT}>
        {phase === 'checking' && (
          <Box pos="absolute" inset={0} style={{ display: 'grid', placeItems: 'center' }}>
            <Loader role="status" aria-label={t('login.loading')} />
          </Box>
        )}
        <iframe
          ref={frame}
          src={loginPageUrl(view)}
          title={t('login.frameTitle')}
          data-testid="login-frame"
          style={{ width: '100%', height: '100%', border: 0, visibility: phase === 'frame' ? 'visible' : 'hidden' }}
        />
      </Box>
    </Modal>
  );
}
