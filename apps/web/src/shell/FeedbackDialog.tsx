import { Alert, Box, Loader, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../toasts/errorToast';
import { useShellConfig } from './shellApi';

/** A frame's load event never comes for an unreachable address; this long is a failure. */
const feedbackLoadTimeoutMs = 15_000;

/** The feedback form of SPEC §2: the operator's form in a 480 x 600 frame. */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { feedback_url: url } = useShellConfig();
  const [phase, setPhase] = useState<'loading' | 'loaded' | 'failed'>('loading');
  useEffect(() => {
    if (phase !== 'loading') return;
    const timer = setTimeout(() => setPhase('failed'), url === '' ? 0 : feedbackLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [phase, url]);
  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }} opened onClose={onClose} title={t('shell.help.feedback')} size={480 + 32} centered>
      {phase === 'failed' ? (
        <Alert color="red" variant="light" role="alert" data-testid="feedback-failed">
          {errorMessage('FEEDBACK_LOAD_FAILED')}
        </Alert>
      ) : (
        <Box pos="relative" w={480} maw="100%" h={600}>
          {phase === 'loading' && <Loader role="status" pos="absolute" top="45%" left="45%" aria-label={t('app.loading')} />}
          {url !== '' && (
            <iframe
              src={url}
              title={t('shell.help.feedback')}
              width={480}
              height={600}
              style={{ border: 0, maxWidth: '100%' }}
              onLoad={() => setPhase('loaded')}
              onError={() => setPhase('failed')}
            />
          )}
        </Box>
      )}
    </Modal>
  );
}
