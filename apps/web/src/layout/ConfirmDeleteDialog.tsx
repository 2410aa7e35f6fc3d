import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDialogAction } from './useDialogAction';

/**
 * Asks before something is deleted: the dialog stays open, its button busy, until the delete
 * answers; a refused delete keeps the dialog open and says why in a toast.
 */
export function ConfirmDeleteDialog({ opened, title, body, cancelLabel, confirmLabel, onDelete, onClose, testId, confirmTestId }: {
  opened: boolean;
  title: string;
  body: string;
  cancelLabel: string;
  confirmLabel: string;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
  testId: string;
  confirmTestId: string;
}) {
  const { t } = useTranslation();
  const { busy, run } = useDialogAction(onClose);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg" closeButtonProps={{ 'aria-label': t('app.close') }}>
      <Stack gap="md" data-testid={testId}>
        <Text style={{ overflowWrap: 'anywhere' }}>{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>{cancelLabel}</Button>
          <Button color="red.8" onClick={() => void run(onDelete)} loading={busy} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
