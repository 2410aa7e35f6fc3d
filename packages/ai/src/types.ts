/**
 * What the AI package reads and answers. A document arrives as page-tagged text with positions
 * (the engine's `documentText` operation reads it with MuPDF, or from OCR for scans); every
 * answer leaves as a stream of events that the server relays to the browser.
 */
import type {
  AiAction, AiProviderName, Citation, DocumentPage, DocumentText, OutlineEntry, PageRect, TextBlock, TextLine,
} from '@pagewright/contracts';

/** The document's text arrives in the contracts' shapes, as the engine's documentText writes it. */
export type { AiAction, AiProviderName, Citation, DocumentPage, DocumentText, OutlineEntry, PageRect, TextBlock, TextLine };

/** A passage found for a question: a page-tagged chunk of the document. */
export interface Passage {
  page: number;
  text: string;
  score: number;
  /** The sentences of the passage, each with where it stands on its page. */
  sentences: Array<{ text: string; rects: PageRect[] }>;
}

/** The analysis shown on the summary card (SPEC §3 AI summary). */
export interface DocumentAnalysis {
  /** A BCP 47 primary language guessed from the text ('en', 'de', 'zh', ...). */
  language: string;
  /** Extractive summary: the document's own sentences, each with its page. */
  summary: Array<{ text: string; page: number }>;
  keywords: string[];
  outline: OutlineEntry[];
  /** Three suggested questions. */
  questions: string[];
}

/** A request to a provider: an action with the passages retrieved for it. */
export interface AnswerRequest {
  action: AiAction | 'chat';
  /** The question (ask, chat) or the selected text (explain, rewrite, summarize). */
  text: string;
  passages: Passage[];
  /** The language the user asked answers in (one of the 12 chat languages). */
  language: string;
  /** Earlier turns of the conversation, oldest first (chat only). */
  history?: Array<{ question: string; answer: string }>;
  signal?: AbortSignal;
}

export type AnswerEvent =
  | { type: 'token'; text: string }
  | { type: 'citations'; citations: Citation[] }
  | { type: 'done'; promptTokens: number; completionTokens: number };

/** An AI provider (ARCHITECTURE "Offline AI engine"): the offline engine or an OpenAI-compatible endpoint. */
export interface AiProvider {
  readonly name: AiProviderName;
  /** Streams an answer grounded in the passages; every citation names a page of a passage. */
  answer(request: AnswerRequest): AsyncIterable<AnswerEvent>;
}
