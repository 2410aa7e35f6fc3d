import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function TaskProgress({ progress }: { progress: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="task-progress" data-progress={progress}>
      <Group justify="space-between">
        <Text fz="sm" fw={600}>{t('workspace.working')}</Text>
        <Text fz="sm" c="dimmed">{t('workspace.progress', { progress })}</Text>
      </Group>
      <Progress value={progress} size="lg" radius="xl" striped animated aria-label={t('workspace.progressLabel')} />
    </Stack>
  );
}
