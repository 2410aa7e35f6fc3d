import { ActionIcon, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SignStoredItem } from '@pagewright/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Sign.module.css';

/** The "Saved signatures" section: click a thumbnail to use it, the bin to delete it. */
export function SavedSignatures({ items, loading, disabled, deleting, current, onUse, onDelete }: {
  items: SignStoredItem[] | undefined;
  loading: boolean;
  disabled: boolean;
  /** The file_id being deleted, if any. */
  deleting: string | undefined;
  current: string | undefined;
  onUse: (item: SignStoredItem) => void;
  onDelete: (item: SignStoredItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="saved-signatures">
      <Text fz="sm" fw={600}>{t('sign.savedTitle')}</Text>
      {loading ? (
        <Loader role="status" size="sm" aria-label={t('sign.savedLoading')} />
      ) : !items || items.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="saved-signatures-empty">{t('sign.savedEmpty')}</Text>
      ) : (
        <SimpleGrid cols={2} spacing="xs" role="list">
          {items.map((item, index) => (
            <div key={item.file_id} className={classes.savedItem} role="listitem" data-testid="saved-signature" data-file-id={item.file_id}>
              <UnstyledButton
                className={classes.signatureChoice}
                style={{ width: '100%' }}
                data-selected={current === item.file_id || undefined}
                onClick={() => onUse(item)}
                disabled={disabled}
                aria-label={t('sign.useSaved', { index: index + 1 })}
                data-testid="saved-signature-use"
              >
                <img src={item.output_file} alt="" className={classes.signatureThumb} loading="lazy" />
              </UnstyledButton>
              <ActionIcon
                className={classes.savedDelete}
                variant="white"
                color="red"
                size="sm"
                radius="xl"
                onClick={() => onDelete(item)}
                loading={deleting === item.file_id}
                disabled={disabled}
                aria-label={t('sign.deleteSaved', { index: index + 1 })}
                data-testid="saved-signature-delete"
              >
                <IconTrash size={14} />
              </ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
