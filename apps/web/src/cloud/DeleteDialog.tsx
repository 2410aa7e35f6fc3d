import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../toasts/errorToast';
import { itemName, type CloudItem } from './selection';

/**
 * Confirms a delete. A folder goes with every folder and document inside it, and the dialog
 * says so whenever a folder is among the items.
 */
export function DeleteDialog({ items, onDelete, onClose }: {
  /** null while closed. */
  items: CloudItem[] | null;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [only] = items ?? [];
  const count = items?.length ?? 0;
  const hasFolder = (items ?? []).some((item) => item.kind === 'folder');

  let body = '';
  if (only && count === 1) {
    body = only.kind === 'folder'
      ? t('cloud.delete.folderBody', { name: itemName(only) })
      : t('cloud.delete.documentBody', { name: itemName(only) });
  } else if (count > 1) {
    body = hasFolder ? t('cloud.delete.manyWithFoldersBody', { count }) : t('cloud.delete.manyBody', { count });
  }

  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      onClose();
    } catch (failure) {
      showErrorToast(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={items !== null}
      onClose={onClose}
      title={count !== 1 ? t('cloud.delete.title', { count }) : only?.kind === 'folder' ? t('cloud.delete.folderTitle') : t('cloud.delete.documentTitle')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="md" data-testid="delete-dialog">
        <Text style={{ overflowWrap: 'anywhere' }}>{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>{t('cloud.cancel')}</Button>
          <Button color="red.8" onClick={() => void confirm()} loading={busy} data-testid="delete-confirm">
            {t('cloud.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
