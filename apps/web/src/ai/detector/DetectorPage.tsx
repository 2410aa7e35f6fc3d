import { detectorMinCharacters, type DetectorAccuracy, type DetectorCharacters, type DetectorResult } from '@pagewright/contracts';
import { Alert, Button, FileButton, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconZoomScan } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/ApiError';
import { formatNumber } from '../../i18n/format';
import { handleLimitRefusal } from '../../limits/uploadLimits';
import { errorMessage } from '../../toasts/errorToast';
import { countCharacters } from '../textRules';
import { detectFile, detectorCharacters, detectText } from './detectorApi';
import { LoginFrame } from './LoginFrame';
import { sentenceShade } from './highlight';

/** /app/ai-detector: the AI-text detector on pasted text or a PDF (SPEC §1, §3, §5). */
export default function DetectorPage() {
  const { t } = useTranslation();
  return (
    <LoginFrame testId="ai-detector" title={t('tools.ai-detector.title')} description={t('tools.ai-detector.description')} icon={<IconZoomScan size={30} stroke={1.7} />}>
      <DetectorWorkspace />
    </LoginFrame>
  );
}

function DetectorWorkspace() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [characters, setCharacters] = useState<DetectorCharacters | null>(null);
  const [result, setResult] = useState<DetectorResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = countCharacters(text);

  useEffect(() => {
    const controller = new AbortController();
    detectorCharacters(controller.signal).then(setCharacters, () => undefined);
    return () => controller.abort();
  }, []);

  const run = async (detect: () => Promise<DetectorResult>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await detect();
      setResult(answer);
      setCharacters((c) => (c ? { ...c, used: c.total - answer.remain } : c));
    } catch (failure) {
      const { toast } = handleLimitRefusal(failure);
      if (toast) setError(errorMessage(toApiError(failure).code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Textarea
            label={t('aiDetector.paste')}
            description={t('aiDetector.intro', { min: formatNumber(detectorMinCharacters) })}
            autosize minRows={8} maxRows={20}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="detector-text"
          />
          <Group justify="space-between">
            <Text fz="sm" c={count < detectorMinCharacters ? 'dimmed' : undefined} data-testid="detector-count">
              {t('aiDetector.count', { count, formatted: formatNumber(count) })}
              {characters && ` · ${t('aiDetector.remaining', { used: formatNumber(characters.used), total: formatNumber(characters.total) })}`}
            </Text>
            <Group>
              <FileButton accept="application/pdf,.pdf" onChange={(file) => file && void run(() => detectFile(file))}>
                {(props) => <Button variant="default" disabled={busy} {...props} data-testid="detector-file">{t('aiDetector.file')}</Button>}
              </FileButton>
              <Button loading={busy} disabled={count < detectorMinCharacters} onClick={() => void run(() => detectText(text))} data-testid="detector-submit">
                {t('aiDetector.detect')}
              </Button>
            </Group>
          </Group>
          {error && <Alert color="red" data-testid="detector-error">{error}</Alert>}
          {characters && !result && <AccuracyNote accuracy={characters.accuracy} testId="detector-accuracy-note" />}
        </Stack>
      </Paper>
      {result && <DetectorReport result={result} />}
    </Stack>
  );
}

function percent(value: number): string {
  return formatNumber(Math.round(value * 100));
}

function DetectorReport({ result }: { result: DetectorResult }) {
  const { t } = useTranslation();
  // The text between sentences (spaces, headings without a full stop) is shown as it is.
  const pieces: Array<{ text: string; sentence?: DetectorResult['sentences'][number] }> = [];
  let at = 0;
  for (const sentence of result.sentences) {
    if (sentence.start > at) pieces.push({ text: result.text.slice(at, sentence.start) });
    pieces.push({ text: result.text.slice(sentence.start, sentence.end), sentence });
    at = sentence.end;
  }
  if (at < result.text.length) pieces.push({ text: result.text.slice(at) });
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="detector-result">
      <Stack gap="md">
        <Title order={2} fz="xl" data-testid="detector-probability">{t('aiDetector.probability', { percent: percent(result.probability) })}</Title>
        <Text>{result.likely_ai ? t('aiDetector.likelyAi') : t('aiDetector.likelyHuman')} {t('aiDetector.perChars', { percent: formatNumber(result.per_chars) })}</Text>
        <Alert color="yellow" data-testid="detector-not-certain">{t('aiDetector.notCertain')}</Alert>
        <Text fz="sm" c="dimmed">{t('aiDetector.legend')}</Text>
        <Text component="div" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }} data-testid="detector-highlights">
          {pieces.map((piece, i) => piece.sentence ? (
            <mark
              key={i}
              data-testid="detector-sentence"
              data-likely-ai={piece.sentence.likely_ai}
              title={t('aiDetector.sentenceScore', { percent: percent(piece.sentence.score) })}
              style={{ background: sentenceShade(piece.sentence.score, piece.sentence.likely_ai), borderRadius: 3, padding: '1px 0' }}
            >
              {piece.text}
            </mark>
          ) : <span key={i}>{piece.text}</span>)}
        </Text>
        <Title order={3} fz="lg">{t('aiDetector.signals')}</Title>
        <Table data-testid="detector-signals">
          <Table.Tbody>
            {result.signals.map((signal) => (
              <Table.Tr key={signal.name}>
                <Table.Td>{t(`aiDetector.signal.${signal.name}`)}</Table.Td>
                <Table.Td>{formatNumber(Math.round(signal.value * 100) / 100)}</Table.Td>
                <Table.Td>{signal.name === 'modelLogProb' ? t('aiDetector.notInProbability') : signal.contribution >= 0 ? t('aiDetector.towardsAi') : t('aiDetector.towardsHuman')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <AccuracyNote accuracy={result.accuracy} testId="detector-accuracy" />
      </Stack>
    </Paper>
  );
}

/** The accuracy measured on the detector's held-out test passages, and what it was measured on. */
function AccuracyNote({ accuracy, testId }: { accuracy: DetectorAccuracy; testId: string }) {
  const { t } = useTranslation();
  return (
    <Text fz="sm" data-testid={testId}>
      {t('aiDetector.accuracy', {
        auc: formatNumber(Math.round(accuracy.auc * 100) / 100),
        fpr: formatNumber(Math.round(accuracy.false_positive_rate * 1000) / 10),
        human: formatNumber(accuracy.human_passages),
        machine: formatNumber(accuracy.machine_passages),
      })}
    </Text>
  );
}
