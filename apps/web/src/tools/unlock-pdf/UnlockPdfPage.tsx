import { Alert, Stack, Text } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { startTool } from '../../api/client';
import { errorMessage } from '../../toasts/errorToast';
import { Workspace } from '../../workspace/Workspace';
import type { CreateFileTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, useReadyFiles } from '../shared/readyFile';

const unlockPdf = toolByPageName('unlock-pdf') as ToolDefinition;

/**
 * A file opened without a password is not protected: it gets the catalogue's NOT_PROTECTED
 * message instead of a task (SPEC §5), while the other files of the batch are unlocked.
 */
const createFileTask: CreateFileTask = (file, multiId, signal) => {
  if (!file.password) return Promise.reject(new ApiError('NOT_PROTECTED'));
  return startTool('decode', { file_id: fileIdOf(file), password: file.password, multi_id: multiId }, signal);
};

/** Unlock PDF (SPEC §7 POST decode): the password dialog asks each file's password. */
export default function UnlockPdfPage() {
  const { t } = useTranslation();
  const ready = useReadyFiles();
  const open = ready.filter((file) => !file.password);
  return (
    <Workspace
      tool={unlockPdf}
      createFileTask={createFileTask}
      sidePanel={(
        <Stack gap="sm">
          <PanelTitle title={t('unlock.panelTitle')} hint={t('unlock.hint')} />
          {open.length > 0 && (
            <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} p="xs" data-testid="not-protected">
              <Text fz="sm">{errorMessage('NOT_PROTECTED')}</Text>
              {ready.length > 1 && <Text fz="xs" mt={4}>{open.map((file) => file.name).join(', ')}</Text>}
            </Alert>
          )}
        </Stack>
      )}
    />
  );
}
