/**
 * The AI tools of part 1 (SPEC §1, §2, §3, §4, §5, §7, §8, §9): chat with a PDF and AI read
 * (summarize, explain, rewrite, ask). A document is bound to the AI service (`file/bind`), its
 * analysis runs (`/v2/file/info` reports the AI status of §4), then the summary card, the
 * answers and the conversations are served from it. Every answer says which provider wrote it
 * and cites the pages it stands on; the offline provider only ever shows sentences of the
 * document.
 */
import { z } from 'zod';
import { aiLimits } from './limits.js';
import { route } from './route.js';

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'not an id');

/** The 12 chat languages of SPEC §9 the user may ask answers in; `auto` answers in the question's language. */
export const chatLanguages = ['en', 'zh-cn', 'zh-tw', 'ja', 'ko', 'de', 'fr', 'es', 'pt', 'it', 'ru', 'ar'] as const;
export type ChatLanguage = (typeof chatLanguages)[number];
export const chatLanguage = z.enum(chatLanguages);

/** The AI policy of the pricing group (SPEC §1, §7), sent with every AI call. */
export const policyName = z.enum(['control', 'experiment']).default('control');

/** Which engine wrote an answer (ARCHITECTURE "Offline AI engine"): shown with every answer. */
export const aiProviderName = z.enum(['offline', 'openai']);
export type AiProviderName = z.infer<typeof aiProviderName>;

/** SPEC §4 AI status of a bound document. */
export const aiStatus = z.enum(['init', 'uploading', 'analyses', 'success', 'failed']);
export type AiStatus = z.infer<typeof aiStatus>;

/** A rectangle on a page in PDF points, origin at the top left as displayed: [x, y, width, height]. */
export const pageRect = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type PageRect = z.infer<typeof pageRect>;

/**
 * A citation `[p. 4]` of an answer: the page, the document's own sentence it rests on, and
 * where that sentence stands on the page (empty when it could not be located: nothing is
 * highlighted rather than the wrong sentence).
 */
export const citation = z.object({
  page: z.number().int().min(1),
  quote: z.string(),
  rects: z.array(pageRect),
});
export type Citation = z.infer<typeof citation>;

/** An outline entry (SPEC §3 outlines): from the document's own outline, else its heading fonts. */
export const outlineEntry = z.object({
  title: z.string(),
  page: z.number().int().min(1),
  level: z.number().int().min(1),
});
export type OutlineEntry = z.infer<typeof outlineEntry>;

/** A sentence of the summary with the page it comes from. */
export const summarySentence = z.object({ text: z.string(), page: z.number().int().min(1) });

/**
 * A document's text as the AI tools read it: the engine's `documentText` operation writes it
 * (MuPDF, or OCR for scans) and packages/ai chunks and indexes it. Declared here because both
 * read it and neither may import the other.
 */
export interface TextLine {
  text: string;
  /** Page space in PDF points, top-left origin as displayed: [x, y, width, height]. */
  rect: PageRect;
  /** Font size in points (the size most of the line is set in), and whether it is bold (headings). */
  size: number;
  bold: boolean;
}

/** A block (paragraph) of lines in reading order. */
export interface TextBlock {
  lines: TextLine[];
}

export interface DocumentPage {
  /** 1-based. */
  page: number;
  /** The page as displayed (crop box, rotation applied); 0 when it could not be loaded. */
  width: number;
  height: number;
  blocks: TextBlock[];
}

export interface DocumentText {
  /** The document's title (its metadata, when that is a title rather than a file name). */
  title: string | null;
  pages: DocumentPage[];
  /** The document's own outline (bookmarks) for the pages read; empty when it has none. */
  outline: OutlineEntry[];
}

/** SPEC §3 AI summary, with the provider and the citations of its sentences. */
export const aiSummary = z.object({
  file_id: z.string(),
  lang: z.string(),
  /** The summary as one text, citations written `[p. N]`. */
  summary: z.string(),
  /** The summary's sentences with their pages (the offline provider's are the document's own). */
  sentences: z.array(summarySentence),
  keywords: z.array(z.string()),
  outlines: z.array(outlineEntry),
  /** Three suggested questions. */
  questions: z.array(z.string()),
  /** An optional note shown above the card (the chat trial's page limit, for example). */
  message: z.string(),
  /** Tokens this summary counted, the month's total allowance, and what is used of it. */
  per_tokens: z.number().int(),
  total: z.number().int(),
  used: z.number().int(),
  state: aiStatus,
  provider: aiProviderName,
});
export type AiSummary = z.infer<typeof aiSummary>;

/** SPEC §3 tokens info, with the month's questions beside it (§9: 50 free, 500 paid). */
export const tokensInfo = z.object({
  used_tokens: z.number().int(),
  total_tokens: z.number().int(),
  used_questions: z.number().int(),
  total_questions: z.number().int(),
  /** YYYY-MM, UTC. */
  period: z.string(),
  provider: aiProviderName,
});
export type TokensInfo = z.infer<typeof tokensInfo>;

export const bindRequest = z.object({
  file_ids: z.array(id).min(1).max(1),
  password: z.string().max(200).optional(),
});

/** The AI state of one document (`/v2/file/info`, polled every 300 ms for up to 60 s by the page). */
export const aiFileInfo = z.object({
  file_id: z.string(),
  file_name: z.string(),
  state: aiStatus,
  total_page: z.number().int(),
  /** Pages the analysis read: the first 20 in the chat trial, at most 200 (SPEC §9). */
  analysed_pages: z.number().int(),
  /** The document had no text layer and was read by OCR. */
  ocr: z.boolean(),
  /** The catalogue code of a failed analysis (NEED_OCR, 11012, AI_PAGE_LIMIT, ...). */
  error_code: z.union([z.string(), z.number()]).nullable(),
  /** The conversation the chat page opens for this document. */
  conversation_id: z.string().nullable(),
});
export type AiFileInfo = z.infer<typeof aiFileInfo>;

export const bindResponse = z.object({ files: z.array(aiFileInfo) });

export const fileInfoRequest = z.object({ file_id: id });

export const summaryRequest = z.object({
  file_id: id,
  lang: chatLanguage.default('en'),
  policy_name: policyName,
  /** Pages to summarize ("1-3,5"); the whole (analysed) document when absent. */
  pages: z.string().max(200).optional(),
});

/** The AI read actions of SPEC §1 and the chat's own question. */
export const aiAction = z.enum(['ask', 'explain', 'rewrite', 'summarize']);
export type AiAction = z.infer<typeof aiAction>;

/**
 * AI read: an action on selected text (explain, rewrite, summarize) or a question (ask), with
 * the document as context. SPEC §5: summarize and rewrite need at least 250 characters (11005),
 * ask and explain take at most 2,000 (AI_TEXT_TOO_LONG).
 */
export const completionRequest = z.object({
  file_id: id,
  action: aiAction,
  /** The selected text (explain, rewrite, summarize) or the question (ask). */
  text: z.string().max(aiLimits.askMaxCharacters * 10),
  lang: chatLanguage.default('en'),
  policy_name: policyName,
});

export const completion = z.object({
  record_id: z.string(),
  action: aiAction,
  answer: z.string(),
  citations: z.array(citation),
  provider: aiProviderName,
  tokens: z.number().int(),
});
export type Completion = z.infer<typeof completion>;

/** A chat question; a new conversation is made for the document when none is named. */
export const chatRequest = z.object({
  file_id: id,
  conversation_id: id.optional(),
  /** From `/v2/conversation/record-id`, so that the stream can be cancelled by it. */
  record_id: id.optional(),
  question: z.string().trim().min(1).max(aiLimits.askMaxCharacters * 10),
  lang: chatLanguage.default('en'),
  policy_name: policyName,
  /** Regenerates the answer of this record (at most 5 times, SPEC §4) instead of asking anew. */
  regenerate: z.boolean().optional(),
});

/**
 * The events of an AI stream (`text/event-stream`, one JSON object per `data:` line):
 * `start` names the record and provider, `token` carries text as it is written, `citations`
 * the answer's citations, `done` the tokens counted, `error` a catalogue code (the stream ends).
 */
export const aiStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), record_id: z.string(), conversation_id: z.string().nullable(), provider: aiProviderName }),
  z.object({ type: z.literal('token'), text: z.string() }),
  z.object({ type: z.literal('citations'), citations: z.array(citation) }),
  z.object({ type: z.literal('done'), tokens: z.number().int(), cancelled: z.boolean() }),
  z.object({ type: z.literal('error'), code: z.union([z.string(), z.number()]), msg: z.string() }),
]);
export type AiStreamEvent = z.infer<typeof aiStreamEvent>;

/** One question and its answer in a conversation. */
export const chatRecord = z.object({
  record_id: z.string(),
  question: z.string(),
  answer: z.string(),
  citations: z.array(citation),
  provider: aiProviderName,
  /** 1 up, -1 down, 0 none. */
  upvote: z.number().int(),
  /** Times the answer was regenerated (at most 5). */
  regenerations: z.number().int(),
  lang: z.string(),
  cancelled: z.boolean(),
  created_at: z.number().int(),
});
export type ChatRecord = z.infer<typeof chatRecord>;

export const conversationSummary = z.object({
  conversation_id: z.string(),
  title: z.string(),
  file_id: z.string(),
  file_name: z.string(),
  top: z.boolean(),
  lang: chatLanguage,
  updated_at: z.number().int(),
  created_at: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationDetail = conversationSummary.extend({
  records: z.array(chatRecord),
  total_page: z.number().int(),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;

/**
 * A conversation shared as a read-only link. The share gate of SPEC §9: until the owner's
 * shared link is opened by a signed-in visitor, 30 % of the records are readable.
 */
export const conversationPreview = z.object({
  title: z.string(),
  file_name: z.string(),
  records: z.array(chatRecord),
  total_records: z.number().int(),
  locked: z.boolean(),
});
export type ConversationPreview = z.infer<typeof conversationPreview>;

export const note = z.object({
  note_id: z.string(),
  conversation_id: z.string(),
  record_id: z.string().nullable(),
  content: z.string(),
  page: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type Note = z.infer<typeof note>;

const conversationRef = z.object({ conversation_id: id });
const done = z.object({ ok: z.literal(true) });

export const aiRoutes = {
  bind: route({
    method: 'POST', path: '/file/bind', auth: 'user',
    summary: 'Binds an uploaded PDF to the AI service and starts its analysis (SPEC §4: status analyses).',
    body: bindRequest, response: bindResponse,
  }),
  fileInfo: route({
    method: 'POST', path: '/v2/file/info', auth: 'user',
    summary: 'The AI status of a bound document: analyses, success or failed with its code.',
    body: fileInfoRequest, response: aiFileInfo,
  }),
  summary: route({
    method: 'POST', path: '/v2/chat/summary', auth: 'user',
    summary: 'The summary card of a document: summary, keywords, outline, three suggested questions.',
    body: summaryRequest, response: aiSummary,
  }),
  summaryStream: route({
    method: 'POST', path: '/v2/chat/summary/stream', auth: 'user',
    summary: 'The summary written as server-sent events (start, token, citations, done or error).',
    body: summaryRequest, produces: 'text/event-stream',
  }),
  completion: route({
    method: 'POST', path: '/v2/chat/completion', auth: 'user',
    summary: 'AI read: summarize, explain or rewrite selected text, or ask a question, with citations.',
    body: completionRequest, response: completion,
  }),
  completionStream: route({
    method: 'POST', path: '/v2/chat/completion/stream', auth: 'user',
    summary: 'AI read as server-sent events (start, token, citations, done or error).',
    body: completionRequest, produces: 'text/event-stream',
  }),
  chatStream: route({
    method: 'POST', path: '/v2/conversation/chat/stream', auth: 'user',
    summary: 'A chat question answered as server-sent events and kept in its conversation.',
    body: chatRequest, produces: 'text/event-stream',
  }),
  tokenCheck: route({
    method: 'GET', path: '/v2/chat/gpt-token/check', auth: 'user',
    summary: "The month's AI tokens and questions used and allowed (SPEC §3 tokens info, §9).",
    response: tokensInfo,
  }),
  conversationList: route({
    method: 'GET', path: '/v2/conversation/list', auth: 'user',
    summary: 'Your conversations, pinned first, then the most recent.',
    query: z.object({ file_id: id.optional() }), response: z.object({ conversations: z.array(conversationSummary) }),
  }),
  conversationDetail: route({
    method: 'GET', path: '/v2/conversation/detail', auth: 'user',
    summary: 'A conversation with its questions and answers.',
    query: conversationRef, response: conversationDetail,
  }),
  conversationRecordId: route({
    method: 'GET', path: '/v2/conversation/record-id', auth: 'user',
    summary: 'A fresh record id for the next question of a conversation, so its stream can be cancelled.',
    query: conversationRef, response: z.object({ record_id: z.string() }),
  }),
  conversationTop: route({
    method: 'POST', path: '/v2/conversation/top', auth: 'user',
    summary: 'Pins or unpins a conversation.',
    body: conversationRef.extend({ top: z.boolean() }), response: done,
  }),
  conversationDelete: route({
    method: 'POST', path: '/v2/conversation/del', auth: 'user',
    summary: 'Deletes a conversation with its records, notes and share link.',
    body: conversationRef, response: done,
  }),
  conversationEdit: route({
    method: 'POST', path: '/v2/conversation/edit', auth: 'user',
    summary: 'Renames a conversation.',
    body: conversationRef.extend({ title: z.string().trim().min(1).max(120) }), response: done,
  }),
  conversationShare: route({
    method: 'POST', path: '/v2/conversation/share', auth: 'user',
    summary: 'A read-only link to a conversation (an unguessable code; the same link on every call).',
    body: conversationRef, response: z.object({ share_code: z.string(), share_url: z.string() }),
  }),
  conversationSharePreview: route({
    method: 'GET', path: '/v2/conversation/share/preview', auth: 'visitor',
    summary: 'A shared conversation, read-only; 30 % of it until the visitor signs in (the share gate).',
    query: z.object({ share_code: z.string().min(1).max(64) }), response: conversationPreview,
  }),
  conversationSync: route({
    method: 'POST', path: '/v2/conversation/sync', auth: 'user',
    summary: "Keeps the conversation's answer language (one of the 12 chat languages).",
    body: conversationRef.extend({ lang: chatLanguage }), response: done,
  }),
  conversationUpvote: route({
    method: 'POST', path: '/v2/conversation/history/upvote', auth: 'user',
    summary: 'Rates an answer: 1 up, -1 down, 0 none.',
    body: z.object({ record_id: id, vote: z.union([z.literal(1), z.literal(0), z.literal(-1)]) }), response: done,
  }),
  streamCancel: route({
    method: 'GET', path: '/v2/stream/cancel', auth: 'user',
    summary: 'Stops the stream of a record; what was written is kept and counted.',
    query: z.object({ record_id: id }), response: done,
  }),
  aiFileDownloadUrl: route({
    method: 'GET', path: '/v2/file/download-url', auth: 'user',
    summary: "A short-lived signed URL of a bound document, for the viewer beside the chat.",
    query: z.object({ file_id: id }), response: z.object({ download_url: z.string(), expires_at: z.number().int() }),
  }),
  noteList: route({
    method: 'GET', path: '/v2/note/list', auth: 'user',
    summary: 'The notes of a conversation, oldest first.',
    query: conversationRef, response: z.object({ notes: z.array(note) }),
  }),
  noteAdd: route({
    method: 'POST', path: '/v2/note/add', auth: 'user',
    summary: 'Adds a note to a conversation, optionally on one of its answers.',
    body: conversationRef.extend({
      record_id: id.optional(),
      content: z.string().trim().min(1).max(4_000),
      page: z.number().int().min(1).optional(),
    }),
    response: note,
  }),
  noteDelete: route({
    method: 'DELETE', path: '/v2/note/delete', auth: 'user',
    summary: 'Deletes a note.',
    body: z.object({ note_id: id }), response: done,
  }),
};
