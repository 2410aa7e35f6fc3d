import { ActionIcon, Button, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { checkBound } from '../shared/validation';

const splitPdf = toolByPageName('split-pdf') as ToolDefinition;

type Mode = 'ranges' | 'every' | 'each';
interface RangeRow { id: number; from: number | string; to: number | string }

let nextRowId = 1;
const row = (from: number | string, to: number | string): RangeRow => ({ id: nextRowId++, from, to });

/** The errors of one range row: each bound within 1..pages, and from not after to. */
function rowErrors(range: RangeRow, total: number): { from: string | null; to: string | null } {
  const from = checkBound(range.from, 1, total);
  const to = checkBound(range.to, typeof range.from === 'number' && from === null ? range.from : 1, total);
  return { from, to };
}

/** Split PDF (SPEC §7 POST split): by page ranges, into single pages, or every n pages. */
export default function SplitPdfPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const total = file?.ossInfo?.total_page ?? 1;
  const [mode, setMode] = useState<Mode>('ranges');
  const [rows, setRows] = useState<RangeRow[]>(() => [row(1, 1)]);
  const [n, setN] = useState<number | string>(1);

  const errors = rows.map((range) => rowErrors(range, total));
  const nError = checkBound(n, 1, total);
  const valid = mode === 'every'
    || (mode === 'each' && nError === null)
    || (mode === 'ranges' && rows.length > 0 && errors.every((e) => e.from === null && e.to === null));
  const show = (message: string | null) => message;

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    return startTool('split', {
      file_id: fileIdOf(target),
      mode,
      ...(mode === 'ranges' ? { ranges: rows.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`)).join(',') } : {}),
      ...(mode === 'each' ? { n: Number(n) } : {}),
      password: passwordOf(target),
    }, signal);
  };

  const update = (id: number, patch: Partial<RangeRow>) => setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('split.panelTitle')} hint={file ? t('split.documentPages', { count: total }) : undefined} />
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => setMode(value as Mode)}
        disabled={running}
        data={[
          { value: 'ranges', label: t('split.modeRanges') },
          { value: 'every', label: t('split.modeEvery') },
          { value: 'each', label: t('split.modeEach') },
        ]}
        data-testid="split-mode"
      />
      {mode === 'ranges' && (
        <Stack gap="xs">
          {rows.map((range, index) => (
            <Group key={range.id} gap="xs" align="flex-start" wrap="nowrap" data-testid="split-range">
              <Text fz="sm" fw={600} w={20} mt={8}>{index + 1}</Text>
              <NumberInput
                aria-label={t('split.from', { index: index + 1 })}
                placeholder={t('split.fromPlaceholder')}
                value={range.from}
                onChange={(value) => update(range.id, { from: value })}
                min={1}
                max={total}
                allowDecimal={false}
                clampBehavior="none"
                error={show(errors[index]?.from ?? null)}
                disabled={running}
                data-testid="split-from"
              />
              <NumberInput
                aria-label={t('split.to', { index: index + 1 })}
                placeholder={t('split.toPlaceholder')}
                value={range.to}
                onChange={(value) => update(range.id, { to: value })}
                min={1}
                max={total}
                allowDecimal={false}
                clampBehavior="none"
                error={show(errors[index]?.to ?? null)}
                disabled={running}
                data-testid="split-to"
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={4}
                onClick={() => setRows((all) => all.filter((r) => r.id !== range.id))}
                disabled={running || rows.length === 1}
                aria-label={t('split.removeRange', { index: index + 1 })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              const last = rows.at(-1);
              const start = typeof last?.to === 'number' ? Math.min(last.to + 1, total) : 1;
              setRows((all) => [...all, row(start, total)]);
            }}
            disabled={running}
            data-testid="split-add-range"
          >
            {t('split.addRange')}
          </Button>
          <Text fz="xs" c="dimmed">{t('split.rangesHint')}</Text>
        </Stack>
      )}
      {mode === 'every' && <Text fz="sm" data-testid="split-summary">{t('split.everyHint', { count: total })}</Text>}
      {mode === 'each' && (
        <NumberInput
          label={t('split.eachLabel')}
          value={n}
          onChange={setN}
          min={1}
          max={total}
          allowDecimal={false}
          clampBehavior="none"
          error={show(nError)}
          disabled={running}
          data-testid="split-n"
        />
      )}
    </Stack>
  );

  return (
    <Workspace
      tool={splitPdf}
      createTask={createTask}
      sidePanel={panel}
      convertDisabled={!valid}
    />
  );
}
