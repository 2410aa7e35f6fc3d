import { aiLimits, type AiProviderName, type ChatLanguage, type ChatRecord, type Citation } from '@pagewright/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCanceled, toApiError, type ApiErrorCode } from '../api/ApiError';
import { handleLimitRefusal } from '../limits/uploadLimits';
import { showErrorToast } from '../toasts/errorToast';
import { cancelStream, newRecordId, streamChat, voteAnswer, type Vote } from './aiApi';
import type { AiProgressEvent } from './aiStream';

/** One question and its answer as the chat shows it, streaming or kept. */
export interface ChatTurn {
  key: string;
  recordId: string | null;
  question: string;
  answer: string;
  citations: Citation[];
  provider: AiProviderName | null;
  upvote: number;
  regenerations: number;
  cancelled: boolean;
  streaming: boolean;
  errorCode: ApiErrorCode | null;
}

let nextKey = 1;

export function turnOf(record: ChatRecord): ChatTurn {
  return {
    key: record.record_id,
    recordId: record.record_id,
    question: record.question,
    answer: record.answer,
    citations: record.citations,
    provider: record.provider,
    upvote: record.upvote,
    regenerations: record.regenerations,
    cancelled: record.cancelled,
    streaming: false,
    errorCode: null,
  };
}

/** SPEC §4: an answer is regenerated at most 5 times. */
export function canRegenerate(turn: ChatTurn): boolean {
  return turn.recordId !== null && turn.regenerations < aiLimits.chatRefreshMax;
}

/**
 * The chat of a conversation: questions answered token by token over the chat stream, a stop
 * that aborts the stream and cancels it on the server, regeneration (at most 5 times) and
 * votes. `onConversation` hears of the conversation the server made for a first question.
 */
export function useChat({ fileId, conversationId, lang, onConversation, onAnswered }: {
  fileId: string | null;
  conversationId: string | null;
  lang: ChatLanguage;
  onConversation: (conversationId: string) => void;
  onAnswered: () => void;
}) {
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const running = useRef<{ controller: AbortController; key: string; recordId: string | null } | null>(null);
  // The stream's callbacks read the latest values, not the ones of the render that started it.
  const latest = useRef({ fileId, conversationId, lang, onConversation, onAnswered });
  latest.current = { fileId, conversationId, lang, onConversation, onAnswered };

  useEffect(() => () => running.current?.controller.abort(), []);

  const update = useCallback((key: string, change: Partial<ChatTurn> | ((turn: ChatTurn) => Partial<ChatTurn>)) => {
    setTurns((list) => list.map((turn) => (turn.key === key ? { ...turn, ...(typeof change === 'function' ? change(turn) : change) } : turn)));
  }, []);

  const run = useCallback(async (key: string, question: string, regenerateOf: string | null) => {
    const { fileId: file, conversationId: conversation, lang: language } = latest.current;
    if (running.current) return;
    if (!file) {
      update(key, { streaming: false, errorCode: 90001 });
      return;
    }
    const controller = new AbortController();
    const current = { controller, key, recordId: regenerateOf };
    running.current = current;
    const onEvent = (event: AiProgressEvent) => {
      if (event.type === 'start') {
        current.recordId = event.record_id;
        update(key, { recordId: event.record_id, provider: event.provider });
        if (event.conversation_id && event.conversation_id !== latest.current.conversationId) latest.current.onConversation(event.conversation_id);
      } else if (event.type === 'token') {
        update(key, (turn) => ({ answer: turn.answer + event.text }));
      } else if (event.type === 'citations') {
        update(key, { citations: event.citations });
      } else {
        update(key, (turn) => ({ cancelled: event.cancelled, regenerations: regenerateOf ? turn.regenerations + 1 : turn.regenerations }));
      }
    };
    try {
      if (!regenerateOf && conversation) {
        // A record id before the stream starts, so that a stop at once still reaches the server.
        current.recordId = await newRecordId(conversation, controller.signal).catch((error: unknown) => {
          if (isCanceled(error)) throw error;
          return null;
        });
      }
      await streamChat({
        file_id: file,
        question,
        lang: language,
        ...(conversation ? { conversation_id: conversation } : {}),
        ...(current.recordId ? { record_id: current.recordId } : {}),
        ...(regenerateOf ? { regenerate: true } : {}),
      }, { signal: controller.signal, onEvent });
      latest.current.onAnswered();
    } catch (error) {
      if (isCanceled(error)) {
        update(key, { cancelled: true });
      } else {
        handleLimitRefusal(error);
        update(key, { errorCode: toApiError(error).code });
      }
    } finally {
      update(key, { streaming: false });
      if (running.current === current) running.current = null;
    }
  }, [update]);

  const ask = useCallback((question: string) => {
    const text = question.trim();
    if (text === '' || running.current) return;
    const key = `t${nextKey++}`;
    setTurns((list) => [...list, {
      key, recordId: null, question: text, answer: '', citations: [], provider: null, upvote: 0,
      regenerations: 0, cancelled: false, streaming: true, errorCode: null,
    }]);
    void run(key, text, null);
  }, [run]);

  const regenerate = useCallback((turn: ChatTurn) => {
    if (!canRegenerate(turn) || running.current || !turn.recordId) return;
    update(turn.key, { answer: '', citations: [], cancelled: false, errorCode: null, streaming: true, upvote: 0 });
    void run(turn.key, turn.question, turn.recordId);
  }, [run, update]);

  /** Stops the answer being written: the request is aborted and the server told to stop it. */
  const stop = useCallback(() => {
    const current = running.current;
    if (!current) return;
    current.controller.abort();
    if (current.recordId) cancelStream(current.recordId).catch(() => undefined);
  }, []);

  const vote = useCallback((turn: ChatTurn, value: Vote) => {
    if (!turn.recordId) return;
    const next: Vote = turn.upvote === value ? 0 : value;
    const before = turn.upvote;
    update(turn.key, { upvote: next });
    voteAnswer(turn.recordId, next).catch((error: unknown) => {
      update(turn.key, { upvote: before });
      showErrorToast(error);
    });
  }, [update]);

  /** Shows the records of a conversation opened from the list (its history). */
  const load = useCallback((records: ChatRecord[]) => {
    running.current?.controller.abort();
    setTurns(records.map(turnOf));
  }, []);

  const reset = useCallback(() => load([]), [load]);

  const streaming = turns.some((turn) => turn.streaming);
  return { turns, streaming, ask, regenerate, stop, vote, load, reset };
}
