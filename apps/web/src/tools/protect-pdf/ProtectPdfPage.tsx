import { PasswordInput, Stack } from '@mantine/core';
import { PROTECT_PASSWORD_MAX, PROTECT_PASSWORD_MIN, toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { errorMessage } from '../../toasts/errorToast';
import { Workspace } from '../../workspace/Workspace';
import type { CreateFileTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf } from '../shared/readyFile';
import { useValidation } from '../../workspace/useValidation';

const protectPdf = toolByPageName('protect-pdf') as ToolDefinition;

/** SPEC §5: a protect password has 6 to 20 characters. */
export function protectPasswordError(password: string): string | null {
  const length = [...password].length;
  return length < PROTECT_PASSWORD_MIN || length > PROTECT_PASSWORD_MAX ? errorMessage('PASSWORD_LENGTH') : null;
}

/** Protect PDF (SPEC §7 POST encrypt): the same new password on every file. */
export default function ProtectPdfPage() {
  const { t } = useTranslation();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { checked, validated } = useValidation();
  const error = protectPasswordError(password);
  const repeatError = error === null && repeat !== password ? t('protect.mismatch') : null;

  const createFileTask: CreateFileTask = (file, multiId, signal) => startTool('encrypt', {
    file_id: fileIdOf(file),
    new_password: password,
    multi_id: multiId,
    password: passwordOf(file),
  }, signal);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('protect.panelTitle')} hint={t('protect.hint')} />
      <PasswordInput
        label={t('protect.password')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={checked || password !== '' ? error : null}
        disabled={running}
        autoComplete="new-password"
        data-testid="protect-password"
      />
      <PasswordInput
        label={t('protect.repeat')}
        value={repeat}
        onChange={(event) => setRepeat(event.currentTarget.value)}
        error={checked || repeat !== '' ? repeatError : null}
        disabled={running}
        autoComplete="new-password"
        data-testid="protect-repeat"
      />
    </Stack>
  );

  return (
    <Workspace
      tool={protectPdf}
      createFileTask={createFileTask}
      sidePanel={panel}
      validate={() => validated(error === null && repeatError === null)}
    />
  );
}
