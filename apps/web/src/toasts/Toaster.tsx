import { timing } from '@pagewright/contracts';
import { Notification, Portal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useToastStore, type ToastKind } from './toastStore';
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
            {toast.contact && <Text fz="sm" c="dimmed" mt={4}>{t('toast.contact')}</Text>}
          </Notification>
        ))}
      </div>
    </Portal>
  );
}
