import type { AiProviderName, Citation } from '@pagewright/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { pagesWithoutMarker, splitCitations, targetOf, type CitationTarget } from './citations';
import classes from './ai.module.css';

/**
 * An answer's text with each `[p. N]` as a chip that opens the page with the cited passage;
 * cited pages the text does not mark follow as chips under it. Without `onCite` (a shared,
 * read-only conversation) the chips are labels only.
 */
export function AnswerText({ text, citations, onCite, testId = 'answer-text' }: {
  text: string;
  citations: readonly Citation[];
  onCite?: ((target: CitationTarget) => void) | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const chip = (page: number, key: string) => {
    const target = targetOf(page, citations);
    // The visible "[p. N]" is the chip's name; the passage it opens, or the page, is its description.
    const title = target.quotes[0] ?? t('ai.citation.open', { page });
    return onCite ? (
      <button
        key={key}
        type="button"
        className={classes.chip}
        onClick={() => onCite(target)}
        title={title}
        data-testid="citation-chip"
        data-page={page}
      >
        [{t('ai.citation.label', { page })}]
      </button>
    ) : (
      <span key={key} className={classes.chip} title={title} data-testid="citation-chip" data-page={page}>
        [{t('ai.citation.label', { page })}]
      </span>
    );
  };
  const unmarked = pagesWithoutMarker(text, citations);
  return (
    <>
      <Text component="div" fz="sm" className={classes.answerText} data-testid={testId}>
        {splitCitations(text).map((part, i) => (part.kind === 'text'
          ? <Fragment key={i}>{part.text}</Fragment>
          : chip(part.page, `c${i}`)))}
      </Text>
      {unmarked.length > 0 && (
        <Group gap={4} mt={6} aria-label={t('ai.citation.sources')} role="group">
          <Text fz="xs" c="dimmed">{t('ai.citation.sources')}</Text>
          {unmarked.map((page) => chip(page, `s${page}`))}
        </Group>
      )}
    </>
  );
}

/** Which engine wrote an answer (ARCHITECTURE "Offline AI engine"): shown with every answer. */
export function ProviderBadge({ provider }: { provider: AiProviderName }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={provider === 'openai' ? 'violet' : 'gray'} size="sm" radius="sm" data-testid="answer-provider" data-provider={provider}>
      {t(`ai.provider.${provider}`)}
    </Badge>
  );
}
