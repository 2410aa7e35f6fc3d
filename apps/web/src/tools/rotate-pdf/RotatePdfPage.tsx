import { SegmentedControl, Stack, Text } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { IconRotate, IconRotateClockwise } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { PageScope, type PageScopeValue } from '../shared/PageScope';
import { PageThumbs } from '../shared/PageThumbs';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { checkPageRanges } from '../shared/validation';
import { useValidation } from '../../workspace/useValidation';

const rotatePdf = toolByPageName('rotate-pdf') as ToolDefinition;
type Angle = 90 | 180 | 270;

/** Rotate PDF (SPEC §7 POST document/rotate): every page or the pages of a range. */
export default function RotatePdfPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const total = file?.ossInfo?.total_page ?? 1;
  const [angle, setAngle] = useState<Angle>(90);
  const [scope, setScope] = useState<PageScopeValue>({ all: true, ranges: '' });
  const { checked, validated } = useValidation();
  const range = scope.all ? null : checkPageRanges(scope.ranges, total);
  const rangeError = range && !range.ok ? range.message : null;
  const turned = new Set(scope.all ? Array.from({ length: total }, (_, i) => i + 1) : range?.ok ? range.pages : []);

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    return startTool('rotate', {
      file_id: fileIdOf(target),
      angle,
      ...(scope.all ? {} : { pages: scope.ranges.replace(/\s+/g, '') }),
      password: passwordOf(target),
    }, signal);
  };

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('rotate.panelTitle')} />
      <SegmentedControl
        fullWidth
        value={String(angle)}
        onChange={(value) => setAngle(Number(value) as Angle)}
        disabled={running}
        data={[
          { value: '90', label: <Text span fz="sm"><IconRotateClockwise size={14} /> {t('rotate.right')}</Text> },
          { value: '180', label: t('rotate.half') },
          { value: '270', label: <Text span fz="sm"><IconRotate size={14} /> {t('rotate.left')}</Text> },
        ]}
        data-testid="rotate-angle"
      />
      <PageScope value={scope} onChange={setScope} error={checked || scope.ranges !== '' ? rangeError : null} disabled={running} />
    </Stack>
  );

  const editor = file ? (
    <PageThumbs fileId={fileIdOf(file)} password={passwordOf(file)} total={total} selected={turned} rotation={angle} />
  ) : null;

  return (
    <Workspace
      tool={rotatePdf}
      createTask={createTask}
      sidePanel={panel}
      editor={editor}
      validate={() => validated(rangeError === null)}
    />
  );
}
