import { aiLimits } from '@pagewright/contracts';
import { ActionIcon, Alert, Box, Button, Group, Loader, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import {
  IconNote, IconPlayerStopFilled, IconRefresh, IconSend, IconThumbDown, IconThumbDownFilled, IconThumbUp, IconThumbUpFilled,
} from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format';
import { errorMessage } from '../toasts/errorToast';
import { AnswerText, ProviderBadge } from './AnswerText';
import type { CitationTarget } from './citations';
import { aiTextProblem, countCharacters } from './textRules';
import { canRegenerate, type ChatTurn, type useChat } from './useChat';
import classes from './ai.module.css';

type Chat = ReturnType<typeof useChat>;

/**
 * The chat of a document: its questions and answers, each answer streamed token by token with
 * its provider and citation chips, regenerate (at most 5 times) and votes; the question box
 * sends on Enter, and Stop ends the answer being written.
 */
export function ChatPanel({ chat, onCite, onAddNote }: {
  chat: Chat;
  onCite: (target: CitationTarget) => void;
  /** Keeps an answer in the conversation's notes; absent before the conversation exists. */
  onAddNote?: ((turn: ChatTurn) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const count = countCharacters(question);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (chat.streaming || question.trim() === '') return;
    const code = aiTextProblem('ask', question);
    if (code !== null) {
      setProblem(errorMessage(code));
      return;
    }
    chat.ask(question);
    setQuestion('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  return (
    <Stack gap="md" data-testid="chat-panel">
      <Stack gap="sm" role="log" aria-label={t('ai.chat.log')} aria-live="polite" data-testid="chat-log">
        {chat.turns.map((turn) => (
          <Turn key={turn.key} turn={turn} chat={chat} onCite={onCite} onAddNote={onAddNote} />
        ))}
      </Stack>
      <form onSubmit={send} noValidate>
        <Stack gap={6}>
          <Textarea
            value={question}
            onChange={(event) => {
              setQuestion(event.currentTarget.value);
              setProblem(null);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('ai.chat.placeholder')}
            aria-label={t('ai.chat.question')}
            autosize
            minRows={2}
            maxRows={8}
            radius="md"
            error={problem}
            data-testid="chat-question"
          />
          <Group justify="space-between" gap="xs">
            <Text fz="xs" c={count > aiLimits.askMaxCharacters ? 'red.8' : 'dimmed'} data-testid="chat-counter">
              {t('ai.counter.max', { count, limit: formatNumber(aiLimits.askMaxCharacters) })}
            </Text>
            {chat.streaming ? (
              <Button variant="default" leftSection={<IconPlayerStopFilled size={14} />} onClick={chat.stop} data-testid="chat-stop">
                {t('ai.chat.stop')}
              </Button>
            ) : (
              <Button type="submit" leftSection={<IconSend size={16} />} disabled={question.trim() === ''} data-testid="chat-send">
                {t('ai.chat.send')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Turn({ turn, chat, onCite, onAddNote }: {
  turn: ChatTurn;
  chat: Chat;
  onCite: (target: CitationTarget) => void;
  onAddNote?: ((turn: ChatTurn) => void) | undefined;
}) {
  const { t } = useTranslation();
  const left = Math.max(0, aiLimits.chatRefreshMax - turn.regenerations);
  return (
    <>
      <Box className={classes.question} data-testid="chat-question-text">{turn.question}</Box>
      <Box className={classes.answer} data-testid="chat-answer" data-streaming={turn.streaming || undefined} data-record={turn.recordId ?? undefined}>
        <Stack gap={8}>
          {turn.answer !== '' && <AnswerText text={turn.answer} citations={turn.citations} onCite={onCite} />}
          {turn.streaming && turn.answer === '' && (
            <Group gap="xs"><Loader size="xs" type="dots" /><Text fz="sm" c="dimmed">{t('ai.chat.thinking')}</Text></Group>
          )}
          {turn.cancelled && !turn.streaming && <Text fz="xs" c="dimmed" data-testid="answer-stopped">{t('ai.chat.stopped')}</Text>}
          {turn.errorCode !== null && (
            <Alert color="red" variant="light" p="xs" data-testid="answer-error" data-code={String(turn.errorCode)}>
              <Text fz="sm">{errorMessage(turn.errorCode)}</Text>
            </Alert>
          )}
          {!turn.streaming && turn.recordId && (
            <Group gap={4} justify="space-between" wrap="wrap">
              {turn.provider ? <ProviderBadge provider={turn.provider} /> : <span />}
              <Group gap={2}>
                <Tooltip label={t('ai.chat.regenerateLeft', { count: left })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => chat.regenerate(turn)}
                    disabled={!canRegenerate(turn) || chat.streaming}
                    aria-label={t('ai.chat.regenerate')}
                    data-testid="answer-regenerate"
                  >
                    <IconRefresh size={16} />
                  </ActionIcon>
                </Tooltip>
                <ActionIcon
                  variant="subtle"
                  color={turn.upvote === 1 ? 'violet' : 'gray'}
                  onClick={() => chat.vote(turn, 1)}
                  aria-label={t('ai.chat.upvote')}
                  aria-pressed={turn.upvote === 1}
                  data-testid="answer-upvote"
                >
                  {turn.upvote === 1 ? <IconThumbUpFilled size={16} /> : <IconThumbUp size={16} />}
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color={turn.upvote === -1 ? 'violet' : 'gray'}
                  onClick={() => chat.vote(turn, -1)}
                  aria-label={t('ai.chat.downvote')}
                  aria-pressed={turn.upvote === -1}
                  data-testid="answer-downvote"
                >
                  {turn.upvote === -1 ? <IconThumbDownFilled size={16} /> : <IconThumbDown size={16} />}
                </ActionIcon>
                {onAddNote && turn.answer !== '' && (
                  <ActionIcon variant="subtle" color="gray" onClick={() => onAddNote(turn)} aria-label={t('ai.notes.keepAnswer')} data-testid="answer-to-note">
                    <IconNote size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          )}
        </Stack>
      </Box>
    </>
  );
}
