import { Modal, Text } from '@mantine/core';
import type { Message } from '@pagewright/contracts';
import { useTranslation } from 'react-i18next';
import { HISTORY_DIALOG_WIDTH, HISTORY_FRAME_SANDBOX, historyFrameUrl } from './messageView';

/** The History dialog of SPEC §2: the message's page in a 940 px frame. */
export function HistoryDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const url = message ? historyFrameUrl(message.site_url, origin) : null;
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      size={HISTORY_DIALOG_WIDTH}
      title={message?.title ?? t('messages.history')}
      centered
      closeButtonProps={{ 'aria-label': t('messages.close') }}
    >
      {url ? (
        <iframe
          src={url.href}
          title={message?.title ?? t('messages.history')}
          sandbox={HISTORY_FRAME_SANDBOX}
          referrerPolicy="no-referrer-when-downgrade"
          style={{ width: '100%', height: '70vh', border: 0, display: 'block' }}
          data-testid="history-frame"
        />
      ) : (
        <Text c="dimmed">{t('messages.historyUnavailable')}</Text>
      )}
    </Modal>
  );
}
