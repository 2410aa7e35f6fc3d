import type { ToolDefinition } from '@pagewright/contracts';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFileDrop } from './useFileDrop';
import classes from './DropZone.module.css';

export function acceptedExtensionsLabel(tool: ToolDefinition): string {
  return tool.sourceExtensions.map((ext) => ext.toUpperCase()).join(', ');
}

/** The empty workspace: a large target for dropped files and a button that opens the picker. */
export function DropZone({ tool, onFiles, onBrowse }: {
  tool: ToolDefinition;
  onFiles: (files: File[]) => void;
  onBrowse: () => void;
}) {
  const { t } = useTranslation();
  const { dragging, handlers } = useFileDrop(onFiles);
  return (
    <div className={classes.zone} data-dragging={dragging || undefined} data-testid="drop-zone" {...handlers}>
      <Stack align="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden="true">
          <IconCloudUpload size={40} stroke={1.5} />
        </ThemeIcon>
        <Text fw={700} fz={{ base: 'lg', sm: 22 }} ta="center">
          {dragging ? t('workspace.dropActive') : tool.singleUpload ? t('workspace.dropTitleSingle') : t('workspace.dropTitle')}
        </Text>
        <Text c="dimmed" fz="sm">{t('workspace.dropOr')}</Text>
        <Button size="lg" radius="xl" onClick={onBrowse} data-testid="choose-files">
          {tool.singleUpload ? t('workspace.chooseFile') : t('workspace.chooseFiles')}
        </Button>
        <Text c="dimmed" fz="xs">{t('workspace.accepted', { extensions: acceptedExtensionsLabel(tool) })}</Text>
      </Stack>
    </div>
  );
}
