import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isInTask, isPending, isReady, useFileStore } from '../../files/fileStore';

export function MergeSidePanel() {
  const { t } = useTranslation();
  const files = useFileStore((state) => state.files);
  // The files being merged count as used: the panel never reports them missing or left out.
  const ready = files.filter((file) => isReady(file) || isInTask(file));
  const pending = files.filter(isPending).length;
  const excluded = files.length - ready.length - pending;
  const pages = ready.reduce((sum, file) => sum + (file.ossInfo?.total_page ?? 0), 0);
  return (
    <Stack gap="sm">
      <Title order={2} fz="md">{t('merge.panelTitle')}</Title>
      <Text fz="sm" c="dimmed">{t('merge.orderHint')}</Text>
      {ready.length > 0 && (
        <Text fz="sm" fw={600} data-testid="merge-summary">
          {t('merge.summary', {
            files: t('workspace.fileCount', { count: ready.length }),
            pages: t('workspace.pages', { count: pages }),
          })}
        </Text>
      )}
      {pending > 0 ? (
        <Text fz="sm" c="blue.7">{t('merge.waitUploads')}</Text>
      ) : ready.length < 2 ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
          <Text fz="sm">{t('merge.needTwo')}</Text>
        </Alert>
      ) : null}
      {excluded > 0 && <Text fz="xs" c="orange.8">{t('merge.excluded', { count: excluded })}</Text>}
    </Stack>
  );
}
