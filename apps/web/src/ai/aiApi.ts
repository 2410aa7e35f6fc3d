/**
 * The AI calls of SPEC §7 (chat with a PDF, AI read), one function per call, each a `call` of
 * an `aiRoutes` declaration or, for the streaming routes, a `readAiStream` of one. The AI pages
 * talk to the server only through here. Every AI call carries the pricing group's policy_name.
 */
import {
  aiRoutes,
  type AiFileInfo,
  type AiSummary,
  type ChatLanguage,
  type ConversationDetail,
  type ConversationPreview,
  type ConversationSummary,
  type Note,
  type PricingGroup,
} from '@pagewright/contracts';
import type { z } from 'zod';
import { useAccountStore } from '../account/accountStore';
import { call } from '../api/http';
import { readAiStream, type AiDoneEvent, type StreamOptions } from './aiStream';

/** SPEC §1: the AI policy sent to the server is the pricing group's. */
function policyName(): PricingGroup {
  return useAccountStore.getState().group;
}

/** Query keys, per account; every AI query starts with 'ai'. */
export function aiKeysOf(userId: string) {
  return {
    conversations: ['ai', userId, 'conversations'] as const,
    conversation: (conversationId: string) => ['ai', userId, 'conversation', conversationId] as const,
    summary: (fileId: string) => ['ai', userId, 'summary', fileId] as const,
    notes: (conversationId: string) => ['ai', userId, 'notes', conversationId] as const,
    sharedConversation: (code: string) => ['ai', userId, 'shared', code] as const,
  };
}
export type AiKeys = ReturnType<typeof aiKeysOf>;

/** A server time stamp as a date, whether it counts seconds or milliseconds. */
export function timestampDate(value: number): Date {
  return new Date(value < 1e12 ? value * 1000 : value);
}

/** Binds an uploaded PDF to the AI service; its analysis starts (SPEC §4 status analyses). */
export async function bindDocument(fileId: string, signal?: AbortSignal): Promise<AiFileInfo> {
  const { files } = await call(aiRoutes.bind, { body: { file_ids: [fileId] } }, { signal });
  const [info] = files;
  if (!info) throw new Error('file/bind answered without the file');
  return info;
}

export function getAiFileInfo(fileId: string, signal?: AbortSignal): Promise<AiFileInfo> {
  return call(aiRoutes.fileInfo, { body: { file_id: fileId } }, { signal });
}

export function getSummary(fileId: string, lang: ChatLanguage, signal?: AbortSignal): Promise<AiSummary> {
  return call(aiRoutes.summary, { body: { file_id: fileId, lang, policy_name: policyName() } }, { signal });
}

type Body<R extends { body?: z.ZodType | undefined }> = z.input<NonNullable<R['body']>>;

export type ChatQuestion = Omit<Body<typeof aiRoutes.chatStream>, 'policy_name'>;
export type CompletionAsk = Omit<Body<typeof aiRoutes.completionStream>, 'policy_name'>;
export type SummaryAsk = Omit<Body<typeof aiRoutes.summaryStream>, 'policy_name'>;

/** A chat question (or the regeneration of an answer), answered as a stream and kept in its conversation. */
export function streamChat(body: ChatQuestion, options: StreamOptions): Promise<AiDoneEvent | null> {
  return readAiStream(aiRoutes.chatStream, { ...body, policy_name: policyName() }, options);
}

/** AI read: summarize, explain or rewrite text, or ask a question, as a stream. */
export function streamCompletion(body: CompletionAsk, options: StreamOptions): Promise<AiDoneEvent | null> {
  return readAiStream(aiRoutes.completionStream, { ...body, policy_name: policyName() }, options);
}

/** AI read: the summary of the document or of some of its pages, as a stream. */
export function streamSummary(body: SummaryAsk, options: StreamOptions): Promise<AiDoneEvent | null> {
  return readAiStream(aiRoutes.summaryStream, { ...body, policy_name: policyName() }, options);
}

/** Stops the stream of a record on the server; what was written is kept. */
export async function cancelStream(recordId: string): Promise<void> {
  await call(aiRoutes.streamCancel, { query: { record_id: recordId } });
}

export async function listConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  return (await call(aiRoutes.conversationList, { query: {} }, { signal })).conversations;
}

export function getConversation(conversationId: string, signal?: AbortSignal): Promise<ConversationDetail> {
  return call(aiRoutes.conversationDetail, { query: { conversation_id: conversationId } }, { signal });
}

/** A record id for the next question, so its stream can be cancelled before it starts. */
export async function newRecordId(conversationId: string, signal?: AbortSignal): Promise<string> {
  return (await call(aiRoutes.conversationRecordId, { query: { conversation_id: conversationId } }, { signal })).record_id;
}

export async function pinConversation(conversationId: string, top: boolean): Promise<void> {
  await call(aiRoutes.conversationTop, { body: { conversation_id: conversationId, top } });
}

export async function renameConversation(conversationId: string, title: string): Promise<void> {
  await call(aiRoutes.conversationEdit, { body: { conversation_id: conversationId, title } });
}

export async function deleteConversation(conversationId: string): Promise<void> {
  await call(aiRoutes.conversationDelete, { body: { conversation_id: conversationId } });
}

/** The read-only link of a conversation, absolute. */
export async function shareConversation(conversationId: string): Promise<string> {
  const { share_url: url } = await call(aiRoutes.conversationShare, { body: { conversation_id: conversationId } });
  return new URL(url, window.location.origin).href;
}

export function previewSharedConversation(shareCode: string, signal?: AbortSignal): Promise<ConversationPreview> {
  return call(aiRoutes.conversationSharePreview, { query: { share_code: shareCode } }, { signal });
}

/** Keeps the answer language of a conversation. */
export async function syncLanguage(conversationId: string, lang: ChatLanguage): Promise<void> {
  await call(aiRoutes.conversationSync, { body: { conversation_id: conversationId, lang } });
}

export type Vote = 1 | 0 | -1;

export async function voteAnswer(recordId: string, vote: Vote): Promise<void> {
  await call(aiRoutes.conversationUpvote, { body: { record_id: recordId, vote } });
}

export async function listNotes(conversationId: string, signal?: AbortSignal): Promise<Note[]> {
  return (await call(aiRoutes.noteList, { query: { conversation_id: conversationId } }, { signal })).notes;
}

export function addNote(note: { conversationId: string; content: string; recordId?: string | undefined; page?: number | undefined }): Promise<Note> {
  return call(aiRoutes.noteAdd, {
    body: {
      conversation_id: note.conversationId,
      content: note.content,
      ...(note.recordId ? { record_id: note.recordId } : {}),
      ...(note.page ? { page: note.page } : {}),
    },
  });
}

export async function deleteNote(noteId: string): Promise<void> {
  await call(aiRoutes.noteDelete, { body: { note_id: noteId } });
}
