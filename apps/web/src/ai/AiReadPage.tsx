import { aiLimits, completionRequest, type AiAction, type AiFileInfo, type AiProviderName, type ChatLanguage, type Citation } from '@pagewright/contracts';
import {
  Alert, Box, Button, Group, Paper, Radio, SegmentedControl, Stack, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { IconFileText, IconPlayerStopFilled, IconTextCaption } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isCanceled, toApiError, type ApiErrorCode } from '../api/ApiError';
import { formatNumber } from '../i18n/format';
import { handleLimitRefusal } from '../limits/uploadLimits';
import { errorMessage } from '../toasts/errorToast';
import { checkPageRanges } from '../tools/shared/validation';
import { cancelStream, streamCompletion, streamSummary } from './aiApi';
import type { AiDoneEvent, AiProgressEvent, StreamOptions } from './aiStream';
import { AiPageFrame } from './AiPageFrame';
import { AnswerText, ProviderBadge } from './AnswerText';
import { ChatLanguageSelect } from './ChatLanguageSelect';
import { defaultChatLanguage } from './chatLanguage';
import type { CitationTarget } from './citations';
import { CitationViewer } from './CitationViewer';
import { DocumentUpload } from './DocumentUpload';
import { aiTextProblem, characterBound, countCharacters } from './textRules';
import { useDocumentAnalysis } from './useDocumentAnalysis';
import classes from './ai.module.css';

const actions: readonly AiAction[] = ['summarize', 'explain', 'rewrite', 'ask'];
type SummaryScope = 'document' | 'pages' | 'text';
/** The longest text the completion call takes (contracts completionRequest). */
const textMax = completionRequest.shape.text.maxLength ?? undefined;
const twoPaneQuery = '(min-width: 62em)';

/** /app/ai-read: summarize, explain, rewrite or ask about an analysed PDF (SPEC §1, §2, §5). */
export default function AiReadPage() {
  return (
    <AiPageFrame name="ai-read">
      <ReadWorkspace />
    </AiPageFrame>
  );
}

function ReadWorkspace() {
  const { t, i18n } = useTranslation();
  const analysis = useDocumentAnalysis('AIRead');
  const [lang, setLang] = useState<ChatLanguage>(() => defaultChatLanguage(i18n.language));
  const [target, setTarget] = useState<CitationTarget | null>(null);
  const viewer = useRef<HTMLDivElement>(null);
  const info = analysis.state.phase === 'ready' ? analysis.state.info : null;

  const cite = (next: CitationTarget) => {
    setTarget(next);
    if (!window.matchMedia(twoPaneQuery).matches) viewer.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        {info ? (
          <Group gap="xs" wrap="nowrap" miw={0} data-testid="read-document">
            <IconFileText size={18} aria-hidden="true" />
            <Text fw={600} truncate miw={0}>{info.file_name}</Text>
            <Text fz="sm" c="dimmed" style={{ flex: 'none' }}>{t('workspace.pages', { count: info.total_page })}</Text>
            <Button variant="subtle" size="xs" onClick={analysis.reset} data-testid="read-new">{t('ai.upload.another')}</Button>
          </Group>
        ) : <span />}
        <ChatLanguageSelect value={lang} onChange={setLang} />
      </Group>
      {analysis.state.phase !== 'ready' ? (
        <DocumentUpload state={analysis.state} onFile={analysis.upload} onCancel={analysis.reset} />
      ) : info && (
        <div className={classes.panes} data-panes={2}>
          <ReadActions key={info.file_id} info={info} lang={lang} onCite={cite} />
          <Box ref={viewer} className={classes.docPane}>
            <CitationViewer
              fileId={info.file_id}
              totalPages={info.total_page}
              target={target ?? { page: 1, rects: [], quotes: [] }}
              onPage={(page) => setTarget({ page, rects: [], quotes: [] })}
            />
          </Box>
        </div>
      )}
    </Stack>
  );
}

interface ReadResult {
  key: string;
  action: AiAction;
  /** What was asked: the pages summarized, the start of the text, or the question. */
  subject: string;
  answer: string;
  citations: Citation[];
  provider: AiProviderName | null;
  recordId: string | null;
  streaming: boolean;
  cancelled: boolean;
  errorCode: ApiErrorCode | null;
}

let nextKey = 1;

/** The actions of AI read, the §5 character rules checked before sending, and the answers, newest first. */
function ReadActions({ info, lang, onCite }: { info: AiFileInfo; lang: ChatLanguage; onCite: (target: CitationTarget) => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<AiAction>('summarize');
  const [scope, setScope] = useState<SummaryScope>('document');
  const [pages, setPages] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [results, setResults] = useState<ReadResult[]>([]);
  const running = useRef<{ controller: AbortController; recordId: string | null } | null>(null);
  useEffect(() => () => running.current?.controller.abort(), []);

  const usesText = action !== 'summarize' || scope === 'text';
  const bound = characterBound(action);
  const count = countCharacters(text);
  const streaming = results.some((r) => r.streaming);
  const overBound = bound.kind === 'max' ? count > bound.limit : count > 0 && count < bound.limit;

  const update = (key: string, change: Partial<ReadResult> | ((r: ReadResult) => Partial<ReadResult>)) =>
    setResults((list) => list.map((r) => (r.key === key ? { ...r, ...(typeof change === 'function' ? change(r) : change) } : r)));

  const start = async (subject: string, stream: (options: StreamOptions) => Promise<AiDoneEvent | null>) => {
    const key = `r${nextKey++}`;
    const controller = new AbortController();
    const current = { controller, recordId: null as string | null };
    running.current = current;
    setResults((list) => [{
      key, action, subject, answer: '', citations: [], provider: null, recordId: null, streaming: true, cancelled: false, errorCode: null,
    }, ...list]);
    const onEvent = (event: AiProgressEvent) => {
      if (event.type === 'start') {
        current.recordId = event.record_id;
        update(key, { recordId: event.record_id, provider: event.provider });
      } else if (event.type === 'token') update(key, (r) => ({ answer: r.answer + event.text }));
      else if (event.type === 'citations') update(key, { citations: event.citations });
      else update(key, { cancelled: event.cancelled });
    };
    try {
      await stream({ signal: controller.signal, onEvent });
    } catch (error) {
      if (isCanceled(error)) update(key, { cancelled: true });
      else {
        handleLimitRefusal(error);
        update(key, { errorCode: toApiError(error).code });
      }
    } finally {
      update(key, { streaming: false });
      if (running.current === current) running.current = null;
    }
  };

  const stop = () => {
    const current = running.current;
    if (!current) return;
    current.controller.abort();
    if (current.recordId) cancelStream(current.recordId).catch(() => undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (streaming) return;
    if (!usesText) {
      let range: string | undefined;
      if (scope === 'pages') {
        const check = checkPageRanges(pages, info.total_page);
        if (!check.ok) {
          setProblem(check.message);
          return;
        }
        range = check.ranges.map((r) => (r.from === r.to ? String(r.from) : `${r.from}-${r.to}`)).join(',');
      }
      const subject = range ? t('ai.read.pagesSubject', { pages: range }) : t('ai.read.documentSubject');
      void start(subject, (options) => streamSummary({ file_id: info.file_id, lang, ...(range ? { pages: range } : {}) }, options));
      return;
    }
    // SPEC §5, before any request: 250 characters at least to summarize or rewrite, 2,000 at most to ask or explain.
    const code = aiTextProblem(action, text);
    if (code !== null) {
      setProblem(errorMessage(code));
      return;
    }
    const body = text.trim();
    if (body === '') return;
    const subject = body.length > 90 ? `${body.slice(0, 90)}…` : body;
    void start(subject, (options) => streamCompletion({ file_id: info.file_id, action, text: body, lang }, options));
  };

  /** Text selected anywhere on the page (an answer, a cited passage) goes into the field. */
  const takeSelection = () => {
    const selected = window.getSelection()?.toString().trim() ?? '';
    if (selected === '') {
      setProblem(t('ai.read.noSelection'));
      return;
    }
    setText(textMax ? selected.slice(0, textMax) : selected);
    setProblem(null);
  };

  return (
    <Stack gap="md" miw={0}>
      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={submit} noValidate data-testid="ai-read-form">
          <Stack gap="md">
            <SegmentedControl
              value={action}
              onChange={(value) => {
                const next = actions.find((a) => a === value);
                if (next) setAction(next);
                setProblem(null);
              }}
              data={actions.map((a) => ({ value: a, label: t(`ai.read.actions.${a}`) }))}
              fullWidth
              data-testid="ai-read-action"
            />
            <Text fz="sm" c="dimmed">
              {t(`ai.read.hints.${action}`, { min: formatNumber(aiLimits.textMinCharacters), max: formatNumber(aiLimits.askMaxCharacters) })}
            </Text>
            {action === 'summarize' && (
              <Radio.Group value={scope} onChange={(value) => { setScope(value as SummaryScope); setProblem(null); }} label={t('ai.read.scope')}>
                <Group gap="md" mt={6}>
                  <Radio value="document" label={t('ai.read.scopes.document')} data-testid="scope-document" />
                  <Radio value="pages" label={t('ai.read.scopes.pages')} data-testid="scope-pages" />
                  <Radio value="text" label={t('ai.read.scopes.text')} data-testid="scope-text" />
                </Group>
              </Radio.Group>
            )}
            {action === 'summarize' && scope === 'pages' && (
              <TextInput
                label={t('ai.read.pages')}
                placeholder={t('ai.read.pagesPlaceholder', { total: info.total_page })}
                value={pages}
                onChange={(event) => { setPages(event.currentTarget.value); setProblem(null); }}
                error={problem}
                data-testid="ai-read-pages"
              />
            )}
            {usesText && (
              <Stack gap={4}>
                <Textarea
                  label={action === 'ask' ? t('ai.read.question') : t('ai.read.text')}
                  placeholder={action === 'ask' ? t('ai.chat.placeholder') : t('ai.read.textPlaceholder')}
                  value={text}
                  onChange={(event) => { setText(event.currentTarget.value); setProblem(null); }}
                  autosize
                  minRows={action === 'ask' ? 2 : 5}
                  maxRows={14}
                  maxLength={textMax}
                  error={problem}
                  data-testid="ai-read-text"
                />
                <Group justify="space-between" gap="xs">
                  <Text fz="xs" c={overBound ? 'red.8' : 'dimmed'} data-testid="ai-read-counter" aria-live="polite">
                    {bound.kind === 'max'
                      ? t('ai.counter.max', { count, limit: formatNumber(bound.limit) })
                      : t('ai.counter.min', { count, limit: formatNumber(bound.limit) })}
                  </Text>
                  {action !== 'ask' && (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      leftSection={<IconTextCaption size={14} />}
                      // Keeps the selection: a click would otherwise clear it before it is read.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={takeSelection}
                      data-testid="ai-read-use-selection"
                    >
                      {t('ai.read.useSelection')}
                    </Button>
                  )}
                </Group>
              </Stack>
            )}
            <Group justify="flex-end">
              {streaming ? (
                <Button variant="default" leftSection={<IconPlayerStopFilled size={14} />} onClick={stop} data-testid="ai-read-stop">{t('ai.chat.stop')}</Button>
              ) : (
                <Button type="submit" disabled={usesText && text.trim() === ''} data-testid="ai-read-submit">{t(`ai.read.actions.${action}`)}</Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      {results.map((result) => (
        <Paper key={result.key} withBorder radius="lg" p="lg" data-testid="ai-read-result" data-action={result.action} data-streaming={result.streaming || undefined}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Box miw={0}>
                <Title order={2} fz="md">{t(`ai.read.actions.${result.action}`)}</Title>
                <Text fz="xs" c="dimmed" truncate>{result.subject}</Text>
              </Box>
              {result.provider && <ProviderBadge provider={result.provider} />}
            </Group>
            {result.answer !== '' && <AnswerText text={result.answer} citations={result.citations} onCite={onCite} />}
            {result.streaming && result.answer === '' && <Text fz="sm" c="dimmed">{t('ai.chat.thinking')}</Text>}
            {result.cancelled && !result.streaming && <Text fz="xs" c="dimmed">{t('ai.chat.stopped')}</Text>}
            {result.errorCode !== null && (
              <Alert color="red" variant="light" p="xs" data-testid="answer-error" data-code={String(result.errorCode)}>
                <Text fz="sm">{errorMessage(result.errorCode)}</Text>
              </Alert>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
