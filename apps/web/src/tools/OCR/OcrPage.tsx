import { SegmentedControl, Stack, Text } from '@mantine/core';
import { OcrPremiumMark } from '../../limits/PremiumMark';
import { toolByPageName, type OcrLanguage, type ToolDefinition } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { LanguagePicker, languageError } from '../shared/LanguagePicker';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf } from '../shared/readyFile';

const ocr = toolByPageName('OCR') as ToolDefinition;
type OutputFormat = 'pdf' | 'txt' | 'docx';

/** OCR (SPEC §7 POST image_ocr): scanned PDFs and images to searchable PDF or text. */
export default function OcrPage() {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [languages, setLanguages] = useState<OcrLanguage[]>(['eng']);
  const [format, setFormat] = useState<OutputFormat>('pdf');
  const error = languageError(languages);

  const createTask: CreateTask = (files, signal) => startTool('imageOcr', {
    file_ids: files.map(fileIdOf),
    languages,
    output_format: format,
  }, signal);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('ocr.panelTitle')} hint={t('ocr.hint')} />
      <OcrPremiumMark />
      <LanguagePicker value={languages} onChange={setLanguages} error={error} disabled={running} />
      <div>
        <Text fz="sm" fw={500} mb={6}>{t('ocr.output')}</Text>
        {/* One choice a line: side by side, "Word (DOCX)" ran past a 300 px panel. */}
        <SegmentedControl
          fullWidth
          orientation="vertical"
          value={format}
          onChange={(value) => setFormat(value as OutputFormat)}
          disabled={running}
          data={[
            { value: 'pdf', label: t('ocr.outputPdf') },
            { value: 'txt', label: t('ocr.outputTxt') },
            { value: 'docx', label: t('ocr.outputDocx') },
          ]}
          data-testid="ocr-format"
        />
      </div>
    </Stack>
  );

  return <Workspace tool={ocr} createTask={createTask} sidePanel={panel} validate={() => error === null} />;
}
