import { Badge, Button, Checkbox, Group, Stack, TagsInput, Text } from '@mantine/core';
import { toolByPageName, type RedactionBox, type ToolDefinition } from '@pagewright/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startRedaction } from '../../api/client';
import { useFileStore } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { BoxOverlay } from '../shared/BoxOverlay';
import { roundRect, type Rect } from '../shared/geometry';
import { PagedPreview, usePreviewPage } from '../shared/PagedPreview';
import { PanelTitle } from '../shared/PanelTitle';
import { fileIdOf, passwordOf, useReadyFile } from '../shared/readyFile';
import { isValidRegex } from '../shared/validation';
import { useValidation } from '../../workspace/useValidation';

const redactPdf = toolByPageName('redact-pdf') as ToolDefinition;

interface DrawnBox { id: string; page: number; rect: Rect }

let nextBoxId = 1;

/**
 * Redact PDF (SPEC §7 POST document/redaction): boxes drawn on the pages and search terms
 * (plain or regular expressions) are blacked out and their content removed.
 */
export default function RedactPdfPage() {
  const { t } = useTranslation();
  const file = useReadyFile();
  const running = useFileStore((state) => state.task.phase === 'running');
  const { page, setPage, documentId } = usePreviewPage(file);
  const [boxes, setBoxes] = useState<DrawnBox[]>([]);
  const [selected, setSelected] = useState<string | undefined>();
  const [terms, setTerms] = useState<string[]>([]);
  const [regex, setRegex] = useState(false);
  const [caseSensitive, setCaseSensitive] = useState(false);
  const { checked, validated } = useValidation();
  // A new document (single upload replaces the file) starts without the old one's marks.
  useEffect(() => {
    setBoxes([]);
  }, [documentId]);
  const badTerms = regex ? terms.filter((term) => !isValidRegex(term)) : [];
  const error = boxes.length === 0 && terms.length === 0
    ? t('redact.nothing')
    : badTerms.length > 0 ? t('redact.badRegex', { terms: badTerms.join(', ') }) : null;

  const createTask: CreateTask = ([first], signal) => {
    const target = first ?? file;
    if (!target) throw new Error('no file');
    const requestBoxes: RedactionBox[] = boxes.map(({ page: p, rect }) => ({ page: p, ...roundRect(rect) }));
    return startRedaction(fileIdOf(target), passwordOf(target), {
      boxes: requestBoxes,
      search: terms,
      regex,
      case_sensitive: caseSensitive,
    }, signal);
  };

  const removeBox = (id: string) => setBoxes((all) => all.filter((box) => box.id !== id));
  const onPage = boxes.filter((box) => box.page === page);

  const panel = (
    <Stack gap="md">
      <PanelTitle title={t('redact.panelTitle')} hint={t('redact.hint')} />
      <TagsInput
        label={t('redact.terms')}
        description={t('redact.termsHint')}
        value={terms}
        onChange={setTerms}
        splitChars={[]}
        clearable
        disabled={running}
        data-testid="redact-terms"
      />
      <Checkbox label={t('redact.regex')} checked={regex} onChange={(event) => setRegex(event.currentTarget.checked)} disabled={running} data-testid="redact-regex" />
      <Checkbox label={t('redact.caseSensitive')} checked={caseSensitive} onChange={(event) => setCaseSensitive(event.currentTarget.checked)} disabled={running} data-testid="redact-case" />
      <Group justify="space-between">
        <Text fz="sm" data-testid="redact-box-count">{t('redact.boxCount', { count: boxes.length })}</Text>
        {boxes.length > 0 && (
          <Button variant="subtle" size="xs" color="red" leftSection={<IconTrash size={14} />} onClick={() => setBoxes([])} disabled={running}>
            {t('redact.clearBoxes')}
          </Button>
        )}
      </Group>
      {checked && error && <Text fz="sm" c="red.7" data-testid="redact-error">{error}</Text>}
    </Stack>
  );

  const header = (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">{t('redact.drawHint')}</Text>
      {onPage.length > 0 && <Badge variant="light">{t('redact.onPage', { count: onPage.length })}</Badge>}
    </Group>
  );

  const editor = file ? (
    <PagedPreview file={file} page={page} onPageChange={setPage} header={header}>
      {(size) => (
        <BoxOverlay
          page={size}
          kind="redact"
          minSize={4}
          boxes={onPage.map((box, index) => ({ id: box.id, rect: box.rect, label: t('redact.boxLabel', { index: index + 1 }) }))}
          selectedId={selected}
          onSelect={setSelected}
          onChange={(id, rect) => !running && setBoxes((all) => all.map((box) => (box.id === id ? { ...box, rect } : box)))}
          onDraw={running ? undefined : (rect) => {
            const id = `b${nextBoxId++}`;
            setBoxes((all) => [...all, { id, page, rect }]);
            setSelected(id);
          }}
          onRemove={running ? undefined : removeBox}
          removeLabel={(box) => t('redact.removeBox', { label: box.label })}
        />
      )}
    </PagedPreview>
  ) : null;

  return (
    <Workspace
      tool={redactPdf}
      createTask={createTask}
      sidePanel={panel}
      editor={editor}
      validate={() => validated(error === null)}
    />
  );
}
