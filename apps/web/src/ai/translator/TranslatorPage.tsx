import {
  Alert, Badge, Button, Group, Paper, PasswordInput, Progress, Radio, Select, Skeleton, Stack, Text, ThemeIcon,
} from '@mantine/core';
import { IconCloudUpload, IconDownload, IconFileText, IconLanguage } from '@tabler/icons-react';
import {
  rightToLeftLanguages, translationLayouts, type TaskResult, type TranslationLayoutName, type TranslatorLanguage, type TranslatorLanguagesInfo,
} from '@pagewright/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCanceled, toApiError, type ApiErrorCode } from '../../api/ApiError';
import { downloadDocUrl } from '../../api/client';
import { followTask } from '../../api/taskPoller';
import { uploadFile } from '../../api/upload';
import { handleLimitRefusal } from '../../limits/uploadLimits';
import { errorMessage } from '../../toasts/errorToast';
import { useFileDrop } from '../../workspace/useFileDrop';
import dropClasses from '../../workspace/DropZone.module.css';
import { ProviderBadge } from '../AnswerText';
import { AiPageFrame } from '../AiPageFrame';
import { defaultPair, languageName, sourceLanguages, targetLanguages } from './languagePairs';
import { startTranslation, translatorLanguages } from './translatorApi';

/** /app/ai-translator: a PDF translated with its layout kept, bilingual, or as DOCX (SPEC §1, §2). */
export default function TranslatorPage() {
  return (
    <AiPageFrame name="ai-translator">
      <TranslatorWorkspace />
    </AiPageFrame>
  );
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string }
  | { kind: 'ready'; name: string; fileId: string }
  | { kind: 'translating'; name: string; fileId: string; progress: number }
  | { kind: 'done'; name: string; fileId: string; taskId: string; result: TaskResult };

function TranslatorWorkspace() {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<TranslatorLanguagesInfo | null>(null);
  const [source, setSource] = useState<TranslatorLanguage | null>(null);
  const [target, setTarget] = useState<TranslatorLanguage | null>(null);
  const [layout, setLayout] = useState<TranslationLayoutName>('translated');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<ApiErrorCode | null>(null);
  /** The password of an encrypted PDF, asked once the translation answered 3122 (SPEC §5). */
  const [password, setPassword] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => running.current?.abort(), []);

  useEffect(() => {
    const controller = new AbortController();
    translatorLanguages(controller.signal).then((answer) => {
      setInfo(answer);
      const pair = defaultPair(answer, i18n.language);
      setSource(pair.source);
      setTarget(pair.target);
    }, (err: unknown) => {
      if (!isCanceled(err)) setError(toApiError(err).code);
    });
    return () => controller.abort();
  }, [i18n.language]);

  const fail = (err: unknown, back: Phase) => {
    if (isCanceled(err)) return;
    handleLimitRefusal(err);
    const code = toApiError(err).code;
    setError(code);
    if (code === 3122 || code === 'INCORRECT_PASSWORD') setPassword((current) => current ?? '');
    setPhase(back);
  };

  const choose = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setError(null);
    if (!/\.pdf$/iu.test(file.name)) {
      setError('FILE_TYPE_ERROR');
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPassword(null);
    setPhase({ kind: 'uploading', name: file.name });
    // SPEC §2: the translator uploads to the signed-in user's cloud (forced cloud upload).
    uploadFile(file, { signal: controller.signal, autoOssUpload: true }).then(
      (uploaded) => setPhase({ kind: 'ready', name: file.name, fileId: uploaded.file_id }),
      (err: unknown) => fail(err, { kind: 'idle' }),
    );
  };
  const { dragging, handlers } = useFileDrop(choose);

  const translate = async () => {
    if (phase.kind !== 'ready' && phase.kind !== 'done') return;
    if (!source || !target) return;
    const { name, fileId } = phase;
    setError(null);
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: 'translating', name, fileId, progress: 0 });
    try {
      const body = { file_id: fileId, source_lang: source, target_lang: target, layout, ...(password ? { password } : {}) };
      const { task_id: taskId } = await startTranslation(body, controller.signal);
      const result = await followTask(taskId, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ kind: 'translating', name, fileId, progress }),
      });
      setPhase({ kind: 'done', name, fileId, taskId, result });
    } catch (err) {
      fail(err, { kind: 'ready', name, fileId });
    }
  };

  if (!info) {
    return error !== null ? <ErrorNote code={error} /> : <Skeleton h={160} radius="lg" />;
  }
  const sources = sourceLanguages(info);
  const targets = targetLanguages(info, source);
  const option = (code: TranslatorLanguage) => ({ value: code, label: languageName(code, i18n.language) });
  const busy = phase.kind === 'uploading' || phase.kind === 'translating';

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg" data-testid="translator-engine">
        <Group gap="xs" mb={6}>
          <ProviderBadge provider={info.provider} />
          <Text fz="sm" fw={600}>{info.provider === 'offline' ? t('translator.offlineTitle') : t('translator.endpointTitle', { count: info.languages.length })}</Text>
        </Group>
        {info.provider === 'offline' && (
          info.pairs.length === 0
            ? <Text fz="sm" c="dimmed" data-testid="translator-no-pairs">{t('translator.noPairs')}</Text>
            : (
              <Group gap={6} data-testid="translator-pairs">
                {info.pairs.map((p) => (
                  <Badge key={`${p.source}-${p.target}`} variant="outline" color="gray" radius="sm" tt="none" data-pair={`${p.source}-${p.target}`}>
                    {`${languageName(p.source, i18n.language)} → ${languageName(p.target, i18n.language)}`}
                  </Badge>
                ))}
              </Group>
            )
        )}
      </Paper>

      {phase.kind === 'idle' || phase.kind === 'uploading' ? (
        <div className={dropClasses.zone} data-dragging={dragging || undefined} data-testid="translator-drop-zone" {...handlers}>
          <input
            ref={input}
            type="file"
            hidden
            accept=".pdf,application/pdf"
            data-testid="translator-file-input"
            onChange={(event) => {
              choose(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = '';
            }}
          />
          <Stack align="center" gap="md">
            <ThemeIcon size={72} radius="xl" variant="light" color="violet" aria-hidden="true">
              <IconCloudUpload size={40} stroke={1.5} />
            </ThemeIcon>
            <Text fw={700} fz={{ base: 'lg', sm: 22 }} ta="center">
              {phase.kind === 'uploading' ? t('translator.uploading', { name: phase.name }) : dragging ? t('workspace.dropActive') : t('translator.drop')}
            </Text>
            {phase.kind === 'idle' && (
              <Button size="lg" radius="xl" onClick={() => input.current?.click()} data-testid="translator-choose-file">
                {t('workspace.chooseFiles')}
              </Button>
            )}
          </Stack>
        </div>
      ) : (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Group gap="xs" wrap="nowrap" miw={0} data-testid="translator-document">
              <IconFileText size={18} aria-hidden="true" />
              <Text fw={600} truncate miw={0}>{phase.name}</Text>
              {!busy && (
                <Button variant="subtle" size="xs" onClick={() => setPhase({ kind: 'idle' })} data-testid="translator-another">{t('ai.upload.another')}</Button>
              )}
            </Group>
            <Group grow align="flex-end">
              <Select
                label={t('translator.from')}
                data={sources.map(option)}
                value={source}
                onChange={(value) => {
                  const next = sources.find((code) => code === value) ?? null;
                  setSource(next);
                  const nextTargets = targetLanguages(info, next);
                  if (!target || !nextTargets.includes(target)) setTarget(nextTargets[0] ?? null);
                }}
                searchable
                allowDeselect={false}
                disabled={busy}
                data-testid="translator-source"
              />
              <Select
                label={t('translator.to')}
                data={targets.map(option)}
                value={target}
                onChange={(value) => setTarget(targets.find((code) => code === value) ?? null)}
                searchable
                allowDeselect={false}
                disabled={busy}
                data-testid="translator-target"
              />
            </Group>
            {password !== null && (
              <PasswordInput
                label={t('password.title')}
                placeholder={t('password.label')}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                disabled={busy}
                data-testid="translator-password"
              />
            )}
            {target && rightToLeftLanguages.includes(target) && <Text fz="xs" c="dimmed">{t('translator.rightToLeft')}</Text>}
            <Radio.Group value={layout} onChange={(value) => setLayout(translationLayouts.find((l) => l === value) ?? 'translated')} label={t('translator.layout')}>
              <Stack gap={6} mt={6}>
                {translationLayouts.map((l) => (
                  <Radio key={l} value={l} label={t(`translator.layouts.${l}`)} disabled={busy} data-testid={`translator-layout-${l}`} />
                ))}
              </Stack>
            </Radio.Group>
            {phase.kind === 'translating' ? (
              <Stack gap={4} data-testid="translator-progress">
                <Text fz="sm">{t('translator.translating')}</Text>
                <Progress value={phase.progress} size="lg" radius="xl" striped animated aria-label={t('workspace.progressLabel')} />
              </Stack>
            ) : (
              <Group justify="flex-end">
                <Button leftSection={<IconLanguage size={18} />} onClick={() => void translate()} disabled={!source || !target} data-testid="translator-submit">
                  {t('translator.translate')}
                </Button>
              </Group>
            )}
            {phase.kind === 'done' && <TranslationResult taskId={phase.taskId} result={phase.result} />}
          </Stack>
        </Paper>
      )}
      {error !== null && <ErrorNote code={error} />}
    </Stack>
  );
}

function TranslationResult({ taskId, result }: { taskId: string; result: TaskResult }) {
  const { t } = useTranslation();
  const detail = result.items[0]?.detail ?? {};
  const boxes = typeof detail.boxes === 'number' ? detail.boxes : 0;
  const shrunk = typeof detail.shrunk === 'number' ? detail.shrunk : 0;
  const overflowing = typeof detail.overflowing === 'number' ? detail.overflowing : 0;
  return (
    <Alert color="teal" variant="light" data-testid="translator-result">
      <Stack gap="xs">
        <Text fz="sm" fw={600} data-testid="translator-result-name">{result.output_file_name}</Text>
        {boxes > 0 && <Text fz="xs" c="dimmed">{t('translator.fitted', { boxes, shrunk, overflowing })}</Text>}
        <Group>
          <Button component="a" href={downloadDocUrl(taskId)} download="" leftSection={<IconDownload size={18} />} data-testid="translator-download">
            {t('workspace.download')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ErrorNote({ code }: { code: ApiErrorCode }) {
  return (
    <Alert color="red" variant="light" data-testid="translator-error" data-code={String(code)}>
      <Text fz="sm">{errorMessage(code)}</Text>
    </Alert>
  );
}
