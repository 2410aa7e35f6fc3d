import type { AdInfo } from '@pagewright/contracts';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function EventPopupDialog({ ad, onClose }: { ad: AdInfo; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }} opened onClose={onClose} title={t('shell.eventPopup.title')} centered size="auto" data-testid="event-popup">
      <a href={ad.adv_url || undefined} target="_blank" rel="noopener noreferrer">
        <img src={ad.adv_img} alt={t('shell.eventPopup.imageAlt')} style={{ display: 'block', maxWidth: 'min(560px, 80vw)', height: 'auto' }} />
      </a>
    </Modal>
  );
}
