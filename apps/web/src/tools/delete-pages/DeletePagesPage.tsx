import { Stack, Text, TextInput } from '@mantine/core';
import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTool } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { PageThumbs } from '../shared/PageThumbs';
import { PanelTitle } from '../shared/PanelTitle';
import { rangesOf } from '../shared/pageSet';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { checkPageRanges } from '../shared/validation';
import { useValidation } from '../../workspace/useValidation';

const deletePages = toolByPageName('delete-pages') as ToolDefinition;

/** Delete PDF pages (SPEC §7 POST extract_page with delete_pages). */
export default function DeletePagesPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const total = file?.ossInfo?.total_page ?? 1;
  const [ranges, setRanges] = useState('');
  const { checked, validated } = useValidation();
  const check = checkPageRanges(ranges, total);
  const error = !check.ok ? check.message : check.pages.length >= total ? t('deletePages.notAll') : null;
  const marked = new Set(check.ok ? check.pages : []);
  const toggle = (page: number) => {
    const next = new Set(marked);
    if (next.has(page)) next.delete(page);
    else next.add(page);
    setRanges(rangesOf(next));
  };

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    return startTool('extractPage', { file_id: fileIdOf(target), delete_pages: ranges.replace(/\s+/g, ''), password: passwordOf(target) }, signal);
  };

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('deletePages.panelTitle')} hint={file ? t('deletePages.documentPages', { count: total }) : undefined} />
      <TextInput
        label={t('deletePages.label')}
        placeholder={t('pageScope.placeholder')}
        value={ranges}
        onChange={(event) => setRanges(event.currentTarget.value)}
        error={checked || ranges !== '' ? error : null}
        disabled={running}
        data-testid="page-ranges"
      />
      {check.ok && error === null && (
        <Text fz="sm" data-testid="delete-summary">
          {t('deletePages.summary', { deleted: check.pages.length, kept: total - check.pages.length })}
        </Text>
      )}
    </Stack>
  );

  const editor = file ? (
    <Stack gap="xs">
      <Text fz="sm" c="dimmed">{t('deletePages.pickHint')}</Text>
      <PageThumbs fileId={fileIdOf(file)} password={passwordOf(file)} total={total} selected={marked} onToggle={toggle} tone="delete" disabled={running} />
    </Stack>
  ) : null;

  return (
    <Workspace
      tool={deletePages}
      createTask={createTask}
      sidePanel={panel}
      editor={editor}
      validate={() => validated(error === null)}
    />
  );
}
