/**
 * The AI tools over real HTTP (SPEC §3–§9, issue 19): binding and analysis, the summary card,
 * chat over server-sent events with citations, conversations, notes, sharing, AI read, the
 * month's questions and tokens, streams cut short, and the OpenAI-compatible provider against
 * a local mock of its endpoint.
 */
import { spawnSync } from 'node:child_process';
import type {
  AiFileInfo, AiStreamEvent, AiSummary, Completion, ConversationDetail, ConversationPreview, ConversationSummary, Note, TokensInfo,
} from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed, answerOf, boundDocument, eventOf, openStream, streamed } from './aiClient.js';
import { newClient, queryDb, removeDir, signUp, startServer, storedKeys, upload, type Client, type TestServer, useServer } from './harness.js';
import { startOpenAiMock, type OpenAiMock } from './openAiMock.js';
import { makePdf, makeTextPdf, scanOf } from './pdfFixtures.js';
import { lighthouseReport, PAGE_TWO_SELECTION, REPORT_PAGES } from './reportFixture.js';

const BUDGET_QUESTION = 'What was the annual budget of the lighthouse service?';
const CHAT = '/api/v2/conversation/chat/stream';
const period = () => new Date().toISOString().slice(0, 7);

async function ownerOf(server: TestServer, email: string): Promise<string> {
  const [user] = queryDb<{ user_id: string }>(server, 'select user_id from users where email = ?', email);
  return `u:${user!.user_id}`;
}

async function detail(client: Client, conversationId: string): Promise<ConversationDetail> {
  const r = await client.api<ConversationDetail>('GET', `/api/v2/conversation/detail?conversation_id=${conversationId}`);
  expect(r.env.code).toBe(0);
  return r.env.data;
}

async function tokens(client: Client): Promise<TokensInfo> {
  return (await client.api<TokensInfo>('GET', '/api/v2/chat/gpt-token/check')).env.data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('AI tools with the offline provider', () => {
  let server: TestServer;
  let reader: Client;
  let report: AiFileInfo;

  beforeAll(async () => {
    server = await startServer();
    reader = (await signUp(server)).client;
    report = await boundDocument(server, reader, 'lighthouses.pdf', lighthouseReport());
  });

  afterAll(async () => {
    await server.stop();
    removeDir(server.dataDir);
  });

  const ask = (client: Client, body: Record<string, unknown>) => streamed(client, CHAT, { file_id: report.file_id, ...body });

  it('binds a PDF, analyses it in the background and answers the summary card with cited sentences', async () => {
    expect(report).toMatchObject({ state: 'success', total_page: 5, analysed_pages: 5, ocr: false, error_code: null, file_name: 'lighthouses.pdf' });
    const started = Date.now();
    const again = await reader.api<{ files: AiFileInfo[] }>('POST', '/api/file/bind', { file_ids: [report.file_id] });
    expect(again.env.data.files[0]!.state).toBe('success');
    expect(Date.now() - started).toBeLessThan(1_000);

    const card = await reader.api<AiSummary>('POST', '/api/v2/chat/summary', { file_id: report.file_id, lang: 'en' });
    expect(card.env.code).toBe(0);
    const summary = card.env.data;
    expect(summary.provider).toBe('offline');
    expect(summary.sentences.length).toBeGreaterThan(0);
    const documentText = REPORT_PAGES.map((p) => p.paragraphs.join(' '));
    for (const sentence of summary.sentences) {
      expect(documentText[sentence.page - 1]).toContain(sentence.text);
      expect(summary.summary).toContain(`${sentence.text} [p. ${sentence.page}]`);
    }
    expect(summary.summary.split(/\s+/).length).toBeLessThan(230);
    expect(summary.keywords.length).toBeGreaterThan(0);
    expect(summary.questions).toHaveLength(3);
    expect(summary.outlines.map((o) => o.title)).toEqual(expect.arrayContaining(['Introduction', 'Finances']));
    expect(summary).toMatchObject({ per_tokens: 0, message: '', state: 'success' });

    const page3 = await reader.api<AiSummary>('POST', '/api/v2/chat/summary', { file_id: report.file_id, pages: '3' });
    expect(page3.env.data.sentences.length).toBeGreaterThan(0);
    expect(page3.env.data.sentences.every((s) => s.page === 3)).toBe(true);
    expect((await reader.api('POST', '/api/v2/chat/summary', { file_id: report.file_id, pages: 'three' })).env.code).toBe('PAGE_RANGE_FORMAT');
    expect((await reader.api('POST', '/api/v2/chat/summary', { file_id: report.file_id, pages: '9' })).env.code).toBe('PAGE_RANGE_INVALID');
  });

  it('streams the summary: start, tokens, citations located on their pages, done', async () => {
    const events = await streamed(reader, '/api/v2/chat/summary/stream', { file_id: report.file_id });
    expect(events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1])).toEqual(['start', 'token', 'citations', 'done']);
    expect(eventOf(events, 'start').provider).toBe('offline');
    const { citations } = eventOf(events, 'citations');
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.some((c) => c.rects.length > 0)).toBe(true);
    expect(answerOf(events)).toMatch(/\[p\. \d\]/);
  });

  it('answers a chat question over server-sent events, in order, citing the page that holds the answer', async () => {
    const before = await tokens(reader);
    const events = await ask(reader, { question: BUDGET_QUESTION });
    expect(events[0]).toMatchObject({ type: 'start', provider: 'offline' });
    expect(events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1])).toEqual(['start', 'token', 'citations', 'done']);
    const answer = answerOf(events);
    expect(answer).toContain('4.2 million kronor');
    expect(answer).toContain('[p. 3]');
    const { citations } = eventOf(events, 'citations');
    const onPage3 = citations.find((c) => c.page === 3 && c.quote.includes('4.2 million kronor'));
    expect(onPage3?.rects.length).toBeGreaterThan(0);
    const done = eventOf(events, 'done');
    expect(done.cancelled).toBe(false);
    expect(done.tokens).toBeGreaterThan(0);

    const start = eventOf(events, 'start');
    const info = await reader.api<AiFileInfo>('POST', '/api/v2/file/info', { file_id: report.file_id });
    expect(info.env.data.conversation_id).toBe(start.conversation_id);
    const after = await tokens(reader);
    expect(after.used_questions).toBe(before.used_questions + 1);
    expect(after.used_tokens).toBe(before.used_tokens + done.tokens);
    expect(after.provider).toBe('offline');
    const kept = await detail(reader, start.conversation_id!);
    expect(kept.records.at(-1)).toMatchObject({ record_id: start.record_id, question: BUDGET_QUESTION, answer, provider: 'offline', cancelled: false });
    expect(kept.title).toBe(BUDGET_QUESTION);
    expect(kept.total_page).toBe(5);
  });

  it('keeps conversations: list (pinned first, then recent), detail, record ids, rename, pin, delete', async () => {
    const first = eventOf(await ask(reader, { question: 'When was the lighthouse service founded?' }), 'start').conversation_id!;
    const recordId = (await reader.api<{ record_id: string }>('GET', `/api/v2/conversation/record-id?conversation_id=${first}`)).env.data.record_id;
    const followUp = await ask(reader, { conversation_id: first, record_id: recordId, question: 'Who was its first director?' });
    expect(eventOf(followUp, 'start')).toMatchObject({ record_id: recordId, conversation_id: first });
    expect(answerOf(followUp)).toContain('Anders Holmqvist');
    const second = eventOf(await ask(reader, { question: 'How did keepers get their supplies?' }), 'start').conversation_id!;

    const list = async (query = '') => (await reader.api<{ conversations: ConversationSummary[] }>('GET', `/api/v2/conversation/list${query}`)).env.data.conversations;
    expect((await list()).slice(0, 2).map((c) => c.conversation_id)).toEqual([second, first]);
    expect((await reader.api('POST', '/api/v2/conversation/top', { conversation_id: first, top: true })).env.code).toBe(0);
    expect((await list()).slice(0, 2).map((c) => [c.conversation_id, c.top])).toEqual([[first, true], [second, false]]);
    expect((await list(`?file_id=${report.file_id}`)).every((c) => c.file_id === report.file_id)).toBe(true);

    expect((await reader.api('POST', '/api/v2/conversation/edit', { conversation_id: first, title: 'Founding' })).env.code).toBe(0);
    const kept = await detail(reader, first);
    expect(kept.title).toBe('Founding');
    expect(kept.records.map((r) => r.question)).toEqual(['When was the lighthouse service founded?', 'Who was its first director?']);
    expect(kept.records[0]!.citations.some((c) => c.page === 1)).toBe(true);
    expect((await reader.api('POST', '/api/v2/conversation/sync', { conversation_id: first, lang: 'de' })).env.code).toBe(0);
    expect((await detail(reader, first)).lang).toBe('de');

    // A record id names one question: asking anew with an answered one is refused.
    const reused = await openStream(reader, CHAT, { file_id: report.file_id, conversation_id: first, record_id: recordId, question: 'Again?' });
    expect(reused.refused?.env.code).toBe('INVALID_PARAMS');

    expect((await reader.api('POST', '/api/v2/conversation/del', { conversation_id: second })).env.code).toBe(0);
    expect((await list()).map((c) => c.conversation_id)).not.toContain(second);
    const gone = await reader.api('GET', `/api/v2/conversation/detail?conversation_id=${second}`);
    expect([gone.http, gone.env.code]).toEqual([404, 2405]);
    expect((await reader.api('POST', '/api/v2/conversation/del', { conversation_id: second })).env.code).toBe(2405);
  });

  it('keeps notes on a conversation, optionally on one of its answers, and deletes them', async () => {
    const start = eventOf(await ask(reader, { question: 'What did the steamer bring?' }), 'start');
    const other = eventOf(await ask(reader, { question: 'When did automation begin?' }), 'start');
    const add = (body: Record<string, unknown>) => reader.api<Note>('POST', '/api/v2/note/add', { conversation_id: start.conversation_id, ...body });
    const onAnswer = await add({ record_id: start.record_id, content: 'Flour, coal, paraffin and letters.', page: 2 });
    expect(onAnswer.env.data).toMatchObject({ conversation_id: start.conversation_id, record_id: start.record_id, page: 2 });
    const plain = await add({ content: 'Check the port town.' });
    expect(plain.env.data).toMatchObject({ record_id: null, page: null });
    expect((await add({ record_id: other.record_id, content: 'Not in this conversation.' })).env.code).toBe(2405);

    const notes = async () => (await reader.api<{ notes: Note[] }>('GET', `/api/v2/note/list?conversation_id=${start.conversation_id}`)).env.data.notes;
    expect((await notes()).map((n) => n.content)).toEqual(['Flour, coal, paraffin and letters.', 'Check the port town.']);
    expect((await reader.api('DELETE', '/api/v2/note/delete', { note_id: onAnswer.env.data.note_id })).env.code).toBe(0);
    expect((await notes()).map((n) => n.note_id)).toEqual([plain.env.data.note_id]);
    expect((await reader.api('DELETE', '/api/v2/note/delete', { note_id: onAnswer.env.data.note_id })).env.code).toBe(2405);
  });

  it("rates an answer, its owner's only", async () => {
    const start = eventOf(await ask(reader, { question: 'How long was a watch?' }), 'start');
    expect((await reader.api('POST', '/api/v2/conversation/history/upvote', { record_id: start.record_id, vote: 1 })).env.code).toBe(0);
    expect((await detail(reader, start.conversation_id!)).records.at(-1)!.upvote).toBe(1);
    const stranger = (await signUp(server)).client;
    const refused = await stranger.api('POST', '/api/v2/conversation/history/upvote', { record_id: start.record_id, vote: -1 });
    expect([refused.http, refused.env.code]).toEqual([404, 2405]);
    expect((await detail(reader, start.conversation_id!)).records.at(-1)!.upvote).toBe(1);
  });

  it('regenerates an answer at most 5 times (CHAT_REFRESH_LIMIT)', async () => {
    const start = eventOf(await ask(reader, { question: 'What did the keepers write in the station log?' }), 'start');
    const regenerate = { conversation_id: start.conversation_id, record_id: start.record_id, question: 'ignored', regenerate: true };
    for (let i = 1; i <= 5; i += 1) {
      const events = await ask(reader, regenerate);
      expect(eventOf(events, 'start').record_id).toBe(start.record_id);
      expect(eventOf(events, 'done').cancelled).toBe(false);
    }
    const sixth = await openStream(reader, CHAT, { file_id: report.file_id, ...regenerate });
    expect(sixth.refused?.env.code).toBe('CHAT_REFRESH_LIMIT');
    const record = (await detail(reader, start.conversation_id!)).records.find((r) => r.record_id === start.record_id)!;
    expect(record).toMatchObject({ regenerations: 5, question: 'What did the keepers write in the station log?' });
    expect(record.answer).toContain('weather');
  });

  it('shares a conversation read-only: the same link each time, 30 % to guests (locked), all of it to signed-in visitors', async () => {
    const questions = ['When was the service founded?', 'How many stations were planned?', 'What was the budget in 1921?', 'When did the last keeper leave?'];
    let conversationId: string | null = null;
    for (const question of questions) {
      conversationId = eventOf(await ask(reader, { question, ...(conversationId ? { conversation_id: conversationId } : {}) }), 'start').conversation_id;
    }
    const shared = await reader.api<{ share_code: string; share_url: string }>('POST', '/api/v2/conversation/share', { conversation_id: conversationId });
    expect(shared.env.code).toBe(0);
    const { share_code: code, share_url: url } = shared.env.data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // PUBLIC_URL is unset here: the server's own address (its PORT, 0) stands for it.
    expect(url).toBe(`http://localhost:0/app/chat-pdf?conversation_share=${code}`);
    expect((await reader.api<{ share_code: string }>('POST', '/api/v2/conversation/share', { conversation_id: conversationId })).env.data.share_code).toBe(code);

    const guest = await newClient(server).api<ConversationPreview>('GET', `/api/v2/conversation/share/preview?share_code=${code}`);
    expect(guest.env.data).toMatchObject({ total_records: 4, locked: true });
    expect(guest.env.data.records.map((r) => r.question)).toEqual(questions.slice(0, 2));
    const visitor = (await signUp(server)).client;
    const signedIn = await visitor.api<ConversationPreview>('GET', `/api/v2/conversation/share/preview?share_code=${code}`);
    expect(signedIn.env.data).toMatchObject({ total_records: 4, locked: false });
    expect(signedIn.env.data.records.map((r) => r.question)).toEqual(questions);
    const unknown = await visitor.api('GET', '/api/v2/conversation/share/preview?share_code=AAAAAAAAAAAAAAAAAAAAAA');
    expect([unknown.http, unknown.env.code]).toEqual([404, 2405]);
    // Deleting the conversation ends its link.
    await reader.api('POST', '/api/v2/conversation/del', { conversation_id: conversationId });
    expect((await visitor.api('GET', `/api/v2/conversation/share/preview?share_code=${code}`)).env.code).toBe(2405);
  });

  it('AI read: summarize and rewrite need 250 characters (11005), ask and explain take 2,000 at most (AI_TEXT_TOO_LONG)', async () => {
    const read = (action: string, text: string) => reader.api<Completion>('POST', '/api/v2/chat/completion', { file_id: report.file_id, action, text });
    const short = 'The steamer brought flour, coal, paraffin and letters.';
    expect((await read('summarize', short)).env.code).toBe(11005);
    expect((await read('rewrite', short)).env.code).toBe(11005);
    const long = 'x'.repeat(2_001);
    expect((await read('ask', long)).env.code).toBe('AI_TEXT_TOO_LONG');
    expect((await read('explain', long)).env.code).toBe('AI_TEXT_TOO_LONG');
    const refusedStream = await openStream(reader, '/api/v2/chat/completion/stream', { file_id: report.file_id, action: 'summarize', text: short });
    expect(refusedStream.refused?.env.code).toBe(11005);

    expect(PAGE_TWO_SELECTION.length).toBeGreaterThanOrEqual(250);
    const summarized = await read('summarize', PAGE_TWO_SELECTION);
    expect(summarized.env.code).toBe(0);
    expect(summarized.env.data).toMatchObject({ action: 'summarize', provider: 'offline' });
    expect(summarized.env.data.answer).toContain('[p. 2]');
    expect(summarized.env.data.citations.every((c) => c.page === 2)).toBe(true);
    const asked = await read('ask', 'Who paid the light due?');
    expect(asked.env.data.answer).toContain('[p. 3]');
    expect(asked.env.data.tokens).toBeGreaterThan(0);

    const events = await streamed(reader, '/api/v2/chat/completion/stream', { file_id: report.file_id, action: 'rewrite', text: PAGE_TWO_SELECTION });
    expect(events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1])).toEqual(['start', 'token', 'citations', 'done']);
    expect((await reader.api('POST', '/api/v2/conversation/history/upvote', { record_id: eventOf(events, 'start').record_id, vote: -1 })).env.code).toBe(0);
  });

  it('refuses a document of more than 200 pages (AI_PAGE_LIMIT)', async () => {
    const big = makePdf(Array.from({ length: 201 }, (_, i) => `Page ${i + 1}`));
    const info = await boundDocument(server, reader, 'big.pdf', big);
    expect(info).toMatchObject({ state: 'failed', error_code: 'AI_PAGE_LIMIT', total_page: 201 });
    // Once its pages are known, binding refuses it at once.
    const bound = await reader.api('POST', '/api/file/bind', { file_ids: [info.file_id] });
    expect(bound.env.code).toBe(0);
    expect((await analysed(reader, info.file_id)).error_code).toBe('AI_PAGE_LIMIT');
    expect((await reader.api('GET', `/api/document/info?file_id=${info.file_id}`)).env.code).toBe(0);
    expect((await reader.api('POST', '/api/file/bind', { file_ids: [info.file_id] })).env.code).toBe('AI_PAGE_LIMIT');
    const chat = await openStream(reader, CHAT, { file_id: info.file_id, question: 'Anything?' });
    expect(chat.refused?.env.code).toBe('AI_PAGE_LIMIT');
  });

  const tesseract = spawnSync('tesseract', ['--version'], { stdio: 'ignore' }).status === 0;

  it(`reads a scanned (image-only) PDF ${tesseract ? 'by OCR' : 'as NEED_OCR (no tesseract here)'}`, async () => {
    const scan = scanOf(makeTextPdf([{ paragraphs: ['The harbour master recorded four hundred ships in the summer of 1923.', 'Every ship paid the light due at the harbour office.'] }]));
    const info = await boundDocument(server, reader, 'scan.pdf', scan, { timeoutMs: 120_000 });
    if (!tesseract) {
      expect(info).toMatchObject({ state: 'failed', error_code: 'NEED_OCR' });
      return;
    }
    expect(info).toMatchObject({ state: 'success', ocr: true, analysed_pages: 1 });
    const events = await streamed(reader, CHAT, { file_id: info.file_id, question: 'How many ships did the harbour master record?' });
    expect(answerOf(events)).toMatch(/four hundred ships.*\[p\. 1\]/);
  }, 180_000);

  it('answers file/info 90001 for an own file never bound and 2405 for another user’s, and refuses a chat while analysing', async () => {
    const { file_id } = await upload(server, 'unbound.pdf', lighthouseReport(), undefined, reader);
    expect((await reader.api('POST', '/api/v2/file/info', { file_id })).env.code).toBe(90001);
    const stranger = (await signUp(server)).client;
    expect((await stranger.api('POST', '/api/v2/file/info', { file_id: report.file_id })).env.code).toBe(2405);
    expect((await stranger.api('POST', '/api/file/bind', { file_ids: [report.file_id] })).env.code).toBe(2405);
    queryDb(server, "update ai_documents set state = 'analyses' where file_id = ?", report.file_id);
    try {
      expect((await openStream(reader, CHAT, { file_id: report.file_id, question: BUDGET_QUESTION })).refused?.env.code).toBe('AI_NOT_READY');
    } finally {
      queryDb(server, "update ai_documents set state = 'success' where file_id = ?", report.file_id);
    }
  });

  it('hands the viewer a signed URL of the bound PDF', async () => {
    const url = await reader.api<{ download_url: string; expires_at: number }>('GET', `/api/v2/file/download-url?file_id=${report.file_id}`);
    expect(url.env.code).toBe(0);
    expect(url.env.data.expires_at).toBeGreaterThan(Date.now());
    const res = await fetch(new URL(url.env.data.download_url, server.baseUrl));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(lighthouseReport())).toBe(true);
  });

  it('drops the binding and its stored index when the document is deleted', async () => {
    const { file_id } = await upload(server, 'kept.pdf', lighthouseReport(), undefined, reader, { auto_oss_upload: true });
    expect((await reader.api('POST', '/api/file/bind', { file_ids: [file_id] })).env.code).toBe(0);
    expect((await analysed(reader, file_id)).state).toBe('success');
    expect(await storedKeys(server, 'ai/')).toContain(`${file_id}.json`);
    expect((await reader.api('DELETE', `/api/v2/cloud/file/delete/${file_id}`)).env.code).toBe(0);
    expect(await storedKeys(server, 'ai/')).not.toContain(`${file_id}.json`);
    expect(queryDb(server, 'select file_id from ai_documents where file_id = ?', file_id)).toEqual([]);
    expect((await reader.api('POST', '/api/v2/file/info', { file_id })).env.code).toBe(2405);
  });
});

describe('AI limits with the paywalls on', () => {
  const server = useServer({ env: { PAYWALLS: 'on' } });

  async function freeUser(): Promise<{ client: Client; owner: string; file: AiFileInfo }> {
    const { client, email } = await signUp(server);
    const file = await boundDocument(server, client, 'lighthouses.pdf', lighthouseReport());
    return { client, owner: await ownerOf(server, email), file };
  }

  const seed = (owner: string, tokensUsed: number, questionsUsed: number) => queryDb(server,
    'insert into ai_usage (owner, period, tokens_used, questions_used) values (?, ?, ?, ?) on conflict (owner, period) do update set tokens_used = excluded.tokens_used, questions_used = excluded.questions_used',
    owner, period(), tokensUsed, questionsUsed);

  it("reports the free tier's month: 5,000 tokens and 50 questions", async () => {
    const { client } = await freeUser();
    expect(await tokens(client)).toMatchObject({ used_tokens: 0, total_tokens: 5_000, used_questions: 0, total_questions: 50, period: period(), provider: 'offline' });
  });

  it("refuses a question past the month's 50 (11007), chat and AI read alike", async () => {
    const { client, owner, file } = await freeUser();
    seed(owner, 0, 50);
    const chat = await openStream(client, CHAT, { file_id: file.file_id, question: BUDGET_QUESTION });
    expect(chat.refused?.env.code).toBe(11007);
    expect((await client.api('POST', '/api/v2/chat/completion', { file_id: file.file_id, action: 'ask', text: BUDGET_QUESTION })).env.code).toBe(11007);
    expect((await tokens(client)).used_questions).toBe(50);
  });

  it('refuses a question once the tokens are used up (11003)', async () => {
    const { client, owner, file } = await freeUser();
    seed(owner, 5_000, 3);
    const chat = await openStream(client, CHAT, { file_id: file.file_id, question: BUDGET_QUESTION });
    expect(chat.refused?.env.code).toBe(11003);
    expect(queryDb<{ n: number }>(server, 'select count(*) as n from ai_conversations where owner = ?', owner)).toEqual([{ n: 0 }]);
  });

  it('lets only one of two racing questions take the last of the month', async () => {
    const { client, owner, file } = await freeUser();
    seed(owner, 0, 49);
    const both = await Promise.all([1, 2].map(() => openStream(client, CHAT, { file_id: file.file_id, question: BUDGET_QUESTION })));
    const refused = both.filter((b) => b.refused).map((b) => b.refused!.env.code);
    expect(refused).toEqual([11007]);
    for (const b of both) if (!b.refused) await b.events.rest();
    expect((await tokens(client)).used_questions).toBe(50);
  });

  it('reads the first 20 pages of a longer document in the chat trial, and says so on the summary card', async () => {
    const { client } = await signUp(server);
    const pages = Array.from({ length: 25 }, (_, i) => ({ paragraphs: [`Chapter ${i + 1} tells how the keepers of station ${i + 1} kept the light burning through the storms of winter.`] }));
    const info = await boundDocument(server, client, 'long.pdf', makeTextPdf(pages));
    expect(info).toMatchObject({ state: 'success', total_page: 25, analysed_pages: 20 });
    const card = await client.api<AiSummary>('POST', '/api/v2/chat/summary', { file_id: info.file_id });
    expect(card.env.data.message).toMatch(/first 20 pages/);
    expect(card.env.data.sentences.every((s) => s.page <= 20)).toBe(true);
    expect(card.env.data).toMatchObject({ total: 5_000 });
  });
});

describe('AI tools with an OpenAI-compatible endpoint (a local mock)', () => {
  let mock: OpenAiMock;
  let server: TestServer;
  let reader: Client;
  let report: AiFileInfo;

  beforeAll(async () => {
    mock = await startOpenAiMock();
    server = await startServer({ env: { AI_PROVIDER: 'openai', AI_BASE_URL: mock.baseUrl, AI_MODEL: 'mock-model' } });
    reader = (await signUp(server)).client;
    report = await boundDocument(server, reader, 'lighthouses.pdf', lighthouseReport());
  });

  afterAll(async () => {
    await server.stop();
    removeDir(server.dataDir);
    await mock.close();
  });

  it('streams the endpoint’s tokens, cites the pages it names, counts its usage and says the provider is openai', async () => {
    const pieces = ['The annual budget ', 'was 4.2 million kronor', ' in 1921 [p. 3].'];
    mock.behave({ pieces, usage: { prompt_tokens: 321, completion_tokens: 12 } });
    const events = await streamed(reader, CHAT, { file_id: report.file_id, question: BUDGET_QUESTION });
    expect(eventOf(events, 'start').provider).toBe('openai');
    expect(events.filter((e) => e.type === 'token').map((e) => (e as { text: string }).text)).toEqual(pieces);
    const citation = eventOf(events, 'citations').citations.find((c) => c.page === 3);
    expect(citation?.quote).toContain('4.2 million kronor');
    expect(eventOf(events, 'done')).toEqual({ type: 'done', tokens: 333, cancelled: false });
    expect((await tokens(reader)).used_tokens).toBe(333);

    const sent = mock.requests.at(-1)!.body;
    expect(sent).toMatchObject({ model: 'mock-model', stream: true });
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('<document page="3">');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: BUDGET_QUESTION });
    const record = (await detail(reader, eventOf(events, 'start').conversation_id!)).records[0]!;
    expect(record).toMatchObject({ provider: 'openai', answer: pieces.join('') });
  });

  it('sends the last 3 turns of the conversation with a question', async () => {
    mock.behave({ pieces: ['Noted [p. 1].'] });
    let conversationId: string | undefined;
    for (const question of ['First?', 'Second?', 'Third?', 'Fourth?']) {
      const events = await streamed(reader, CHAT, { file_id: report.file_id, question, ...(conversationId ? { conversation_id: conversationId } : {}) });
      conversationId = eventOf(events, 'start').conversation_id!;
    }
    const sent = mock.requests.at(-1)!.body.messages.map((m) => `${m.role}:${m.role === 'system' ? '' : m.content}`);
    expect(sent).toEqual([
      'system:', 'user:First?', 'assistant:Noted [p. 1].', 'user:Second?', 'assistant:Noted [p. 1].', 'user:Third?', 'assistant:Noted [p. 1].', 'user:Fourth?',
    ]);
  });

  it('writes the summary card through the endpoint, metered', async () => {
    mock.behave({ pieces: ['The service kept the northern coast lit from 1874 [p. 1]. ', 'It cost 4.2 million kronor in 1921 [p. 3].'], usage: { prompt_tokens: 500, completion_tokens: 30 } });
    const card = await reader.api<AiSummary>('POST', '/api/v2/chat/summary', { file_id: report.file_id });
    expect(card.env.code).toBe(0);
    expect(card.env.data).toMatchObject({ provider: 'openai', per_tokens: 530 });
    expect(card.env.data.sentences).toEqual([
      { text: 'The service kept the northern coast lit from 1874.', page: 1 },
      { text: 'It cost 4.2 million kronor in 1921.', page: 3 },
    ]);
    expect(mock.requests.at(-1)!.body.messages.at(-1)!.content).toBe('Summarize the document passages.');
  });

  it('answers 11006 when the endpoint fails, and gives the question back', async () => {
    mock.behave({ pieces: [], status: 500 });
    const before = await tokens(reader);
    const events = await streamed(reader, CHAT, { file_id: report.file_id, question: BUDGET_QUESTION });
    expect(events.map((e) => e.type)).toEqual(['start', 'error']);
    expect(eventOf(events, 'error').code).toBe(11006);
    const completion = await reader.api('POST', '/api/v2/chat/completion', { file_id: report.file_id, action: 'ask', text: BUDGET_QUESTION });
    expect([completion.http, completion.env.code]).toEqual([503, 11006]);
    expect(await tokens(reader)).toMatchObject({ used_questions: before.used_questions, used_tokens: before.used_tokens });
  });

  it('keeps a stream the client left mid-way as cancelled, counts what was sent, stops the endpoint, and serves on', async () => {
    mock.behave({ pieces: Array.from({ length: 200 }, (_, i) => `word${i} `), delayMs: 25 });
    const before = await tokens(reader);
    const leaving = new AbortController();
    const opened = await openStream(reader, CHAT, { file_id: report.file_id, question: 'Tell me everything.' }, leaving.signal);
    if (opened.refused) throw new Error(JSON.stringify(opened.refused));
    const start = (await opened.events.next()) as Extract<AiStreamEvent, { type: 'start' }>;
    for (let tokensSeen = 0; tokensSeen < 3;) if ((await opened.events.next())?.type === 'token') tokensSeen += 1;
    leaving.abort();

    // The endpoint's request is closed before its answer ends: the provider was stopped.
    expect(await mock.requests.at(-1)!.closed).toEqual({ finished: false });
    const record = await until(async () => (await detail(reader, start.conversation_id!)).records.find((r) => r.record_id === start.record_id), (r) => r !== undefined);
    expect(record!.cancelled).toBe(true);
    expect(record!.answer).toMatch(/^word0 word1 word2 /);
    expect(record!.answer).not.toContain('word199');
    const after = await until(() => tokens(reader), (t) => t.used_tokens > before.used_tokens);
    expect(after.used_questions).toBe(before.used_questions + 1);

    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    mock.behave({ pieces: ['Still here [p. 1].'] });
    expect(answerOf(await streamed(reader, CHAT, { file_id: report.file_id, question: 'Are you there?' }))).toBe('Still here [p. 1].');
  });

  it('stops a running stream on /v2/stream/cancel: done says cancelled, the record keeps what was written', async () => {
    mock.behave({ pieces: Array.from({ length: 200 }, (_, i) => `part${i} `), delayMs: 25 });
    const opened = await openStream(reader, CHAT, { file_id: report.file_id, question: 'Go on and on.' });
    if (opened.refused) throw new Error(JSON.stringify(opened.refused));
    const start = (await opened.events.next()) as Extract<AiStreamEvent, { type: 'start' }>;
    expect((await opened.events.next())?.type).toBe('token');
    const stranger = (await signUp(server)).client;
    expect((await stranger.api('GET', `/api/v2/stream/cancel?record_id=${start.record_id}`)).env.code).toBe(2405);
    expect((await reader.api('GET', `/api/v2/stream/cancel?record_id=${start.record_id}`)).env.code).toBe(0);
    const rest = await opened.events.rest();
    const done = rest.at(-1);
    expect(done).toMatchObject({ type: 'done', cancelled: true });
    expect((done as { tokens: number }).tokens).toBeGreaterThan(0);
    const record = (await detail(reader, start.conversation_id!)).records.find((r) => r.record_id === start.record_id)!;
    expect(record.cancelled).toBe(true);
    expect(record.answer).toMatch(/^part0 /);
    expect(record.answer).not.toContain('part199');
    // A finished stream's cancel is a no-op for its owner.
    expect((await reader.api('GET', `/api/v2/stream/cancel?record_id=${start.record_id}`)).env.code).toBe(0);
  });
});
