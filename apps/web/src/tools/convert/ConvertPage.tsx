import { Stack, Text } from '@mantine/core';
import { toolByPageName, type ToolDefinition, type ToolPageName } from '@pagewright/contracts';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateFileTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { FromPdfOptions } from './ConversionOptions';
import { choiceErrors, converterBody, imageFormats, initialChoice, type ConversionChoice, type FromPdfFormat } from './conversion';
import { startTool } from '../../api/client';
import { useValidation } from '../../workspace/useValidation';

/**
 * One conversion page: the shared workspace with the tool's accepted files, one task per file
 * under a shared multi_id (several results come as one zip), and for pages from PDF the
 * output options and OCR first.
 */
export function ConversionWorkspace({ tool }: { tool: ToolDefinition }) {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const fromPdf = tool.category === 'convertFromPdf';
  const [choice, setChoice] = useState<ConversionChoice>(() => initialChoice(tool.targetExtension as FromPdfFormat));
  const { checked, validated } = useValidation();

  const createFileTask: CreateFileTask = (file, multiId, signal) => startTool('converter', converterBody(file, choice, multiId), signal);

  const panel = fromPdf ? (
    <Stack gap="md">
      <PanelTitle title={t('convert.panelTitle')} hint={t('convert.fromPdfHint')} />
      <FromPdfOptions
        value={choice}
        onChange={setChoice}
        formats={tool.pageName === 'pdf-to-jpg' ? imageFormats : []}
        disabled={running}
        showErrors={checked}
      />
    </Stack>
  ) : (
    <Stack gap="xs">
      <PanelTitle title={t('convert.panelTitle')} />
      <Text fz="sm" c="dimmed" data-testid="convert-to-pdf-hint">{t('convert.toPdfHint')}</Text>
    </Stack>
  );

  return (
    <Workspace
      tool={tool}
      createFileTask={createFileTask}
      sidePanel={panel}
      validate={() => validated(!fromPdf || choiceErrors(choice) === null)}
    />
  );
}

const pages = new Map<ToolPageName, ComponentType>();

/**
 * The page component of one conversion page (a tool whose task kind is the converter), as a lazy module default (ToolPage loads it with
 * `import(...).then((m) => m.conversionPage(name))`). The same component is handed out every
 * time, so React keeps the page's state across renders.
 */
export function conversionPage(name: ToolPageName): { default: ComponentType } {
  let page = pages.get(name);
  if (!page) {
    const tool = toolByPageName(name) as ToolDefinition;
    page = function ConversionPage() {
      return <ConversionWorkspace tool={tool} />;
    };
    page.displayName = `ConversionPage(${name})`;
    pages.set(name, page);
  }
  return { default: page };
}
