import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { Workspace } from '../../workspace/Workspace';
import type { CreateFileTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf } from '../shared/readyFile';

const extractImages = toolByPageName('extract-images-from-pdf') as ToolDefinition;

const createFileTask: CreateFileTask = (file, multiId, signal) =>
  startTool('extractImages', { file_id: fileIdOf(file), multi_id: multiId, password: passwordOf(file) }, signal);

/** Extract images (SPEC §7 POST extract_images): a zip of each file's images. */
export default function ExtractImagesPage() {
  const { t } = useTranslation();
  return (
    <Workspace
      tool={extractImages}
      createFileTask={createFileTask}
      sidePanel={<PanelTitle title={t('extractImages.panelTitle')} hint={t('extractImages.hint')} />}
    />
  );
}
