import { Alert, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { customCompressMaxSize, toolByPageName, type CompressLevel, type ToolDefinition } from '@pagewright/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resultSize, startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { formatFileSize } from '../../i18n/format';
import { errorMessage } from '../../toasts/errorToast';
import { Workspace } from '../../workspace/Workspace';
import type { CreateFileTask, CreateTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFiles } from '../shared/readyFile';
import { useValidation } from '../../workspace/useValidation';

const compressPdf = toolByPageName('compress-pdf') as ToolDefinition;
type Level = CompressLevel | 'custom';
const levels: Level[] = ['high', 'medium', 'low', 'custom'];

/** Custom-size compression: one file under 10 MB (SPEC §5, §9). */
export function customAllowed(files: { size: number }[]): boolean {
  return files.length === 1 && (files[0]?.size ?? Infinity) < customCompressMaxSize;
}

/** Compress PDF (SPEC §7 POST compress): one task per file, the results as one zip. */
export default function CompressPdfPage() {
  const { t } = useTranslation();
  const ready = useReadyFiles();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [level, setLevel] = useState<Level>('medium');
  const [targetKb, setTargetKb] = useState<number | string>('');
  const { checked, validated } = useValidation();
  const custom = level === 'custom';
  const allowed = customAllowed(ready);
  const inputKb = ready[0] ? Math.ceil(ready[0].size / 1024) : 0;
  const targetError = !custom
    ? null
    : !allowed
      ? errorMessage('CUSTOM_COMPRESS_TOO_LARGE')
      : typeof targetKb !== 'number' || targetKb < 1 || !Number.isInteger(targetKb)
        ? t('compress.targetRequired')
        : targetKb >= inputKb
          ? t('compress.targetTooLarge', { size: formatFileSize(ready[0]?.size ?? 0) })
          : null;

  // Custom size is for one file and never part of a batch (the server refuses it with a multi_id).
  const createTask: CreateTask = ([file], signal) => startTool('compress', {
    file_id: file ? fileIdOf(file) : '',
    level: 'custom',
    target_size: Number(targetKb) * 1024,
    password: file ? passwordOf(file) : undefined,
  }, signal);

  const createFileTask: CreateFileTask = (file, multiId, signal) => startTool('compress', {
    file_id: fileIdOf(file),
    level,
    ...(custom ? { target_size: Number(targetKb) * 1024 } : {}),
    multi_id: multiId,
    password: passwordOf(file),
  }, signal);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('compress.panelTitle')} />
      <Radio.Group value={level} onChange={(value) => setLevel(value as Level)}>
        <Stack gap="sm">
          {levels.map((value) => (
            <Radio
              key={value}
              value={value}
              disabled={running}
              label={t(`compress.levels.${value}.label`)}
              description={t(`compress.levels.${value}.description`)}
              data-testid={`compress-level-${value}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {custom && (
        allowed ? (
          <NumberInput
            label={t('compress.targetLabel')}
            description={t('compress.targetHint', { size: formatFileSize(ready[0]?.size ?? 0) })}
            value={targetKb}
            onChange={setTargetKb}
            min={1}
            allowDecimal={false}
            suffix=" KB"
            error={checked || targetKb !== '' ? targetError : null}
            disabled={running}
            data-testid="compress-target"
          />
        ) : (
          <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} p="xs" data-testid="compress-custom-refused">
            <Text fz="sm">{errorMessage('CUSTOM_COMPRESS_TOO_LARGE')}</Text>
          </Alert>
        )
      )}
    </Stack>
  );

  return (
    <Workspace
      tool={compressPdf}
      {...(custom ? { createTask } : { createFileTask })}
      sidePanel={panel}
      validate={() => validated(targetError === null)}
      resultExtra={<CompressSaving />}
    />
  );
}

/** The sizes a compress task reported (task item detail), when it did. */
function reportedSizes(details: (Record<string, unknown> | undefined)[] | undefined): { input: number; output: number } | null {
  if (!details || details.length === 0) return null;
  let input = 0;
  let output = 0;
  for (const detail of details) {
    const inSize = detail?.['input_size'];
    const outSize = detail?.['output_size'];
    if (typeof inSize !== 'number' || typeof outSize !== 'number') return null;
    input += inSize;
    output += outSize;
  }
  return { input, output };
}

/**
 * What the run saved: the sizes the tasks reported, or else the input files' sizes against
 * the results' Content-Length.
 */
function CompressSaving() {
  const { t } = useTranslation();
  const taskIds = useFileStore((state) => state.task.taskIds);
  const details = useFileStore((state) => state.task.details);
  const files = useFileStore((state) => state.files);
  const reported = reportedSizes(details);
  const input = reported?.input ?? files.filter((file) => file.state === 'download').reduce((sum, file) => sum + file.size, 0);
  const [measured, setMeasured] = useState<number | null>(null);
  const output = reported?.output ?? measured;
  const key = reported ? '' : (taskIds ?? []).join(',');

  useEffect(() => {
    if (key === '') return undefined;
    const controller = new AbortController();
    const ids = key === '' ? [] : key.split(',');
    void Promise.all(ids.map((id) => resultSize(id, controller.signal))).then((sizes) => {
      if (controller.signal.aborted || sizes.some((size) => size === undefined)) return;
      setMeasured(sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0));
    });
    return () => controller.abort();
  }, [key]);

  if (output === null || input === 0) return null;
  if (output >= input) {
    return <Text fz="sm" c="orange.8" data-testid="compress-saving" data-saved="0">{t('compress.nothingSaved')}</Text>;
  }
  const percent = Math.round(((input - output) / input) * 100);
  return (
    <Text fz="sm" fw={600} c="teal.8" data-testid="compress-saving" data-saved={input - output}>
      {t('compress.saved', { percent, before: formatFileSize(input), after: formatFileSize(output) })}
    </Text>
  );
}
