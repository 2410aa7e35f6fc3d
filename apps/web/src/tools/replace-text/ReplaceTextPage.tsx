import { Checkbox, Stack, TextInput } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { isValidRegex } from '../shared/validation';
import { useValidation } from '../../workspace/useValidation';

const replaceText = toolByPageName('replace-text') as ToolDefinition;

/** Replace text (SPEC §7 POST document/replacetext). */
export default function ReplaceTextPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [regex, setRegex] = useState(false);
  const [caseSensitive, setCaseSensitive] = useState(true);
  const { checked, validated } = useValidation();
  const findError = find === '' ? t('replaceText.findRequired') : regex && !isValidRegex(find) ? t('replaceText.badRegex') : null;

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    return startTool('replaceText', {
      file_id: fileIdOf(target),
      find,
      replace,
      regex,
      case_sensitive: caseSensitive,
      passwd: passwordOf(target),
    }, signal);
  };

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('replaceText.panelTitle')} hint={t('replaceText.hint')} />
      <TextInput
        label={t('replaceText.find')}
        value={find}
        onChange={(event) => setFind(event.currentTarget.value)}
        error={checked || find !== '' ? findError : null}
        disabled={running}
        data-testid="replace-find"
      />
      <TextInput
        label={t('replaceText.replace')}
        value={replace}
        onChange={(event) => setReplace(event.currentTarget.value)}
        disabled={running}
        data-testid="replace-with"
      />
      <Checkbox label={t('replaceText.regex')} checked={regex} onChange={(event) => setRegex(event.currentTarget.checked)} disabled={running} data-testid="replace-regex" />
      <Checkbox label={t('replaceText.caseSensitive')} checked={caseSensitive} onChange={(event) => setCaseSensitive(event.currentTarget.checked)} disabled={running} data-testid="replace-case" />
    </Stack>
  );

  return (
    <Workspace
      tool={replaceText}
      createTask={createTask}
      sidePanel={panel}
      validate={() => validated(findError === null)}
    />
  );
}
