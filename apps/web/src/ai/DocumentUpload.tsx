import { aiLimits } from '@pagewright/contracts';
import { Alert, Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconFileText } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatNumber } from '../i18n/format';
import { showToast } from '../toasts/toastStore';
import { errorMessage } from '../toasts/errorToast';
import { useFileDrop } from '../workspace/useFileDrop';
import type { AnalysisState, FileRefusal } from './useDocumentAnalysis';
import dropClasses from '../workspace/DropZone.module.css';

/**
 * The document step of an AI page: a drop zone for one PDF, then its upload and analysis
 * (SPEC §4 AI status) with their progress, or the catalogue message of what went wrong.
 */
export function DocumentUpload({ state, onFile, onCancel }: {
  state: Exclude<AnalysisState, { phase: 'ready' }>;
  onFile: (file: File) => FileRefusal | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);

  const choose = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    const refusal = onFile(file);
    if (refusal?.kind === 'notPdf') showToast(t('workspace.rejected', { name: file.name, extensions: 'PDF' }));
    else if (refusal?.kind === 'tooLarge') showToast(t('limits.tooLarge', { name: file.name, size: formatFileSize(refusal.maximum) }));
  };
  const { dragging, handlers } = useFileDrop(choose);

  const picker = (
    <input
      ref={input}
      type="file"
      hidden
      accept=".pdf,application/pdf"
      data-testid="ai-file-input"
      onChange={(event) => {
        choose(Array.from(event.currentTarget.files ?? []));
        event.currentTarget.value = '';
      }}
    />
  );

  if (state.phase === 'idle') {
    return (
      <div className={dropClasses.zone} data-dragging={dragging || undefined} data-testid="ai-drop-zone" {...handlers}>
        {picker}
        <Stack align="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" color="violet" aria-hidden="true">
            <IconCloudUpload size={40} stroke={1.5} />
          </ThemeIcon>
          <Text fw={700} fz={{ base: 'lg', sm: 22 }} ta="center">
            {dragging ? t('workspace.dropActive') : t('ai.upload.drop')}
          </Text>
          <Text c="dimmed" fz="sm">{t('workspace.dropOr')}</Text>
          <Button size="lg" radius="xl" onClick={() => input.current?.click()} data-testid="ai-choose-file">
            {t('ai.upload.choose')}
          </Button>
          <Text c="dimmed" fz="xs" ta="center">{t('ai.upload.hint', { pages: aiLimits.pageLimit })}</Text>
        </Stack>
      </div>
    );
  }

  if (state.phase === 'failed') {
    return (
      <Stack gap="md">
        {picker}
        <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />} title={state.name} data-testid="ai-analysis-error" data-code={String(state.code)}>
          <Text fz="sm" mb="md">{errorMessage(state.code)}</Text>
          <Button variant="white" color="dark" size="sm" onClick={() => input.current?.click()}>{t('ai.upload.another')}</Button>
        </Alert>
      </Stack>
    );
  }

  const info = state.phase === 'analysing' ? state.info : null;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="ai-analysis" data-phase={state.phase} aria-live="polite">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="violet" radius="md" aria-hidden="true"><IconFileText size={18} /></ThemeIcon>
          <Text fw={600} truncate style={{ minWidth: 0 }}>{state.name}</Text>
        </Group>
        {state.phase === 'uploading' ? (
          <>
            <Progress value={state.progress * 100} radius="xl" aria-label={t('ai.upload.uploading')} />
            <Text fz="sm" c="dimmed">
              {t('ai.upload.uploading')} {formatNumber(state.progress, undefined, { style: 'percent' })}
            </Text>
          </>
        ) : (
          <>
            <Progress value={100} striped animated radius="xl" color="violet" aria-label={t('ai.upload.analysing')} />
            <Text fz="sm" c="dimmed">
              {info && info.total_page > 0
                ? t('ai.upload.analysingPages', { count: info.total_page })
                : t('ai.upload.analysing')}
            </Text>
            {info?.ocr && <Text fz="xs" c="dimmed">{t('ai.upload.ocr')}</Text>}
          </>
        )}
        <Group>
          <Button variant="default" size="xs" onClick={onCancel} data-testid="ai-upload-cancel">{t('workspace.cancel')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
