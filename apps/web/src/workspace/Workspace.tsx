import { mimeTypesFor, type ToolDefinition } from '@pagewright/contracts';
import { Alert, Box, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBulkUrl, downloadDocUrl } from '../api/client';
import { PayDialog } from '../billing/PayDialog';
import { usePricingGroup } from '../billing/pricingGroup';
import { addFiles, bindTool, resetFiles } from '../files/fileProcessing';
import { isPending, isReady, useFileStore } from '../files/fileStore';
import { formatFileSize } from '../i18n/format';
import { GuestLimitDialog } from '../limits/GuestLimitDialog';
import { guardDownload } from '../limits/downloadAccess';
import { PageLimitNotice } from '../limits/PageLimitNotice';
import { screenUploads } from '../limits/uploadLimits';
import { showToast } from '../toasts/toastStore';
import { errorMessage } from '../toasts/errorToast';
import { ToolIcon } from '../tools/ToolIcon';
import { DropZone, acceptedExtensionsLabel } from './DropZone';
import { FileList } from './FileList';
import { PasswordDialog } from './PasswordDialog';
import { ResultPanel } from './ResultPanel';
import { TaskProgress } from './TaskProgress';
import { WorkspaceHeader } from './WorkspaceHeader';
import { cancelTask, runBatch, runTask, type CreateFileTask, type CreateTask } from './taskRun';
import { useFileDrop } from './useFileDrop';
import classes from './Workspace.module.css';

export interface WorkspaceProps {
  tool: ToolDefinition;
  /** Creates the tool's task on the server from the ready files, in list order. */
  createTask?: CreateTask;
  /**
   * A batch tool instead: creates the task of one file; the run makes one task per ready file
   * under a shared multi_id and offers all results as one zip.
   */
  createFileTask?: CreateFileTask;
  /** Ready files the tool needs before its convert button is enabled. */
  minFiles?: number;
  /** Tool options and hints, shown above the convert button. */
  sidePanel?: ReactNode;
  /** A page preview or editor, shown under the file list. */
  editor?: ReactNode;
  /** Checks the options when the convert button is pressed; false keeps the run from starting. */
  validate?: () => boolean;
  /** Keeps the convert button disabled (options not complete yet). */
  convertDisabled?: boolean;
  /** Shown in the result panel of a finished run (compress-pdf's saving). */
  resultExtra?: ReactNode;
  /** The header and button texts of a page that is not in the tool table (/app/pdf-converter). */
  heading?: { icon: ReactNode; title: string; description: string; convertLabel: string };
}

/**
 * The page of one tool (SPEC §2 workspace): a drop zone, then the file list beside the tool's
 * side panel and convert button, task progress, and the result with its download link. A
 * tool page supplies its side panel and the call that creates its task.
 */
export function Workspace(props: WorkspaceProps) {
  const { tool, createTask, createFileTask, minFiles = 1, sidePanel, editor, validate, convertDisabled = false, resultExtra, heading } = props;
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const bound = useFileStore((state) => state.toolPageName === tool.pageName);
  const files = useFileStore((state) => state.files);
  const task = useFileStore((state) => state.task);
  const title = heading?.title ?? t(`tools.${tool.pageName}.title`);

  useLayoutEffect(() => bindTool(tool.pageName), [tool.pageName]);
  usePricingGroup();

  const onFiles = (picked: File[]) => {
    if (picked.length === 0) return;
    // SPEC §5: sizes are checked before upload; an upgrade away opens the pay dialog.
    const { accepted, tooLarge } = screenUploads(tool, picked);
    const [tooBig] = tooLarge;
    if (tooBig) {
      showToast(tool.limitKey === 'Image'
        ? errorMessage('IMAGE_TOO_LARGE')
        : t('limits.tooLarge', { name: tooBig.file.name, size: formatFileSize(tooBig.maximum) }));
    }
    const { rejected } = addFiles(tool, accepted);
    const extensions = acceptedExtensionsLabel(tool);
    const [first] = rejected;
    if (rejected.length === 1 && first) showToast(t('workspace.rejected', { name: first.name, extensions }));
    else if (rejected.length > 1) showToast(t('workspace.rejectedMany', { count: rejected.length, extensions }));
  };
  const browse = () => inputRef.current?.click();
  const startOver = () => {
    cancelTask();
    resetFiles();
  };

  const running = task.phase === 'running';
  const readyCount = files.filter(isReady).length;
  const pendingCount = files.filter(isPending).length;
  const canConvert = !running && !convertDisabled && pendingCount === 0 && readyCount >= minFiles;
  const convert = () => {
    if (validate && !validate()) return;
    if (createFileTask) void runBatch(createFileTask);
    else if (createTask) void runTask(createTask);
  };
  const bulk = task.multiId && (task.taskIds?.length ?? 0) > 1 ? task.multiId : null;
  const downloadUrl = bulk ? downloadBulkUrl(bulk) : downloadDocUrl(task.taskId ?? '');
  const onDownload = (event: MouseEvent<HTMLAnchorElement>) =>
    guardDownload(event, downloadUrl, bulk ? { multi_id: bulk } : { task_id: task.taskId ?? '' });

  const input = (
    <input
      ref={inputRef}
      type="file"
      hidden
      multiple={!tool.singleUpload}
      accept={[...tool.sourceExtensions.map((ext) => `.${ext}`), ...mimeTypesFor(tool.sourceExtensions)].join(',')}
      data-testid="file-input"
      onChange={(event) => {
        onFiles(Array.from(event.currentTarget.files ?? []));
        event.currentTarget.value = '';
      }}
    />
  );

  return (
    <Box className={classes.page}>
      {input}
      <WorkspaceHeader
        icon={heading?.icon ?? <ToolIcon tool={tool} size="xl" />}
        title={title}
        description={heading?.description ?? t(`tools.${tool.pageName}.description`)}
      />
      <PageLimitNotice limitKey={tool.limitKey} />
      {!bound ? null : task.phase === 'done' && task.taskId ? (
        <Stack gap="xl">
          <ResultPanel
            downloadUrl={downloadUrl}
            fileName={task.outputFileName}
            onStartOver={startOver}
            onDownload={onDownload}
            run={{ taskIds: task.taskIds ?? [task.taskId], multiId: task.multiId }}
          >
            {(task.taskIds?.length ?? 0) > 1 && (
              <Text fz="sm" data-testid="result-bulk">{t('result.bulk', { count: task.taskIds?.length ?? 0 })}</Text>
            )}
            {resultExtra}
          </ResultPanel>
          <Box>
            <Title order={2} fz="md" mb="sm">
              {t('workspace.fileList')} <Text span c="dimmed" fz="sm" fw={500}>({t('workspace.fileCount', { count: files.length })})</Text>
            </Title>
            <FileList locked readOnly />
          </Box>
        </Stack>
      ) : files.length === 0 ? (
        <DropZone tool={tool} onFiles={onFiles} onBrowse={browse} />
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <FileArea onFiles={onFiles}>
              <Group justify="space-between" mb="sm">
                <Title order={2} fz="md">
                  {t('workspace.fileList')} <Text span c="dimmed" fz="sm" fw={500}>({t('workspace.fileCount', { count: files.length })})</Text>
                </Title>
                {!tool.singleUpload && (
                  <Button variant="light" size="xs" leftSection={<IconPlus size={16} />} onClick={browse} disabled={running} data-testid="add-files">
                    {t('workspace.addMore')}
                  </Button>
                )}
              </Group>
              <FileList locked={running} />
            </FileArea>
            {editor && <Box mt="lg">{editor}</Box>}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Paper withBorder radius="lg" p="lg" className={classes.panel}>
              <Stack gap="md">
                {sidePanel}
                {task.phase === 'failed' && task.errorCode !== undefined && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('workspace.failedTitle')} data-testid="task-error">
                    {errorMessage(task.errorCode)}
                  </Alert>
                )}
                {running ? (
                  <>
                    <TaskProgress progress={task.progress} />
                    <Button variant="default" onClick={cancelTask} data-testid="cancel-task">{t('workspace.cancel')}</Button>
                  </>
                ) : (
                  <Button
                    size="lg"
                    radius="xl"
                    fullWidth
                    disabled={!canConvert}
                    onClick={convert}
                    data-testid="convert-button"
                  >
                    {task.phase === 'failed' ? t('workspace.tryAgain') : (heading?.convertLabel ?? t(`tools.${tool.pageName}.convert`))}
                  </Button>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
      <PasswordDialog disabled={running} />
      <PayDialog />
      <GuestLimitDialog />
    </Box>
  );
}

/** The file list also takes files dropped onto it. */
function FileArea({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const { dragging, handlers } = useFileDrop(onFiles);
  return (
    <div className={classes.fileArea} data-dragging={dragging || undefined} {...handlers}>
      {children}
    </div>
  );
}
