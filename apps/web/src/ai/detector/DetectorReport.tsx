import type { DetectorAccuracy, DetectorCharacters, DetectorResult } from '@pagewright/contracts';
import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { sentenceShade } from './highlight';

function percent(value: number): string {
  return formatNumber(Math.round(value * 100));
}

/**
 * The detector's result (SPEC §3): the overall probability, each sentence highlighted with its
 * score, the signals used, the characters this check took and what is left of the month, the
 * measured accuracy and the reminder that none of it is proof.
 */
export function DetectorReport({ result, characters }: { result: DetectorResult; characters: DetectorCharacters | null }) {
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
        <Text fz="sm" data-testid="detector-remain">
          {t('aiDetector.checked', { count: result.total, formatted: formatNumber(result.total) })}
          {' · '}
          {characters
            ? t('aiDetector.remainOfTotal', { remain: formatNumber(result.remain), total: formatNumber(characters.total) })
            : t('aiDetector.remain', { remain: formatNumber(result.remain) })}
        </Text>
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
export function AccuracyNote({ accuracy, testId }: { accuracy: DetectorAccuracy; testId: string }) {
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
