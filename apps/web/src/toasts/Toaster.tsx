import { timing } from '@pagewright/contracts';
import { Anchor, Notification, Portal, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastStore, type ToastKind, type ToastLink } from './toastStore';
import classes from './Toaster.module.css';

const colors: Record<ToastKind, string> = {
  warning: 'orange',
  error: 'red',
  success: 'teal',
  info: 'brand',
};

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <Portal>
      <div className={classes.region} style={{ top: timing.toastOffsetPx }} aria-live="assertive">
        {toasts.map((toast) => (
          <Notification
            key={toast.id}
            className={classes.toast}
            color={colors[toast.kind]}
            withBorder
            role="alert"
            data-testid="toast"
            closeButtonProps={{ 'aria-label': t('toast.close') }}
            onClose={() => dismiss(toast.id)}
          >
            {toast.message}
            {toast.link && <ToastLinkAnchor link={toast.link} onFollow={() => dismiss(toast.id)} />}
            {toast.contact && <Text fz="sm" c="dimmed" mt={4}>{t('toast.contact')}</Text>}
          </Notification>
        ))}
      </div>
    </Portal>
  );
}

function ToastLinkAnchor({ link, onFollow }: { link: ToastLink; onFollow: () => void }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (link.navigate && plainClick) {
      event.preventDefault();
      link.navigate();
    }
    onFollow();
  };
  return (
    <Anchor href={link.href} onClick={follow} fz="sm" fw={600} display="block" mt={4} data-testid="toast-link">
      {link.label}
    </Anchor>
  );
}
