import { NumberInput, Select, Stack, Switch } from '@mantine/core';
import { OcrPremiumMark } from '../../limits/PremiumMark';
import { pageSizes, toolByPageName, type OcrLanguage, type ToolDefinition } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { LanguagePicker, languageError } from '../shared/LanguagePicker';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf } from '../shared/readyFile';

const jpgToPdf = toolByPageName('jpg-to-pdf') as ToolDefinition;
type PageSize = (typeof pageSizes)[number];
type Orientation = 'auto' | 'portrait' | 'landscape';

/**
 * JPG to PDF (SPEC §7 POST images_merge_pdf): the images, in list order, one per page. With
 * OCR the task runs in two stages, 0-50 then 50-100 (SPEC §4), which the progress bar shows.
 */
export default function JpgToPdfPage() {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [pageSize, setPageSize] = useState<PageSize>('fit');
  const [orientation, setOrientation] = useState<Orientation>('auto');
  const [margin, setMargin] = useState<number | string>(0);
  const [usingOcr, setUsingOcr] = useState(false);
  const [languages, setLanguages] = useState<OcrLanguage[]>(['eng']);
  const ocrError = usingOcr ? languageError(languages) : null;
  const marginValue = typeof margin === 'number' ? margin : 0;
  const marginError = marginValue < 0 || marginValue > 144 ? t('jpgToPdf.marginRange') : null;

  const createTask: CreateTask = (files, signal) => startTool('imagesMergePdf', {
    file_ids: files.map(fileIdOf),
    page_size: pageSize,
    orientation,
    margin: pageSize === 'fit' ? 0 : marginValue,
    using_ocr: usingOcr,
    languages: usingOcr ? languages : [],
  }, signal);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('jpgToPdf.panelTitle')} hint={t('jpgToPdf.hint')} />
      <Select
        label={t('jpgToPdf.pageSize')}
        value={pageSize}
        onChange={(value) => value && setPageSize(value as PageSize)}
        allowDeselect={false}
        disabled={running}
        data={pageSizes.map((value) => ({ value, label: t(`jpgToPdf.sizes.${value}`) }))}
        data-testid="jpg-page-size"
      />
      {pageSize !== 'fit' && (
        <>
          <Select
            label={t('jpgToPdf.orientation')}
            value={orientation}
            onChange={(value) => value && setOrientation(value as Orientation)}
            allowDeselect={false}
            disabled={running}
            data={(['auto', 'portrait', 'landscape'] as const).map((value) => ({ value, label: t(`jpgToPdf.orientations.${value}`) }))}
            data-testid="jpg-orientation"
          />
          <NumberInput
            label={t('jpgToPdf.margin')}
            value={margin}
            onChange={setMargin}
            min={0}
            max={144}
            suffix=" pt"
            error={marginError}
            disabled={running}
            data-testid="jpg-margin"
          />
        </>
      )}
      <Switch label={t('jpgToPdf.ocr')} description={t('jpgToPdf.ocrHint')} checked={usingOcr} onChange={(event) => setUsingOcr(event.currentTarget.checked)} disabled={running} data-testid="jpg-ocr" />
      <OcrPremiumMark />
      {usingOcr && <LanguagePicker value={languages} onChange={setLanguages} error={ocrError} disabled={running} />}
    </Stack>
  );

  return (
    <Workspace
      tool={jpgToPdf}
      createTask={createTask}
      sidePanel={panel}
      validate={() => ocrError === null && marginError === null}
    />
  );
}
