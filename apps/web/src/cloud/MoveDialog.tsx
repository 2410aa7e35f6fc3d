import { Alert, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFolder, IconFolderOpen, IconHome } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api/ApiError';
import { errorMessage } from '../toasts/errorToast';
import { listAllFolders, ROOT_FOLDER } from './cloudApi';
import { folderRows } from './folderTree';
import type { ItemIds } from './selection';
import { useCloudKeys } from './useCloudKeys';
import classes from './cloud.module.css';

/**
 * The move dialog: the account's folder tree (directory/list), the root first; the folders
 * being moved and everything under them cannot be chosen. The rows are a single-choice list
 * (radio group) that the arrow keys walk.
 */
export function MoveDialog({ items, count, onMove, onClose }: {
  /** null while closed. */
  items: ItemIds | null;
  count: number;
  /** Moves the items; false when it failed (and said so), which keeps the dialog open. */
  onMove: (target: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cloudKeys = useCloudKeys();
  const folders = useQuery({ queryKey: cloudKeys.folders, queryFn: ({ signal }) => listAllFolders(signal), enabled: items !== null });
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setTarget(null), [items]);

  const rows = useMemo(
    () => folderRows(folders.data ?? [], new Set(items?.folder_ids ?? [])),
    [folders.data, items],
  );
  const choices = [ROOT_FOLDER, ...rows.map((r) => r.folder.folder_id)];

  const move = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      if (await onMove(target)) onClose();
    } finally {
      setBusy(false);
    }
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const at = target === null ? -1 : choices.indexOf(target);
    const next = event.key === 'ArrowDown' ? Math.min(choices.length - 1, at + 1) : Math.max(0, at - 1);
    const id = choices[next];
    if (id === undefined) return;
    setTarget(id);
    document.getElementById(`move-target-${id || 'root'}`)?.focus();
  };

  const option = (id: string, label: string, depth: number, icon: ReactNode) => {
    const checked = target === id;
    return (
      <UnstyledButton
        key={id || 'root'}
        id={`move-target-${id || 'root'}`}
        role="radio"
        aria-checked={checked}
        tabIndex={checked || (target === null && id === ROOT_FOLDER) ? 0 : -1}
        onClick={() => setTarget(id)}
        className={classes.moveOption}
        data-checked={checked || undefined}
        style={{ paddingInlineStart: 12 + depth * 20 }}
        data-testid="move-target"
      >
        <Group gap="xs" wrap="nowrap" miw={0}>
          {icon}
          <Text fz="sm" truncate>{label}</Text>
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Modal
      opened={items !== null}
      onClose={onClose}
      title={t('cloud.move.title', { count })}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack gap="md" data-testid="move-dialog">
        {folders.isPending ? (
          <Center py="lg"><Loader size="sm" /></Center>
        ) : folders.isError ? (
          <Alert color="red.8" variant="light">{errorMessage(toApiError(folders.error).code)}</Alert>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap={2} role="radiogroup" aria-label={t('cloud.move.choose')} onKeyDown={onKey}>
              {option(ROOT_FOLDER, t('cloud.views.all'), 0, <IconHome size={16} aria-hidden="true" />)}
              {rows.map((row) => option(
                row.folder.folder_id,
                row.folder.name,
                row.depth + 1,
                target === row.folder.folder_id ? <IconFolderOpen size={16} aria-hidden="true" /> : <IconFolder size={16} aria-hidden="true" />,
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{t('cloud.cancel')}</Button>
          <Button onClick={() => void move()} disabled={target === null} loading={busy} data-testid="move-confirm">
            {t('cloud.move.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
