import type { AiFileInfo, ChatLanguage } from '@pagewright/contracts';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api/ApiError';
import { handleLimitRefusal } from '../limits/uploadLimits';
import { errorMessage } from '../toasts/errorToast';
import { getSummary } from './aiApi';
import { AnswerText, ProviderBadge } from './AnswerText';
import type { CitationTarget } from './citations';
import { useAiKeys } from './useAiKeys';
import classes from './ai.module.css';

/**
 * The summary card of an analysed document (SPEC §3 AI summary): the summary with the page of
 * each sentence, keywords, the outline (an entry opens its page) and three suggested questions
 * (one is asked when clicked).
 */
export function SummaryCard({ info, lang, onCite, onAsk }: {
  info: AiFileInfo;
  lang: ChatLanguage;
  onCite: (target: CitationTarget) => void;
  onAsk?: ((question: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const keys = useAiKeys();
  // One summary per document: changing the answer language later does not write it again.
  const summary = useQuery({
    queryKey: keys.summary(info.file_id),
    queryFn: ({ signal }) => getSummary(info.file_id, lang, signal),
    staleTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (summary.error) handleLimitRefusal(summary.error);
  }, [summary.error]);

  if (summary.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" data-testid="summary-loading" aria-busy="true">
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">{t('ai.summary.loading')}</Text>
          <Skeleton h={14} />
          <Skeleton h={14} />
          <Skeleton h={14} w="70%" />
        </Stack>
      </Paper>
    );
  }
  if (summary.isError) {
    return (
      <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />} data-testid="summary-error">
        <Text fz="sm" mb="sm">{errorMessage(toApiError(summary.error).code)}</Text>
        <Button size="xs" variant="white" color="dark" onClick={() => void summary.refetch()}>{t('workspace.tryAgain')}</Button>
      </Alert>
    );
  }

  const data = summary.data;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="summary-card">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg">{t('ai.summary.title')}</Title>
          <ProviderBadge provider={data.provider} />
        </Group>
        {data.message !== '' && (
          <Alert variant="light" color="blue" radius="md" icon={<IconInfoCircle size={18} />} data-testid="summary-message">
            <Text fz="sm">{data.message}</Text>
          </Alert>
        )}
        {info.ocr && <Text fz="xs" c="dimmed">{t('ai.upload.ocr')}</Text>}
        {data.sentences.length > 0 ? (
          <Text component="div" fz="sm" className={classes.answerText} data-testid="summary-text">
            {data.sentences.map((sentence, i) => (
              <Fragment key={i}>
                {i > 0 && ' '}
                {sentence.text}
                <button
                  type="button"
                  className={classes.chip}
                  onClick={() => onCite({ page: sentence.page, rects: [], quotes: [sentence.text] })}
                  title={t('ai.citation.open', { page: sentence.page })}
                  data-testid="citation-chip"
                  data-page={sentence.page}
                >
                  [{t('ai.citation.label', { page: sentence.page })}]
                </button>
              </Fragment>
            ))}
          </Text>
        ) : (
          <AnswerText text={data.summary} citations={[]} onCite={onCite} testId="summary-text" />
        )}

        {data.keywords.length > 0 && (
          <Stack gap={6}>
            <Title order={3} fz="sm">{t('ai.summary.keywords')}</Title>
            <Group gap={6} data-testid="summary-keywords">
              {data.keywords.map((keyword) => <Badge key={keyword} variant="light" color="violet" radius="sm" tt="none">{keyword}</Badge>)}
            </Group>
          </Stack>
        )}

        {data.outlines.length > 0 && (
          <Stack gap={4}>
            <Title order={3} fz="sm">{t('ai.summary.outline')}</Title>
            <nav aria-label={t('ai.summary.outline')} data-testid="summary-outline">
              {data.outlines.map((entry, i) => (
                <UnstyledButton
                  key={i}
                  className={classes.outlineEntry}
                  style={{ paddingInlineStart: 8 + (entry.level - 1) * 14 }}
                  onClick={() => onCite({ page: entry.page, rects: [], quotes: [] })}
                  data-testid="outline-entry"
                  data-page={entry.page}
                >
                  <span>{entry.title}</span>
                  <Text span fz="xs" c="dimmed">{t('ai.citation.label', { page: entry.page })}</Text>
                </UnstyledButton>
              ))}
            </nav>
          </Stack>
        )}

        {onAsk && data.questions.length > 0 && (
          <Stack gap={6}>
            <Title order={3} fz="sm">{t('ai.summary.questions')}</Title>
            {data.questions.slice(0, 3).map((question) => (
              <Button
                key={question}
                variant="light"
                color="violet"
                justify="flex-start"
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                onClick={() => onAsk(question)}
                data-testid="suggested-question"
              >
                {question}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
