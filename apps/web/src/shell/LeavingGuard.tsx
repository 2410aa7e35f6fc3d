import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { resetFiles } from '../files/fileProcessing';
import { useFileStore } from '../files/fileStore';
import { cancelTask } from '../workspace/taskRun';
import { needsLeavingConfirm } from './leaving';

/**
 * The leaving flow of SPEC §4: a confirm dialog before a move that would drop the file list
 * (confirm resets it and goes on, cancel stays), and the browser's own prompt before the tab
 * closes or reloads while a task runs.
 */
export function LeavingGuard() {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const { files, task } = useFileStore.getState();
    return needsLeavingConfirm({
      fromPath: currentLocation.pathname,
      toPath: nextLocation.pathname,
      fileCount: files.length,
      taskPhase: task.phase,
    });
  });
  const running = useFileStore((s) => s.task.phase === 'running');
  useEffect(() => {
    if (!running) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [running]);

  return (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }}
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('shell.leaving.title')}
      centered
      data-testid="leaving-confirm"
    >
      <Text fz="sm" mb="lg">{t('shell.leaving.body')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()}>{t('shell.leaving.cancel')}</Button>
        <Button
          onClick={() => {
            cancelTask();
            resetFiles();
            blocker.proceed?.();
          }}
        >
          {t('shell.leaving.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
