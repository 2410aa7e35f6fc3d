/**
 * The AI tools' use cases (SPEC §1–§9): binding a document and its analysis, the summary card,
 * AI read (summarize, explain, rewrite, ask), the chat with its conversations, records and
 * notes, sharing a conversation, and the month's tokens. Every id is looked up with its owner:
 * another user's document, conversation, record or note is as unknown as a missing one (2405).
 * Every answer names the provider that wrote it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { findMarkers, locateQuote, sentences, type AiProvider, type AnswerEvent, type AnswerRequest, type DocumentAnalysis, type DocumentIndex } from '@pagewright/ai';
import {
  aiLimits, CatalogueError, chatLanguages, ocrLanguages, pageRangeMessages, pagesOf, parsePageRanges,
  type AiAction, type AiFileInfo, type AiProviderName, type AiStreamEvent, type AiSummary, type ChatLanguage, type ChatRecord,
  type Citation, type Completion, type ConversationDetail, type ConversationPreview, type ConversationSummary, type DownloadUrl,
  type Note, type OcrLanguage, type TokensInfo,
} from '@pagewright/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../http/identity.js';
import type { FilesService } from '../files/service.js';
import type { DocumentAnalyser } from './analysis.js';
import { relayAnswer, type AnswerOutcome, type StreamSink } from './answers.js';
import type { Admission, Metering } from './metering.js';
import type { AiDocumentRow, AiRepo, ConversationRow, RecordRow } from './repo.js';

/** Passages a chat answer or an ask rests on. */
const CHAT_PASSAGES = 5;
/** Passages that may hold an AI-read selection, and how much of it finds them. */
const SELECTION_PASSAGES = 3;
const SELECTION_QUERY_CHARACTERS = 1_000;
/** Passages the provider writes a summary from. */
const SUMMARY_PASSAGES = 8;
/** Earlier turns sent with a chat question. */
const HISTORY_TURNS = 3;
const TITLE_MAX = 80;
const LIST_MAX = 500;
/** SPEC §4 AI share path: the chat page opens a shared conversation from it. */
const CHAT_PAGE = '/app/chat-pdf';

export interface AiServiceDeps {
  repo: AiRepo;
  metering: Metering;
  analyser: DocumentAnalyser;
  files: FilesService;
  provider: AiProvider;
  /** A signed download URL of a stored file (the cloud module's). */
  downloadUrl: (fileId: string) => Promise<DownloadUrl>;
  publicUrl: string;
  /** With the paywalls on, users who are not AI members chat in the trial (its first pages). */
  paywalls: boolean;
  log: FastifyBaseLogger;
}

/** What the body of chat, AI read and summary calls carry (contracts' schemas, parsed). */
export interface ChatOrder {
  file_id: string;
  conversation_id?: string | undefined;
  record_id?: string | undefined;
  question: string;
  lang: ChatLanguage;
  regenerate?: boolean | undefined;
}
export interface CompletionOrder { file_id: string; action: AiAction; text: string; lang: ChatLanguage }
export interface SummaryOrder { file_id: string; lang: ChatLanguage; pages?: string | undefined }

/**
 * An answer whose checks passed (refusals come before the stream opens): `run` writes its
 * events, from `start` to `done` or `error`, and keeps it; `abort` stops it (the client left).
 */
export interface PreparedAnswer {
  run(sink: StreamSink): Promise<AnswerOutcome>;
  abort(): void;
}

interface AnswerJob {
  owner: string;
  recordId: string;
  conversationId: string | null;
  provider: AiProvider;
  request: Omit<AnswerRequest, 'signal'>;
  /** Null: nothing is metered (the offline summary, read from the analysis). */
  admission: Admission | null;
  /** Keeps an answer that was written (finished or cancelled). */
  keep(outcome: AnswerOutcome): Promise<void>;
  /** Undoes what the checks took for an answer that never came (a regeneration). */
  undo?(): Promise<void>;
}

export class AiService {
  /** Streams running now, by record id, so that `/v2/stream/cancel` can stop them. */
  private readonly running = new Map<string, { owner: string; controller: AbortController }>();

  constructor(private readonly deps: AiServiceDeps) {}

  // Binding and analysis ---------------------------------------------------------------------

  /**
   * file/bind: the owner's uploaded PDF is set to `analyses` and analysed in the background. A
   * document analysed already (for as many pages as this user may read) answers at once.
   */
  async bind(identity: Identity, fileId: string, password: string | undefined, acceptLanguage: string | undefined, now = Date.now()): Promise<AiFileInfo> {
    const owner = identity.owner;
    const file = await this.deps.files.requireUploaded(owner, fileId);
    if (!/\.pdf$/i.test(file.filename)) throw new CatalogueError('FILE_TYPE_ERROR', `${file.filename} is not a PDF`);
    if (file.total_page !== null && file.total_page > aiLimits.pageLimit) throw new CatalogueError('AI_PAGE_LIMIT', `${file.total_page} pages`);
    const maxPages = this.maxPagesFor(identity);
    const existing = await this.deps.repo.document(fileId);
    if (existing && existing.owner === owner) {
      const readsEnough = existing.max_pages >= maxPages || existing.analysed_pages >= existing.total_page;
      if (existing.state === 'success' && readsEnough) return this.info(existing);
      if (existing.state === 'analyses' && this.deps.analyser.isRunning(fileId)) return this.info(existing);
    }
    const row: AiDocumentRow = {
      file_id: fileId, owner, file_name: file.filename, state: 'analyses', error_code: null, total_page: file.total_page ?? 0,
      max_pages: maxPages, analysed_pages: 0, ocr: 0, ocr_languages: ocrLanguagesOf(acceptLanguage).join(','),
      analysis: null, index_key: null, created_at: existing?.created_at ?? now, updated_at: now,
    };
    await this.deps.repo.startAnalysis(row);
    this.deps.analyser.start(row, password);
    return this.info(row);
  }

  /** `/v2/file/info`: 2405 for a file that is not the caller's, 90001 for one never bound. */
  async fileInfo(owner: string, fileId: string): Promise<AiFileInfo> {
    return this.info(await this.boundDocument(owner, fileId));
  }

  /** The document downloaded by the viewer beside the chat: a short-lived signed URL. */
  async downloadUrl(owner: string, fileId: string): Promise<DownloadUrl> {
    await this.boundDocument(owner, fileId);
    return this.deps.downloadUrl(fileId);
  }

  /** The files module removed a document: its binding and index go. */
  async documentRemoved(fileId: string): Promise<void> {
    try {
      await this.deps.analyser.forget(fileId);
    } catch (error) {
      this.deps.log.warn({ err: error, file_id: fileId }, 'ai: binding of a removed document not dropped');
    }
  }

  // Summary ----------------------------------------------------------------------------------

  /** The summary card (SPEC §3 AI summary). */
  async summary(identity: Identity, order: SummaryOrder): Promise<AiSummary> {
    const doc = await this.readyDocument(identity.owner, order.file_id);
    const analysis = analysisOf(doc);
    const pages = this.pageSelection(order.pages, doc);
    let sentences: Array<{ text: string; page: number }>;
    let perTokens = 0;
    if (this.deps.provider.name === 'offline') {
      sentences = pages ? await this.deps.analyser.pagesSummary(doc, pages) : analysis.summary;
    } else {
      const prepared = await this.prepareSummary(identity, order);
      const outcome = await prepared.run(() => undefined);
      if (outcome.failure) throw new CatalogueError(outcome.failure.code as never, outcome.failure.detail);
      sentences = sentencesWithPages(outcome.answer, outcome.citations);
      perTokens = outcome.tokens;
    }
    const usage = await this.deps.metering.usage(identity);
    return {
      file_id: doc.file_id,
      lang: order.lang,
      summary: summaryText(sentences),
      sentences,
      keywords: analysis.keywords,
      outlines: pages ? analysis.outline.filter((entry) => pages.includes(entry.page)) : analysis.outline,
      questions: analysis.questions,
      message: trialMessage(doc),
      per_tokens: perTokens,
      total: usage.allowance.tokens,
      used: usage.tokensUsed,
      state: 'success',
      provider: this.deps.provider.name,
    };
  }

  /**
   * The summary as a stream: the offline provider's is the extractive summary (no model, not
   * metered); an OpenAI-compatible endpoint writes one from the best passages.
   */
  async prepareSummary(identity: Identity, order: SummaryOrder): Promise<PreparedAnswer> {
    const doc = await this.readyDocument(identity.owner, order.file_id);
    const analysis = analysisOf(doc);
    const pages = this.pageSelection(order.pages, doc);
    const index = await this.deps.analyser.index(doc);
    const base = { owner: identity.owner, recordId: newId(), conversationId: null, keep: async () => undefined };
    if (this.deps.provider.name === 'offline') {
      const sentences = pages ? await this.deps.analyser.pagesSummary(doc, pages) : analysis.summary;
      return this.prepare({
        ...base, provider: extractive(this.deps.provider.name, index, sentences), admission: null,
        request: { action: 'summarize', text: '', passages: [], language: order.lang },
      });
    }
    const query = [analysis.outline.map((e) => e.title).join(' '), analysis.keywords.join(' ')].join(' ');
    let passages = pages ? index.pagePassages(pages) : index.search(query, SUMMARY_PASSAGES);
    if (passages.length === 0) passages = index.pagePassages(Array.from({ length: Math.min(doc.analysed_pages, 3) }, (_, i) => i + 1));
    passages = passages.slice(0, SUMMARY_PASSAGES * 2);
    const admission = await this.deps.metering.admit(identity, 'ChatPDF', { question: false });
    return this.prepare({
      ...base, provider: this.deps.provider, admission,
      // No selection: the provider summarizes the passages.
      request: { action: 'summarize', text: '', passages, language: order.lang },
    });
  }

  // AI read ----------------------------------------------------------------------------------

  async completion(identity: Identity, order: CompletionOrder): Promise<Completion> {
    const prepared = await this.prepareCompletion(identity, order);
    let recordId = '';
    const outcome = await prepared.run((event) => {
      if (event.type === 'start') recordId = event.record_id;
    });
    if (outcome.failure) throw new CatalogueError(outcome.failure.code as never, outcome.failure.detail);
    return { record_id: recordId, action: order.action, answer: outcome.answer, citations: outcome.citations, provider: this.deps.provider.name, tokens: outcome.tokens };
  }

  /**
   * AI read (SPEC §5): summarize and rewrite need at least 250 characters (11005), ask and
   * explain take at most 2,000 (AI_TEXT_TOO_LONG). Ask and explain rest on the passages found
   * for the text; summarize and rewrite on the selected text itself.
   */
  async prepareCompletion(identity: Identity, order: CompletionOrder, now = Date.now()): Promise<PreparedAnswer> {
    const text = order.text.trim();
    const characters = [...text].length;
    if ((order.action === 'summarize' || order.action === 'rewrite') && characters < aiLimits.textMinCharacters) throw new CatalogueError(11005);
    if ((order.action === 'ask' || order.action === 'explain') && characters > aiLimits.askMaxCharacters) throw new CatalogueError('AI_TEXT_TOO_LONG');
    if (characters === 0) throw new CatalogueError('INVALID_PARAMS', 'text is empty');
    const owner = identity.owner;
    const doc = await this.readyDocument(owner, order.file_id);
    const index = await this.deps.analyser.index(doc);
    // Ask and explain rest on what the document says about the text; summarize and rewrite on
    // the selection itself, the passages that hold it giving its pages.
    const passages = order.action === 'ask' || order.action === 'explain' ? index.search(text, CHAT_PASSAGES) : index.search(text.slice(0, SELECTION_QUERY_CHARACTERS), SELECTION_PASSAGES);
    const admission = await this.deps.metering.admit(identity, 'AIRead', { question: true });
    const recordId = newId();
    return this.prepare({
      owner, recordId, conversationId: null, provider: this.deps.provider, admission,
      request: { action: order.action, text, passages, language: order.lang },
      keep: (outcome) => this.deps.repo.insertRecord({
        record_id: recordId, owner, conversation_id: null, file_id: doc.file_id, action: order.action, question: text,
        answer: outcome.answer, citations: JSON.stringify(outcome.citations), provider: this.deps.provider.name, upvote: 0,
        regenerations: 0, lang: order.lang, cancelled: outcome.cancelled ? 1 : 0, tokens: outcome.tokens, created_at: now, updated_at: Date.now(),
      }),
    });
  }

  // Chat -------------------------------------------------------------------------------------

  /**
   * A chat question (or the regeneration of an answer, at most 5 times): every refusal comes
   * from here, before the stream opens. A conversation is made for the document when none is
   * named, titled by its first question.
   */
  async prepareChat(identity: Identity, order: ChatOrder, now = Date.now()): Promise<PreparedAnswer> {
    const { repo } = this.deps;
    const owner = identity.owner;
    const doc = await this.readyDocument(owner, order.file_id);
    let conversation = order.conversation_id === undefined ? undefined : await this.requireConversation(owner, order.conversation_id);
    if (conversation && conversation.file_id !== doc.file_id) throw new CatalogueError(2405, `conversation ${conversation.conversation_id} is not about ${doc.file_id}`);
    let regenerating: RecordRow | undefined;
    if (order.regenerate) {
      if (order.record_id === undefined) throw new CatalogueError('INVALID_PARAMS', 'regenerate names the record_id to regenerate');
      regenerating = await repo.record(owner, order.record_id);
      if (!regenerating || regenerating.conversation_id === null || regenerating.file_id !== doc.file_id
        || (conversation !== undefined && regenerating.conversation_id !== conversation.conversation_id)) {
        throw new CatalogueError(2405, `no chat record ${order.record_id} of ${owner}`);
      }
      conversation ??= await this.requireConversation(owner, regenerating.conversation_id);
      if (regenerating.regenerations >= aiLimits.chatRefreshMax) throw new CatalogueError('CHAT_REFRESH_LIMIT');
    } else if (order.record_id !== undefined) {
      const taken = await repo.recordById(order.record_id);
      if (taken) throw taken.owner === owner ? new CatalogueError('INVALID_PARAMS', `record ${order.record_id} is answered; regenerate it`) : new CatalogueError(2405);
    }
    if (order.record_id !== undefined && this.running.has(order.record_id)) throw new CatalogueError('INVALID_PARAMS', `record ${order.record_id} is being answered`);
    const index = await this.deps.analyser.index(doc);
    const question = regenerating?.question ?? order.question;
    const admission = await this.deps.metering.admit(identity, 'ChatPDF', { question: true });
    const recordId = regenerating?.record_id ?? order.record_id ?? newId();
    if (regenerating && !(await repo.takeRegeneration(owner, recordId, aiLimits.chatRefreshMax))) {
      await this.deps.metering.giveBack(admission);
      throw new CatalogueError('CHAT_REFRESH_LIMIT');
    }
    if (!conversation) {
      conversation = {
        conversation_id: newId(), owner, file_id: doc.file_id, file_name: doc.file_name, title: titleOf(question), top: 0,
        lang: order.lang, share_code: null, created_at: now, updated_at: now,
      };
      await repo.insertConversation(conversation);
    }
    const conversationId = conversation.conversation_id;
    const history = (await repo.turnsBefore(conversationId, regenerating?.created_at ?? now + 1, HISTORY_TURNS))
      .map((turn) => ({ question: turn.question, answer: turn.answer }));
    const passages = index.search(question, CHAT_PASSAGES);
    const provider = this.deps.provider;
    return this.prepare({
      owner, recordId, conversationId, provider, admission,
      request: { action: 'chat', text: question, passages, language: order.lang, history },
      keep: async (outcome) => {
        const answered = {
          answer: outcome.answer, citations: JSON.stringify(outcome.citations), provider: provider.name, lang: order.lang,
          cancelled: outcome.cancelled ? 1 : 0, tokens: outcome.tokens, updated_at: Date.now(),
        };
        if (regenerating) await repo.updateRecord(owner, recordId, { ...answered, upvote: 0 });
        else {
          await repo.insertRecord({
            record_id: recordId, owner, conversation_id: conversationId, file_id: doc.file_id, action: 'chat', question,
            upvote: 0, regenerations: 0, created_at: now, ...answered,
          });
        }
        await repo.updateConversation(owner, conversationId, { updated_at: Date.now() });
      },
      ...(regenerating ? { undo: () => repo.returnRegeneration(owner, recordId) } : {}),
    });
  }

  /** `/v2/stream/cancel`: stops the owner's running stream of the record; a finished one is left as it is. */
  async cancelStream(owner: string, recordId: string): Promise<void> {
    const running = this.running.get(recordId);
    if (running && running.owner === owner) {
      running.controller.abort();
      return;
    }
    if (!(await this.deps.repo.record(owner, recordId))) throw new CatalogueError(2405, `no record ${recordId} of ${owner}`);
  }

  /** The month's tokens and questions (SPEC §3 tokens info). */
  async tokens(identity: Identity): Promise<TokensInfo> {
    const usage = await this.deps.metering.usage(identity);
    return {
      used_tokens: usage.tokensUsed, total_tokens: usage.allowance.tokens,
      used_questions: usage.questionsUsed, total_questions: usage.allowance.questions,
      period: usage.period, provider: this.deps.provider.name,
    };
  }

  // Conversations ----------------------------------------------------------------------------

  async conversations(owner: string, fileId?: string): Promise<ConversationSummary[]> {
    return (await this.deps.repo.conversations(owner, fileId, LIST_MAX)).map(toConversationSummary);
  }

  async conversation(owner: string, conversationId: string): Promise<ConversationDetail> {
    const conversation = await this.requireConversation(owner, conversationId);
    const records = await this.deps.repo.records(conversationId);
    const doc = await this.deps.repo.document(conversation.file_id);
    return { ...toConversationSummary(conversation), records: records.map(toChatRecord), total_page: doc?.owner === owner ? doc.total_page : 0 };
  }

  /** A fresh record id for the conversation's next question, so that its stream can be cancelled by it. */
  async newRecordId(owner: string, conversationId: string): Promise<string> {
    await this.requireConversation(owner, conversationId);
    return newId();
  }

  async setTop(owner: string, conversationId: string, top: boolean): Promise<void> {
    await this.changeConversation(owner, conversationId, { top: top ? 1 : 0 });
  }

  async rename(owner: string, conversationId: string, title: string): Promise<void> {
    await this.changeConversation(owner, conversationId, { title, updated_at: Date.now() });
  }

  async setLanguage(owner: string, conversationId: string, lang: ChatLanguage): Promise<void> {
    await this.changeConversation(owner, conversationId, { lang });
  }

  async deleteConversation(owner: string, conversationId: string): Promise<void> {
    if (!(await this.deps.repo.deleteConversation(owner, conversationId))) throw new CatalogueError(2405, `no conversation ${conversationId} of ${owner}`);
  }

  /** A read-only link: 128 random bits, the same link on every call. */
  async share(owner: string, conversationId: string): Promise<{ share_code: string; share_url: string }> {
    await this.requireConversation(owner, conversationId);
    const code = await this.deps.repo.shareConversation(owner, conversationId, randomBytes(16).toString('base64url'));
    if (!code) throw new CatalogueError(2405, `conversation ${conversationId} went while it was shared`);
    return { share_code: code, share_url: `${this.deps.publicUrl}${CHAT_PAGE}?conversation_share=${code}` };
  }

  /**
   * A shared conversation. The share gate of SPEC §9: a visitor who is not signed in reads the
   * first 30 % of it (locked); a signed-in visitor reads all of it.
   */
  async sharePreview(identity: Identity, code: string): Promise<ConversationPreview> {
    const conversation = await this.deps.repo.conversationByShare(code);
    if (!conversation) throw new CatalogueError(2405, 'no conversation shared by that code');
    const records = await this.deps.repo.records(conversation.conversation_id);
    const locked = identity.user === null;
    const readable = locked ? Math.ceil(records.length * aiLimits.shareGateReadable) : records.length;
    return {
      title: conversation.title, file_name: conversation.file_name, records: records.slice(0, readable).map(toChatRecord),
      total_records: records.length, locked,
    };
  }

  async upvote(owner: string, recordId: string, vote: number): Promise<void> {
    if (!(await this.deps.repo.updateRecord(owner, recordId, { upvote: vote }))) throw new CatalogueError(2405, `no record ${recordId} of ${owner}`);
  }

  // Notes ------------------------------------------------------------------------------------

  async notes(owner: string, conversationId: string): Promise<Note[]> {
    await this.requireConversation(owner, conversationId);
    return (await this.deps.repo.notes(owner, conversationId)).map(toNote);
  }

  async addNote(owner: string, conversationId: string, note: { record_id?: string | undefined; content: string; page?: number | undefined }, now = Date.now()): Promise<Note> {
    await this.requireConversation(owner, conversationId);
    if (note.record_id !== undefined) {
      const record = await this.deps.repo.record(owner, note.record_id);
      if (!record || record.conversation_id !== conversationId) throw new CatalogueError(2405, `no record ${note.record_id} in ${conversationId}`);
    }
    const row = {
      note_id: newId(), owner, conversation_id: conversationId, record_id: note.record_id ?? null, content: note.content,
      page: note.page ?? null, created_at: now,
    };
    await this.deps.repo.insertNote(row);
    return toNote(row);
  }

  async deleteNote(owner: string, noteId: string): Promise<void> {
    if (!(await this.deps.repo.deleteNote(owner, noteId))) throw new CatalogueError(2405, `no note ${noteId} of ${owner}`);
  }

  /** Stops every running stream (the server stops); their answers are kept as cancelled. */
  close(): void {
    for (const { controller } of this.running.values()) controller.abort();
  }

  // Helpers ----------------------------------------------------------------------------------

  /**
   * Wraps an answer job: `run` registers the stream for cancelling, relays the provider,
   * keeps what was written, meters it, and writes the closing event.
   */
  private prepare(job: AnswerJob): PreparedAnswer {
    const controller = new AbortController();
    return {
      abort: () => controller.abort(),
      run: async (sink) => {
        this.running.set(job.recordId, { owner: job.owner, controller });
        try {
          sink({ type: 'start', record_id: job.recordId, conversation_id: job.conversationId, provider: job.provider.name });
          const outcome = await relayAnswer(job.provider, job.request, sink, controller.signal);
          await this.settle(job, outcome);
          if (outcome.failure) {
            this.deps.log.warn({ record_id: job.recordId, code: outcome.failure.code, detail: outcome.failure.detail }, 'ai: answer failed');
            sink(errorEvent(outcome.failure.code));
          } else {
            sink({ type: 'done', tokens: outcome.tokens, cancelled: outcome.cancelled });
          }
          return outcome;
        } finally {
          this.running.delete(job.recordId);
        }
      },
    };
  }

  /** Keeps what the answer wrote and counts its tokens; an answer that never came gives its question back. */
  private async settle(job: AnswerJob, outcome: AnswerOutcome): Promise<void> {
    try {
      // An answer cut short by a failing provider is kept as a cancelled one: incomplete.
      if (outcome.answer !== '' || (outcome.cancelled && !outcome.failure)) await job.keep({ ...outcome, cancelled: outcome.cancelled || outcome.failure !== null });
      else await job.undo?.();
      if (job.admission) {
        await this.deps.metering.charge(job.admission, outcome.tokens);
        if (outcome.failure && outcome.answer === '') await this.deps.metering.giveBack(job.admission);
      }
    } catch (error) {
      this.deps.log.error({ err: error, record_id: job.recordId }, 'ai: answer not kept');
    }
  }

  private maxPagesFor(identity: Identity): number {
    return this.deps.paywalls && !identity.user?.ai ? aiLimits.chatTrialPages : aiLimits.pageLimit;
  }

  /** The caller's bound document in any state: 2405 when the file is not theirs, 90001 when it was never bound. */
  private async boundDocument(owner: string, fileId: string): Promise<AiDocumentRow> {
    const file = await this.deps.files.find(fileId);
    if (!file || file.owner !== owner) throw new CatalogueError(2405, `no file ${fileId} of ${owner}`);
    const doc = await this.deps.repo.document(fileId);
    if (!doc || doc.owner !== owner) throw new CatalogueError(90001, `${fileId} is not bound`);
    return doc;
  }

  /** A document whose analysis ended well: AI_NOT_READY while it runs, its own code when it failed. */
  private async readyDocument(owner: string, fileId: string): Promise<AiDocumentRow> {
    const doc = await this.boundDocument(owner, fileId);
    if (doc.state === 'analyses') throw new CatalogueError('AI_NOT_READY');
    if (doc.state === 'failed') throw new CatalogueError(storedCode(doc.error_code ?? '11012') as never, `analysis of ${fileId} failed`);
    return doc;
  }

  private async requireConversation(owner: string, conversationId: string): Promise<ConversationRow> {
    const conversation = await this.deps.repo.conversation(owner, conversationId);
    if (!conversation) throw new CatalogueError(2405, `no conversation ${conversationId} of ${owner}`);
    return conversation;
  }

  private async changeConversation(owner: string, conversationId: string, values: Partial<ConversationRow>): Promise<void> {
    if (!(await this.deps.repo.updateConversation(owner, conversationId, values))) throw new CatalogueError(2405, `no conversation ${conversationId} of ${owner}`);
  }

  /** The pages a summary is restricted to (contracts' page-range rules over the pages read), or null for all. */
  private pageSelection(input: string | undefined, doc: AiDocumentRow): number[] | null {
    if (input === undefined || input.trim() === '') return null;
    const parsed = parsePageRanges(input, doc.analysed_pages);
    if (!parsed.ok) throw new CatalogueError(parsed.message === pageRangeMessages.format ? 'PAGE_RANGE_FORMAT' : 'PAGE_RANGE_INVALID', input);
    return pagesOf(parsed.ranges);
  }

  private async info(doc: AiDocumentRow): Promise<AiFileInfo> {
    const conversation = await this.deps.repo.latestConversation(doc.owner, doc.file_id);
    return {
      file_id: doc.file_id, file_name: doc.file_name, state: doc.state, total_page: doc.total_page, analysed_pages: doc.analysed_pages,
      ocr: doc.ocr === 1, error_code: doc.error_code === null ? null : storedCode(doc.error_code),
      conversation_id: conversation?.conversation_id ?? null,
    };
  }
}

/**
 * A provider that writes the extractive summary of the analysis: the document's own
 * sentences, each followed by its page (`[p. N]`), each cited where it stands on its page.
 * It counts no tokens: no model ran.
 */
function extractive(name: AiProviderName, index: DocumentIndex, sentences: Array<{ text: string; page: number }>): AiProvider {
  return {
    name,
    async *answer(): AsyncIterable<AnswerEvent> {
      for (const [i, sentence] of sentences.entries()) yield { type: 'token', text: `${i > 0 ? ' ' : ''}${sentence.text} [p. ${sentence.page}]` };
      const citations = sentences.map((sentence) => locateQuote(sentence.text, index.pagePassages([sentence.page]), sentence.page)
        ?? { page: sentence.page, quote: sentence.text, rects: [] });
      yield { type: 'citations', citations };
      yield { type: 'done', promptTokens: 0, completionTokens: 0 };
    },
  };
}

function summaryText(sentences: Array<{ text: string; page: number }>): string {
  return sentences.map((s) => `${s.text} [p. ${s.page}]`).join(' ');
}

/**
 * The sentences of a written summary with their pages: each `[p. N]` marker belongs to the
 * last sentence that starts before it; a sentence without one has the page of the one before.
 */
function sentencesWithPages(answer: string, citations: Citation[]): Array<{ text: string; page: number }> {
  let stripped = '';
  const marks: Array<{ at: number; page: number }> = [];
  let from = 0;
  for (const marker of findMarkers(answer)) {
    stripped = `${stripped}${answer.slice(from, marker.start)}`.trimEnd();
    if (marker.pages[0] !== undefined) marks.push({ at: stripped.length, page: marker.pages[0] });
    from = marker.end;
  }
  stripped += answer.slice(from);
  const out: Array<{ text: string; page: number }> = [];
  let page = citations[0]?.page ?? 1;
  let cursor = 0;
  const found = sentences(stripped).map((text) => {
    const start = stripped.indexOf(text, cursor);
    cursor = start + text.length;
    return { text, start };
  });
  found.forEach((sentence, i) => {
    const next = found[i + 1]?.start ?? Infinity;
    const mark = marks.find((m) => m.at > sentence.start && m.at <= next);
    if (mark) page = mark.page;
    out.push({ text: sentence.text, page });
  });
  return out;
}

function analysisOf(doc: AiDocumentRow): DocumentAnalysis {
  return JSON.parse(doc.analysis ?? 'null') as DocumentAnalysis;
}

/** The note of the summary card when the chat trial read only the document's first pages. */
function trialMessage(doc: AiDocumentRow): string {
  if (doc.max_pages !== aiLimits.chatTrialPages || doc.analysed_pages >= doc.total_page) return '';
  return `The chat trial reads the first ${aiLimits.chatTrialPages} pages of this ${doc.total_page}-page document. AI members chat with up to ${aiLimits.pageLimit} pages.`;
}

function errorEvent(code: string | number): AiStreamEvent {
  return { type: 'error', code, msg: new CatalogueError(code as never).message };
}

/** Catalogue codes are stored as text; the numeric ones go back to numbers. */
function storedCode(code: string): string | number {
  return /^\d+$/.test(code) ? Number(code) : code;
}

/** Tesseract's language for the page's language (Accept-Language), English otherwise. */
function ocrLanguagesOf(acceptLanguage: string | undefined): OcrLanguage[] {
  const primary = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase().split(/[-_;]/)[0] ?? '';
  const byTag: Record<string, OcrLanguage> = { en: 'eng', de: 'deu', es: 'spa', fr: 'fra', ja: 'jpn', pt: 'por', zh: 'chi_sim' };
  const language = byTag[primary] ?? 'eng';
  return (ocrLanguages as readonly string[]).includes(language) ? [language] : ['eng'];
}

function titleOf(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return [...oneLine].length > TITLE_MAX ? `${[...oneLine].slice(0, TITLE_MAX - 1).join('')}…` : oneLine;
}

function newId(): string {
  return randomUUID().replace(/-/g, '');
}

function toConversationSummary(row: ConversationRow): ConversationSummary {
  return {
    conversation_id: row.conversation_id, title: row.title, file_id: row.file_id, file_name: row.file_name, top: row.top === 1,
    lang: (chatLanguages as readonly string[]).includes(row.lang) ? (row.lang as ChatLanguage) : 'en',
    updated_at: row.updated_at, created_at: row.created_at,
  };
}

function toChatRecord(row: RecordRow): ChatRecord {
  return {
    record_id: row.record_id, question: row.question, answer: row.answer, citations: JSON.parse(row.citations) as Citation[],
    provider: row.provider as AiProviderName, upvote: row.upvote, regenerations: row.regenerations, lang: row.lang,
    cancelled: row.cancelled === 1, created_at: row.created_at,
  };
}

function toNote(row: { note_id: string; conversation_id: string; record_id: string | null; content: string; page: number | null; created_at: number }): Note {
  return { note_id: row.note_id, conversation_id: row.conversation_id, record_id: row.record_id, content: row.content, page: row.page, created_at: row.created_at };
}
