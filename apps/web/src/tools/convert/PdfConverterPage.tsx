import { Stack, Text, ThemeIcon } from '@mantine/core';
import {
  converterSourceExtensions, mimeTypesFor, toolByPageName, type ToolDefinition, type ToolPageName,
} from '@pagewright/contracts';
import { IconFileArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateFileTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { useReadyFiles } from '../shared/readyFile';
import { FromPdfOptions } from './ConversionOptions';
import { choiceErrors, converterBody, fromPdfFormats, initialChoice, type ConversionChoice } from './conversion';
import { startTool } from '../../api/client';
import { useValidation } from '../../workspace/useValidation';

const sourceExtensions = ['pdf', ...converterSourceExtensions];

/**
 * /app/pdf-converter is an /app page of SPEC §2, not a row of the tool table; the workspace
 * reads a tool definition, so the page describes itself as one. Its name binds the file list
 * to this page alone (the list is emptied when another page is opened), which is all the file
 * store does with it; the header and button texts come from the page's own strings.
 */
const pdfConverter: ToolDefinition = {
  ...(toolByPageName('pdf-to-word') as ToolDefinition),
  pageName: 'pdf-converter' as ToolPageName,
  title: 'PDF Converter',
  sourceExtensions,
  targetExtension: '',
  acceptedMimeTypes: mimeTypesFor(sourceExtensions),
};

/**
 * The general converter (SPEC §2 pdf-converter: decrypt, extension check): PDFs go to the chosen
 * format, every other supported document to PDF; one task per file, several results as a zip.
 */
export default function PdfConverterPage() {
  const { t } = useTranslation();
  const title = t('features.pdf-converter.title');
  useDocumentTitle(title);
  const running = useFileStore((state) => state.task.phase === 'running');
  const ready = useReadyFiles();
  const [choice, setChoice] = useState<ConversionChoice>(() => initialChoice('docx'));
  const { checked, validated } = useValidation();
  const pdfs = ready.filter((file) => file.name.toLowerCase().endsWith('.pdf')).length;
  const documents = ready.length - pdfs;

  const createFileTask: CreateFileTask = (file, multiId, signal) => startTool('converter', converterBody(file, choice, multiId), signal);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('convert.panelTitle')} hint={t('convert.converterHint')} />
      {(pdfs > 0 || ready.length === 0) && (
        <FromPdfOptions value={choice} onChange={setChoice} formats={fromPdfFormats} disabled={running} showErrors={checked} />
      )}
      {documents > 0 && <Text fz="sm" c="dimmed" data-testid="convert-documents-note">{t('convert.documentsToPdf', { count: documents })}</Text>}
    </Stack>
  );

  return (
    <Workspace
      tool={pdfConverter}
      heading={{
        icon: <ThemeIcon size={52} radius="md" variant="light" color="teal" aria-hidden="true"><IconFileArrowRight size={30} stroke={1.7} /></ThemeIcon>,
        title,
        description: t('features.pdf-converter.description'),
        convertLabel: t('convert.convert'),
      }}
      createFileTask={createFileTask}
      sidePanel={panel}
      validate={() => validated(pdfs === 0 || choiceErrors(choice) === null)}
    />
  );
}
