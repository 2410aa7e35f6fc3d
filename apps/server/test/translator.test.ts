/**
 * The document translator over real HTTP: a PDF translated English to Spanish by the real
 * Apertium and written back by the real MuPDF engine, the bilingual and DOCX variants, the
 * pairs offered, refusals (another user's file, a pair not installed, not signed in), the
 * month's tokens counted; and with an OpenAI-compatible endpoint (a MOCK speaking the wire
 * format) a right-to-left target.
 */
import { readTextBoxes } from '@pagewright/engine';
import type { TaskCreated, TaskResult, TokensInfo, TranslatorLanguagesInfo } from '@pagewright/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leftoverTempFiles, newClient, queryDb, removeDir, signUp, startServer, upload, waitForTask, type Client, type TestServer } from './harness.js';
import { startOpenAiMock, type OpenAiMock } from './openAiMock.js';
import { encryptPdf, makeTextPdf } from './pdfFixtures.js';
import { pageTexts } from './readBack.js';

const HEADING = 'The annual report';
const PAGES = [
  { heading: HEADING, paragraphs: ['The house is big and the garden is green. My brother works in the city every day.', 'The results of the year were good for the company.'] },
  { paragraphs: ['The second page speaks about the trains of the country.'] },
];

let server: TestServer;
let alice: Client;
let bob: Client;
let scratch: string;

beforeAll(async () => {
  server = await startServer();
  alice = (await signUp(server)).client;
  bob = (await signUp(server)).client;
  scratch = mkdtempSync(path.join(tmpdir(), 'pw-translator-'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(scratch);
});

async function translate(client: Client, body: Record<string, unknown>): Promise<{ result: TaskResult; bytes: Buffer }> {
  const created = await client.api<TaskCreated>('POST', '/api/v2/translate/document', body);
  if (created.env.code !== 0) throw new Error(`refused: ${JSON.stringify(created.env)}`);
  const result = await waitForTask(server, created.env.data.task_id, 120_000, client);
  const res = await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
  return { result, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Glyph ids MuPDF draws on page 1 in fonts named like `font` (an ActualText's characters, glyph -1, left out). */
function drawnGlyphIds(bytes: Buffer, font: RegExp): number[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const ids: number[] = [];
  try {
    const page = doc.loadPage(0);
    const device = new mupdf.Device({
      fillText(text) {
        text.walk({ showGlyph: (f, _trm, gid) => void (font.test(f.getName()) && gid >= 0 && ids.push(gid)) });
      },
    });
    page.run(device, mupdf.Matrix.identity);
    device.close();
    page.destroy();
  } finally {
    doc.destroy();
  }
  return ids;
}

/** Where the line holding `word` stands on page 1, by the engine's own layout analysis. */
async function boxWith(bytes: Buffer, word: RegExp): Promise<{ x0: number; y0: number; x1: number } | undefined> {
  const file = path.join(scratch, `read-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  const pages = await readTextBoxes({ path: file });
  return pages[0]!.boxes.find((b) => word.test(b.text))?.rect;
}

describe('ai-translator through the API (real Apertium, real MuPDF)', () => {
  it('offers the installed Apertium pairs, English to Spanish among them, and nothing it cannot translate', async () => {
    const res = await alice.api<TranslatorLanguagesInfo>('GET', '/api/v2/translate/languages');
    expect(res.env.code).toBe(0);
    expect(res.env.data).toMatchObject({ provider: 'offline', any_pair: false });
    expect(res.env.data.pairs).toContainEqual({ source: 'en', target: 'es' });
    expect(res.env.data.languages).not.toContain('ja');
  });

  it('translates an English PDF into Spanish: Spanish words on page 1 where the English heading was, the English gone, the tokens counted', async () => {
    const pdf = makeTextPdf(PAGES);
    const fileId = (await upload(server, 'report.pdf', pdf, undefined, alice)).file_id;
    const before = await alice.api<TokensInfo>('GET', '/api/v2/chat/gpt-token/check');
    const { result, bytes } = await translate(alice, { file_id: fileId, source_lang: 'en', target_lang: 'es' });
    const item = result.items[0]!;
    expect(item.status).toBe(0);
    expect(item.output_file_name).toBe('report-es.pdf');
    const texts = pageTexts(bytes);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/casa/u);
    expect(texts[0]).toMatch(/hermano/u);
    expect(texts[0]).toMatch(/ciudad/u);
    expect(texts[0]).not.toMatch(/brother/u);
    expect(texts[1]).toMatch(/trenes/u);
    const english = await boxWith(pdf, /annual report/u);
    const spanish = await boxWith(bytes, /informe anual/u);
    expect(spanish).toBeDefined();
    expect(Math.abs(spanish!.x0 - english!.x0)).toBeLessThan(2);
    expect(Math.abs(spanish!.y0 - english!.y0)).toBeLessThan(4);
    const after = await alice.api<TokensInfo>('GET', '/api/v2/chat/gpt-token/check');
    expect(after.env.data.used_tokens).toBeGreaterThan(before.env.data.used_tokens);
    expect(leftoverTempFiles(server)).toEqual([]);
  });

  it('gives the bilingual variant (original page, then its translation) and the DOCX', async () => {
    const fileId = (await upload(server, 'report.pdf', makeTextPdf(PAGES), undefined, alice)).file_id;
    const bilingual = await translate(alice, { file_id: fileId, source_lang: 'en', target_lang: 'es', layout: 'bilingual' });
    expect(bilingual.result.items[0]!.output_file_name).toBe('report-es-bilingual.pdf');
    const texts = pageTexts(bilingual.bytes);
    expect(texts).toHaveLength(4);
    expect(texts[0]).toMatch(/brother/u);
    expect(texts[1]).toMatch(/hermano/u);
    const docx = await translate(alice, { file_id: fileId, source_lang: 'en', target_lang: 'es', layout: 'docx' });
    expect(docx.result.items[0]!.output_file_name).toBe('report-es.docx');
    expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('asks for the password of an encrypted PDF (3122) and translates it with the password', async () => {
    const fileId = (await upload(server, 'locked.pdf', encryptPdf(makeTextPdf(PAGES), 'secret'), undefined, alice)).file_id;
    const created = await alice.api<TaskCreated>('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'es' });
    expect((await waitForTask(server, created.env.data.task_id, 60_000, alice)).items[0]!.status).toBe(3122);
    const { result, bytes } = await translate(alice, { file_id: fileId, password: 'secret', source_lang: 'en', target_lang: 'es' });
    expect(result.items[0]!.status).toBe(0);
    expect(pageTexts(bytes)[0]).toMatch(/hermano/u);
  });

  it("refuses another user's file without telling that it exists", async () => {
    const fileId = (await upload(server, 'mine.pdf', makeTextPdf(PAGES), undefined, alice)).file_id;
    const res = await bob.api('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'es' });
    expect({ http: res.http, code: res.env.code }).toEqual({ http: 404, code: 2405 });
  });

  it('fails a PDF without text to translate with TRANSLATE_NO_TEXT, leaving nothing behind', async () => {
    const fileId = (await upload(server, 'numbers.pdf', makeTextPdf([{ paragraphs: ['2024 2025 12.5 %'] }]), undefined, alice)).file_id;
    const created = await alice.api<TaskCreated>('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'es' });
    const result = await waitForTask(server, created.env.data.task_id, 60_000, alice);
    expect(result.items[0]!.status).toBe('TRANSLATE_NO_TEXT');
    expect(leftoverTempFiles(server)).toEqual([]);
  });

  it('refuses a pair no installed Apertium package translates, and a guest', async () => {
    const fileId = (await upload(server, 'report.pdf', makeTextPdf(PAGES), undefined, alice)).file_id;
    const res = await alice.api('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'ja' });
    expect(res.env.code).toBe('TRANSLATE_PAIR_UNAVAILABLE');
    const guest = await newClient(server).api('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'es' });
    expect(guest.env.code).not.toBe(0);
  });
});

describe('ai-translator with an OpenAI-compatible endpoint (a MOCK server speaking the wire format)', () => {
  let mock: OpenAiMock;
  let llmServer: TestServer;

  beforeAll(async () => {
    mock = await startOpenAiMock();
    llmServer = await startServer({ env: { AI_PROVIDER: 'openai', AI_BASE_URL: mock.baseUrl, AI_MODEL: 'mock-model' } });
  });

  afterAll(async () => {
    await llmServer.stop();
    removeDir(llmServer.dataDir);
    await mock.close();
  });

  it('offers the 52 languages and writes an Arabic translation right to left, ending at the right edge of the box', async () => {
    const { client } = await signUp(llmServer);
    const info = await client.api<TranslatorLanguagesInfo>('GET', '/api/v2/translate/languages');
    expect(info.env.data).toMatchObject({ provider: 'openai', any_pair: true });
    expect(info.env.data.languages).toHaveLength(52);
    mock.behave({ pieces: ['[[1]] تقرير'] });
    const pdf = makeTextPdf([{ paragraphs: ['Report'] }]);
    const fileId = (await upload(llmServer, 'short.pdf', pdf, undefined, client)).file_id;
    const created = await client.api<TaskCreated>('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'ar' });
    expect(created.env.code).toBe(0);
    const result = await waitForTask(llmServer, created.env.data.task_id, 60_000, client);
    expect(result.items[0]!.status).toBe(0);
    const bytes = Buffer.from(await (await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`)).arrayBuffer());
    // MuPDF reads right-to-left text back in reading order only when its glyphs stand right to left.
    expect(pageTexts(bytes)[0]!.normalize('NFKC')).toContain('تقرير');
    const english = await boxWith(pdf, /Report/u);
    const arabic = await boxWith(bytes, /تقرير/u);
    expect(Math.abs(arabic!.x1 - english!.x1)).toBeLessThan(3);
    expect(mock.requests[0]!.body.messages[0]!.content).toMatch(/English to Arabic/u);
  });

  it('writes a Hindi translation shaped (conjunct glyphs, not the letters one by one) where the English was, and pdftotext reads the Hindi back', async () => {
    const { client } = await signUp(llmServer);
    const hindi = 'क्षत्रिय किताब हिन्दी';
    mock.behave({ pieces: [`[[1]] ${hindi}`] });
    const pdf = makeTextPdf([{ paragraphs: ['Report'] }]);
    const fileId = (await upload(llmServer, 'short-hi.pdf', pdf, undefined, client)).file_id;
    const created = await client.api<TaskCreated>('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'hi' });
    expect(created.env.code).toBe(0);
    const result = await waitForTask(llmServer, created.env.data.task_id, 60_000, client);
    expect(result.items[0]!.status).toBe(0);
    const bytes = Buffer.from(await (await client.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`)).arrayBuffer());
    const file = path.join(scratch, 'short-hi.pdf');
    writeFileSync(file, bytes);
    // The box of 'Report' is narrow: the Hindi wraps, which pdftotext gives as a line break.
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/gu, ' ')).toContain(hindi);
    // Shaped: fewer Devanagari glyphs drawn than letters (क्ष, त्र, न् are one glyph each); unshaped, one glyph a letter.
    const glyphs = drawnGlyphIds(bytes, /Devanagari/u);
    expect(glyphs.length).toBeGreaterThan(0);
    expect(glyphs.length).toBeLessThan([...hindi.replace(/ /gu, '')].length);
    const english = await boxWith(pdf, /Report/u);
    const written = await boxWith(bytes, /किताब/u);
    expect(Math.abs(written!.x0 - english!.x0)).toBeLessThan(3);
    expect(mock.requests.at(-1)!.body.messages[0]!.content).toMatch(/English to Hindi/u);
  });
});

describe('ai-translator metering with the paywalls on', () => {
  let paid: TestServer;

  beforeAll(async () => {
    paid = await startServer({ env: { PAYWALLS: 'on' } });
  });

  afterAll(async () => {
    await paid.stop();
    removeDir(paid.dataDir);
  });

  it("refuses a translation once the month's AI tokens are used up (11003), before any task starts", async () => {
    const { client, email } = await signUp(paid);
    const fileId = (await upload(paid, 'report.pdf', makeTextPdf(PAGES), undefined, client)).file_id;
    const [user] = queryDb<{ user_id: string }>(paid, 'select user_id from users where email = ?', email);
    const period = new Date().toISOString().slice(0, 7);
    queryDb(paid, 'insert into ai_usage (owner, period, tokens_used, questions_used) values (?, ?, ?, 0)', `u:${user!.user_id}`, period, 5_000);
    const res = await client.api('POST', '/api/v2/translate/document', { file_id: fileId, source_lang: 'en', target_lang: 'es' });
    expect(res.env.code).toBe(11003);
    expect(queryDb<{ n: number }>(paid, "select count(*) as n from tasks where kind = 'translate'")).toEqual([{ n: 0 }]);
  });

  it('measures a translation by the AI read limits (SPEC §9: 260 pages for every tier), not the PDF tools\' 100 free pages', async () => {
    const { client } = await signUp(paid);
    const pages = (count: number) => makeTextPdf(Array.from({ length: count }, (_, i) => ({ paragraphs: [`Page ${i + 1} of the long report.`] })));
    const long = (await upload(paid, 'long.pdf', pages(261), undefined, client)).file_id;
    const refused = await client.api('POST', '/api/v2/translate/document', { file_id: long, source_lang: 'en', target_lang: 'es' });
    // Over the AI maximum no upgrade helps (PAGES_EXCEEDED); under the PDF key it would ask for one (PAGES_UPGRADE).
    expect(refused.env.code).toBe('PAGES_EXCEEDED');
  });
});
