import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveToCloudButton } from './SaveToCloudButton';
import type { FinishedRun } from './saveToCloud';

/** The end of a run: the result's name, a download link and a way to start again. */
export function ResultPanel({ downloadUrl, fileName, onStartOver, onDownload, run, children }: {
  downloadUrl: string;
  fileName?: string | undefined;
  onStartOver: () => void;
  /** Runs before the download; may stop it (a guest signs in first, SPEC §6). */
  onDownload?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The finished run, which the user can keep in their Document Cloud. */
  run?: FinishedRun | undefined;
  /** Tool-specific facts about the result, under the file name. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // The result takes the focus when it appears, so a keyboard or screen-reader user is taken
  // to it (its heading is read) instead of being left on the page body.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Paper radius="xl" p={{ base: 'lg', sm: 48 }} withBorder data-testid="result-panel">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" color="teal" variant="light" aria-hidden="true">
          <IconCheck size={40} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, sm: 28 }} ref={heading} tabIndex={-1} style={{ outline: 'none' }} data-testid="result-title">
          {t('workspace.resultTitle')}
        </Title>
        {fileName && <Text c="dimmed" fz="sm" data-testid="result-file-name">{t('workspace.resultBody', { name: fileName })}</Text>}
        {children}
        <Group gap="sm" justify="center" mt="sm">
          <Button
            component="a"
            href={downloadUrl}
            download=""
            onClick={onDownload}
            size="lg"
            radius="xl"
            leftSection={<IconDownload size={20} />}
            data-testid="download-link"
          >
            {t('workspace.download')}
          </Button>
          {run && run.taskIds.length > 0 && <SaveToCloudButton run={run} />}
          <Button
            size="lg"
            radius="xl"
            variant="default"
            leftSection={<IconRefresh size={20} />}
            onClick={onStartOver}
            data-testid="start-over"
          >
            {t('workspace.startOver')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
