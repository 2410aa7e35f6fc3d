import { Alert, Stack, Text } from '@mantine/core';
import { IMAGE_BATCH_RECOMMENDED, type ToolDefinition } from '@pagewright/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { removeFile } from '../../../files/fileProcessing';
import { useFileStore } from '../../../files/fileStore';
import { errorMessage } from '../../../toasts/errorToast';
import { showToast } from '../../../toasts/toastStore';
import { Workspace } from '../../../workspace/Workspace';
import type { CreateFileTask } from '../../../workspace/taskRun';
import { fileIdOf } from '../readyFile';
import { ImageThumbs } from './ImageThumbs';
import { isTooLarge, overBatchRecommendation } from './imageChecks';
import { startTool, type ToolOptions } from '../../../api/client';

export interface ImageWorkspaceProps {
  tool: ToolDefinition;
  /** The images_process fields of the page's options; file_ids and multi_id are added per file. */
  request: Omit<ToolOptions<'imagesProcess'>, 'file_ids' | 'multi_id'>;
  sidePanel: ReactNode;
  /** Replaces the thumbnails under the file list (crop-image's box editor). */
  editor?: ReactNode;
  /** A CSS transform the thumbnails preview (rotate-image). */
  thumbTransform?: string;
  validate?: () => boolean;
  convertDisabled?: boolean;
  resultExtra?: ReactNode;
}

/**
 * The workspace every image page shares (SPEC §7 images_process): a batch of one task per
 * image under one multi_id, results zipped; thumbnails of the picked images; files above
 * 20 MB removed before they upload; a notice above the recommended batch of 20.
 */
export function ImageWorkspace(props: ImageWorkspaceProps) {
  const { tool, request, sidePanel, editor, thumbTransform, validate, convertDisabled, resultExtra } = props;
  const { t } = useTranslation();
  const files = useFileStore((state) => state.files);
  useOversizeGuard();

  const createFileTask: CreateFileTask = (file, multiId, signal) =>
    startTool('imagesProcess', { ...request, file_ids: [fileIdOf(file)], multi_id: multiId }, signal);

  const panel = (
    <Stack gap="md">
      {overBatchRecommendation(files.length) && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} p="xs" data-testid="images-batch-notice">
          <Text fz="sm">{t('images.batchNotice', { count: files.length, max: IMAGE_BATCH_RECOMMENDED })}</Text>
        </Alert>
      )}
      {sidePanel}
    </Stack>
  );

  return (
    <Workspace
      tool={tool}
      createFileTask={createFileTask}
      sidePanel={panel}
      editor={editor ?? <ImageThumbs files={files} {...(thumbTransform ? { transform: thumbTransform } : {})} />}
      {...(validate ? { validate } : {})}
      {...(convertDisabled !== undefined ? { convertDisabled } : {})}
      {...(resultExtra ? { resultExtra } : {})}
    />
  );
}

/**
 * Removes every image above 20 MB the moment it joins the list (SPEC §5 image size
 * interception). The store notifies synchronously as files are added, before their uploads
 * start, so such a file never leaves the browser.
 */
function useOversizeGuard(): void {
  const { t } = useTranslation();
  useEffect(() => useFileStore.subscribe((state, previous) => {
    if (state.files.length <= previous.files.length) return;
    const known = new Set(previous.files.map((file) => file.uid));
    for (const file of state.files) {
      if (known.has(file.uid) || !isTooLarge(file.size)) continue;
      removeFile(file.uid);
      showToast(t('images.tooLarge', { name: file.name, message: errorMessage('IMAGE_TOO_LARGE') }), 'warning');
    }
  }), [t]);
}
