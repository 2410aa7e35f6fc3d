import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { BoxOverlay } from '../shared/BoxOverlay';
import { PagedPreview, defaultPageSize, usePreviewPage } from '../shared/PagedPreview';
import type { PageSize } from '../shared/PagePreview';
import { PageScope, type PageScopeValue } from '../shared/PageScope';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { checkCropPageRanges } from '../shared/validation';
import type { Rect } from '../shared/geometry';
import { useValidation } from '../../workspace/useValidation';

const cropPdf = toolByPageName('crop-pdf') as ToolDefinition;

/** SPEC §3, §9: the kept box is at least 50 points wide and high. */
export const MIN_CROP_BOX = 50;

export interface Margins { l: number; r: number; t: number; b: number }

export function marginsToRect(m: Margins, page: PageSize): Rect {
  return { x: m.l, y: m.t, w: page.w - m.l - m.r, h: page.h - m.t - m.b };
}

export function rectToMargins(rect: Rect, page: PageSize): Margins {
  const r = (v: number) => Math.max(0, Math.round(v * 10) / 10);
  return { l: r(rect.x), t: r(rect.y), r: r(page.w - rect.x - rect.w), b: r(page.h - rect.y - rect.h) };
}

/** Crop PDF (SPEC §7 POST document/cut): margins in points, set by numbers or by the box. */
export default function CropPdfPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const total = file?.ossInfo?.total_page ?? 1;
  const [margins, setMargins] = useState<Margins>({ l: 0, r: 0, t: 0, b: 0 });
  const [scope, setScope] = useState<PageScopeValue>({ all: true, ranges: '' });
  const { page, setPage, documentId } = usePreviewPage(file);
  const [measured, setMeasured] = useState<PageSize | null>(null);
  const { checked, validated } = useValidation();
  // A new document (single upload replaces the file) starts without the old one's marks.
  useEffect(() => {
    setMeasured(null);
  }, [documentId]);
  const onSize = useCallback((size: PageSize) => setMeasured(size), []);
  const pageSize: PageSize = measured ?? defaultPageSize(file);
  const box = marginsToRect(margins, pageSize);
  const boxError = box.w < MIN_CROP_BOX || box.h < MIN_CROP_BOX ? t('crop.boxTooSmall', { min: MIN_CROP_BOX }) : null;
  const range = scope.all ? null : checkCropPageRanges(scope.ranges, total);
  const rangeError = range && !range.ok ? range.message : null;

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    return startTool('crop', {
      file_id: fileIdOf(target),
      ...margins,
      ...(scope.all ? {} : { pages: scope.ranges.replace(/\s+/g, '') }),
      password: passwordOf(target),
    }, signal);
  };

  const marginInput = (side: keyof Margins) => (
    <NumberInput
      label={t(`crop.margins.${side}`)}
      value={margins[side]}
      onChange={(value) => setMargins((m) => ({ ...m, [side]: typeof value === 'number' && value >= 0 ? value : 0 }))}
      min={0}
      decimalScale={1}
      suffix=" pt"
      disabled={running}
      data-testid={`crop-${side}`}
    />
  );

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('crop.panelTitle')} hint={t('crop.hint')} />
      <SimpleGrid cols={2} spacing="xs">
        {marginInput('l')}
        {marginInput('r')}
        {marginInput('t')}
        {marginInput('b')}
      </SimpleGrid>
      {boxError && (checked || margins.l + margins.r + margins.t + margins.b > 0) && (
        <Text fz="sm" c="red.7" data-testid="crop-box-error">{boxError}</Text>
      )}
      <Text fz="xs" c="dimmed" data-testid="crop-box-size">
        {t('crop.boxSize', { w: Math.round(box.w), h: Math.round(box.h) })}
      </Text>
      <PageScope value={scope} onChange={setScope} error={checked || scope.ranges !== '' ? rangeError : null} disabled={running} />
    </Stack>
  );

  const editor = file ? (
    <PagedPreview file={file} page={page} onPageChange={setPage} onSize={onSize}>
      {(size) => (
        <BoxOverlay
          page={size}
          kind="crop"
          minSize={MIN_CROP_BOX}
          boxes={[{ id: 'crop', rect: marginsToRect(margins, size), label: t('crop.boxLabel') }]}
          onChange={(_, rect) => !running && setMargins(rectToMargins(rect, size))}
        />
      )}
    </PagedPreview>
  ) : null;

  return (
    <Workspace
      tool={cropPdf}
      createTask={createTask}
      sidePanel={panel}
      editor={editor}
      validate={() => validated(boxError === null && rangeError === null)}
    />
  );
}
