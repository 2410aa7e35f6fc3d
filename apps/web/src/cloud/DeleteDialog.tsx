import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../layout/ConfirmDeleteDialog';
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

  return (
    <ConfirmDeleteDialog
      opened={items !== null}
      title={count !== 1 ? t('cloud.delete.title', { count }) : only?.kind === 'folder' ? t('cloud.delete.folderTitle') : t('cloud.delete.documentTitle')}
      body={body}
      cancelLabel={t('cloud.cancel')}
      confirmLabel={t('cloud.delete.confirm')}
      onDelete={onDelete}
      onClose={onClose}
      testId="delete-dialog"
      confirmTestId="delete-confirm"
    />
  );
}
