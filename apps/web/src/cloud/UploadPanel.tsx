import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';
import type { UploadEntry } from './useCloudUploads';

/** The uploads under way and just finished, each with its progress and a cancel button. */
export function UploadPanel({ entries, onCancel, onClear }: {
  entries: UploadEntry[];
  onCancel: (id: number) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  const running = entries.some((e) => e.state === 'uploading' || e.state === 'waiting');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="cloud-uploads" aria-label={t('cloud.upload.panel')} role="region">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fz="sm" fw={600}>{running ? t('cloud.upload.running') : t('cloud.upload.finished')}</Text>
        {!running && (
          <ActionIcon variant="subtle" color="gray" onClick={onClear} aria-label={t('cloud.upload.clear')} data-testid="cloud-uploads-clear">
            <IconX size={16} />
          </ActionIcon>
        )}
      </Group>
      <Stack gap={6}>
        {entries.map((entry) => (
          <Group key={entry.id} gap="sm" wrap="nowrap" data-testid="cloud-upload-entry" data-state={entry.state}>
            <Text fz="sm" truncate style={{ flex: 1, minWidth: 0 }}>{entry.name}</Text>
            {entry.state === 'uploading' || entry.state === 'waiting' ? (
              <>
                <Progress
                  value={entry.progress * 100}
                  w={{ base: 80, xs: 140 }}
                  size="sm"
                  radius="xl"
                  aria-label={t('cloud.upload.progress', { name: entry.name })}
                />
                <Text fz="xs" c="dimmed" w={36} ta="right">{formatNumber(entry.progress, undefined, { style: 'percent' })}</Text>
                <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => onCancel(entry.id)} aria-label={t('cloud.upload.cancel', { name: entry.name })}>
                  <IconX size={14} />
                </ActionIcon>
              </>
            ) : entry.state === 'done' ? (
              <Group gap={4} wrap="nowrap">
                <IconCheck size={14} color="var(--mantine-color-teal-9)" aria-hidden="true" />
                <Text fz="xs" c="teal.9">{t('cloud.upload.done')}</Text>
              </Group>
            ) : (
              <Text fz="xs" c={entry.state === 'failed' ? 'red.8' : 'dimmed'}>
                {entry.state === 'failed' ? t('cloud.upload.failed') : t('cloud.upload.canceled')}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
