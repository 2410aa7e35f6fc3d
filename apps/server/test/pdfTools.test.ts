import { execFileSync } from 'node:child_process';
import type { TaskCreated, TaskResult } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { api, leftoverTempFiles, upload, waitForTask, useServer } from './harness.js';
import { encryptPdf, makePdf } from './pdfFixtures.js';
import { pageGeometry, pageImageCounts, pageTexts, qpdfRequiresPassword, textImagePng, unzipEntries } from './readBack.js';

const server = useServer();

/** Starts a tool call, waits for its task, and returns the item and the downloaded bytes. */
async function runTool(url: string, body: unknown): Promise<{ item: TaskResult['items'][number]; bytes: Buffer | null }> {
  const created = await api<TaskCreated>(server, 'POST', url, body);
  if (created.env.code !== 0) throw new Error(`${url} refused: ${JSON.stringify(created.env)}`);
  const result = await waitForTask(server, created.env.data.task_id, 120_000);
  const item = result.items[0]!;
  if (item.status !== 0) return { item, bytes: null };
  const res = await server.guest.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
  return { item, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function pdfFile(name: string, texts: string[]): Promise<string> {
  return (await upload(server, name, makePdf(texts))).file_id;
}


describe('organize tools through the API', () => {
  it('split-pdf by ranges gives a zip of PDFs whose pages add up', async () => {
    const fileId = await pdfFile('book.pdf', ['p1', 'p2', 'p3', 'p4', 'p5']);
    const { item, bytes } = await runTool('/api/split', { file_id: fileId, mode: 'ranges', ranges: '1-2,3-5' });
    expect(item.status).toBe(0);
    const entries = unzipEntries(bytes!);
    // Named after the upload, not after the task's stored copy.
    expect([...entries.keys()]).toEqual(['book-1-2.pdf', 'book-3-5.pdf']);
    const parts = [...entries.values()].map(pageTexts);
    expect(parts).toEqual([['p1', 'p2'], ['p3', 'p4', 'p5']]);
  });

  it('split-pdf refuses a malformed range with the format message', async () => {
    const fileId = await pdfFile('book.pdf', ['p1']);
    const r = await api(server, 'POST', '/api/split', { file_id: fileId, mode: 'ranges', ranges: '1-' });
    expect(r.env).toMatchObject({ code: 'PAGE_RANGE_FORMAT', msg: 'Please input something like: 1, 6-159, or 59-100' });
  });

  it('rotate-pdf turns only the named pages', async () => {
    const fileId = await pdfFile('r.pdf', ['a', 'b', 'c']);
    const { bytes } = await runTool('/api/document/rotate', { file_id: fileId, angle: 90, pages: '1,3' });
    expect(pageGeometry(bytes!).map((g) => g.rotate)).toEqual([90, 0, 90]);
  });

  it('crop-pdf shrinks the named pages by the margins', async () => {
    const fileId = await pdfFile('c.pdf', ['a', 'b']);
    const { bytes } = await runTool('/api/document/cut', { file_id: fileId, l: 10, r: 20, t: 30, b: 40, pages: '1' });
    const geometry = pageGeometry(bytes!);
    expect(geometry[0]).toMatchObject({ width: 612 - 30, height: 792 - 70 });
    expect(geometry[1]).toMatchObject({ width: 612, height: 792 });
  });

  it('delete-pages removes the named pages and rearrange-pdf-pages reorders', async () => {
    const fileId = await pdfFile('d.pdf', ['one', 'two', 'three']);
    const deleted = await runTool('/api/extract_page', { file_id: fileId, delete_pages: '2' });
    expect(pageTexts(deleted.bytes!)).toEqual(['one', 'three']);
    const rearranged = await runTool('/api/extract_page', { file_id: fileId, order: [3, 1, 2], rotations: { 1: 180 } });
    expect(pageTexts(rearranged.bytes!)).toEqual(['three', 'one', 'two']);
    expect(pageGeometry(rearranged.bytes!).map((g) => g.rotate)).toEqual([0, 180, 0]);
  });

  it('extract-images-from-pdf fails a PDF without images with 2405', async () => {
    const fileId = await pdfFile('text-only.pdf', ['words']);
    const { item } = await runTool('/api/extract_images', { file_id: fileId });
    expect(item).toMatchObject({ status: 2405, is_done: true });
  });
});

describe('protect tools through the API', () => {
  it('protect-pdf encrypts so that qpdf says a password is required', async () => {
    const fileId = await pdfFile('p.pdf', ['secret']);
    const { bytes } = await runTool('/api/encrypt', { file_id: fileId, new_password: 'secret123' });
    expect(qpdfRequiresPassword(bytes!)).toBe(0);
  });

  it('protect-pdf refuses a five-character password with the spec message', async () => {
    const fileId = await pdfFile('p.pdf', ['secret']);
    const r = await api(server, 'POST', '/api/encrypt', { file_id: fileId, new_password: '12345' });
    expect(r.env).toMatchObject({ code: 'PASSWORD_LENGTH', msg: 'The password must contain between 6 and 20 characters.' });
  });

  it('unlock-pdf removes the password, and refuses an unprotected file with NOT_PROTECTED', async () => {
    const locked = (await upload(server, 'locked.pdf', encryptPdf(makePdf(['inside']), 'openpassword'))).file_id;
    const { bytes } = await runTool('/api/decode', { file_id: locked, password: 'openpassword' });
    expect(qpdfRequiresPassword(bytes!)).toBe(2);
    expect(pageTexts(bytes!)).toEqual(['inside']);
    const open = await pdfFile('open.pdf', ['x']);
    const refused = await runTool('/api/decode', { file_id: open, password: 'whatever' });
    expect(refused.item).toMatchObject({ status: 'NOT_PROTECTED', msg: 'This file is not password protected. There is no need to unlock it.' });
  });
});

describe('edit tools through the API', () => {
  it('compress-pdf reports its sizes and never returns a larger file', async () => {
    const pdf = makePdf(['small']);
    const fileId = (await upload(server, 'small.pdf', pdf)).file_id;
    const { item, bytes } = await runTool('/api/compress', { file_id: fileId, level: 'medium' });
    expect(bytes!.length).toBeLessThanOrEqual(pdf.length);
    expect(item.detail).toMatchObject({ input_size: pdf.length, output_size: bytes!.length });
  });

  it('compress-pdf runs a batch under one multi_id and zips the results', async () => {
    const a = await pdfFile('a.pdf', ['a']);
    const b = await pdfFile('b.pdf', ['b']);
    for (const fileId of [a, b]) {
      expect((await api(server, 'POST', '/api/compress', { file_id: fileId, level: 'low', multi_id: 'cbatch' })).env.code).toBe(0);
    }
    const deadline = Date.now() + 60_000;
    let items: TaskResult['items'] = [];
    while (Date.now() < deadline) {
      items = (await api<TaskResult>(server, 'GET', '/api/get-task-result?multi_id=cbatch')).env.data.items;
      if (items.every((i) => i.is_done)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(items.map((i) => i.status)).toEqual([0, 0]);
    const zip = Buffer.from(await (await server.guest.fetch(`/api/document/download-doc-bulk?multi_id=cbatch`)).arrayBuffer());
    expect([...unzipEntries(zip).keys()]).toEqual(['a-compressed.pdf', 'b-compressed.pdf']);
  });

  it('redact-pdf removes a searched word from the text and keeps the rest', async () => {
    const fileId = await pdfFile('r.pdf', ['Lorem ipsum dolor']);
    const { bytes } = await runTool(`/api/document/redaction/${fileId}/redaction`, { search: ['ipsum'] });
    const text = pageTexts(bytes!)[0]!;
    expect(text).not.toContain('ipsum');
    expect(text).toContain('Lorem');
  });

  it('redact-pdf with the password in the path opens an encrypted file', async () => {
    const fileId = (await upload(server, 'lr.pdf', encryptPdf(makePdf(['Lorem ipsum']), 'openpassword'))).file_id;
    const { bytes } = await runTool(`/api/document/redaction/${fileId}/redaction/openpassword`, { search: ['Lorem'] });
    expect(pageTexts(bytes!)[0]).not.toContain('Lorem');
  });

  it('replace-text puts the new word where the old one was', async () => {
    const fileId = await pdfFile('t.pdf', ['Hello old world']);
    const { item, bytes } = await runTool('/api/document/replacetext', { file_id: fileId, find: 'old', replace: 'new' });
    expect(item.detail).toMatchObject({ replacements: 1 });
    const text = pageTexts(bytes!)[0]!;
    expect(text).toContain('new');
    expect(text).not.toContain('old');
  });

  it('sign-pdf stamps an uploaded signature image on the chosen page', async () => {
    const fileId = await pdfFile('s.pdf', ['contract', 'signature page']);
    const signature = (await upload(server, 'sig.png', textImagePng('J. Doe', 72))).file_id;
    const { bytes } = await runTool(`/api/document/content/${fileId}/sign`, {
      placements: [{ sign_file_id: signature, page: 2, x: 300, y: 600, w: 200, h: 40 }],
    });
    expect(pageImageCounts(bytes!)).toEqual([0, 1]);
  });

  it('refuses, before any task, a file whose extension the tool does not accept', async () => {
    const doc = (await upload(server, 'letter.docx', makePdf(['x']))).file_id;
    const compress = await api(server, 'POST', '/api/compress', { file_id: doc, level: 'medium' });
    expect(compress.env.code).toBe('FILE_TYPE_ERROR');
    const pdf = await pdfFile('s.pdf', ['x']);
    const webp = (await upload(server, 'sig.webp', textImagePng('x', 72))).file_id;
    const sign = await api(server, 'POST', `/api/document/content/${pdf}/sign`, {
      placements: [{ sign_file_id: webp, page: 1, x: 10, y: 10, w: 100, h: 40 }],
    });
    expect(sign.env.code).toBe(3102);
  });

  it('sign-pdf refuses a signature that is not an image with 3102', async () => {
    const fileId = await pdfFile('s.pdf', ['x']);
    const notImage = (await upload(server, 'sig.png', Buffer.from('plain text'))).file_id;
    const { item } = await runTool(`/api/document/content/${fileId}/sign`, {
      placements: [{ sign_file_id: notImage, page: 1, x: 10, y: 10, w: 100, h: 40 }],
    });
    expect(item.status).toBe(3102);
  });
});

describe('OCR and images to PDF through the API', () => {
  it('jpg-to-pdf makes one page per image', async () => {
    const a = (await upload(server, 'a.png', textImagePng('first', 72))).file_id;
    const b = (await upload(server, 'b.png', textImagePng('second', 72))).file_id;
    const { bytes } = await runTool('/api/images_merge_pdf', { file_ids: [a, b] });
    expect(pageImageCounts(bytes!)).toEqual([1, 1]);
  });

  it('OCR makes the words of a scanned image searchable', async () => {
    const scan = (await upload(server, 'scan.png', textImagePng('Pagewright invoice'))).file_id;
    const { bytes } = await runTool('/api/image_ocr', { file_ids: [scan], languages: ['eng'], output_format: 'pdf' });
    expect(pageTexts(bytes!)[0]!.toLowerCase()).toContain('invoice');
  });

  it('OCR writes the recognised words as a Word document when asked for docx', async () => {
    const scan = (await upload(server, 'letter.png', textImagePng('Quarterly report'))).file_id;
    const { item, bytes } = await runTool('/api/image_ocr', { file_ids: [scan], languages: ['eng'], output_format: 'docx' });
    expect(item.output_file_name).toBe('letter-ocr.docx');
    const documentXml = execFileSync('python3', ['-c', 'import sys,zipfile,io; print(zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).read("word/document.xml").decode())'], { input: bytes! }).toString();
    expect(documentXml.toLowerCase()).toContain('report');
  });

  it('OCR refuses a request without a language with the spec message', async () => {
    const scan = (await upload(server, 'scan.png', textImagePng('x', 72))).file_id;
    const r = await api(server, 'POST', '/api/image_ocr', { file_ids: [scan], languages: [] });
    expect(r.env).toMatchObject({ code: 'OCR_LANGUAGE_REQUIRED', msg: 'Choose at least one option.' });
  });
});

describe('temporary files', () => {
  it('no tool run above left anything in the temporary directory', () => {
    expect(leftoverTempFiles(server)).toEqual([]);
  });
});

describe('page previews', () => {
  it('renders a page as a PNG of the size its dpi implies', async () => {
    const fileId = await pdfFile('v.pdf', ['a', 'b']);
    const res = await server.guest.fetch(`/api/document/page-image?file_id=${fileId}&page=2&dpi=36`);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([306, 396]);
  });

  it('answers a page past the end with PAGE_RANGE_INVALID', async () => {
    const fileId = await pdfFile('v.pdf', ['a']);
    const r = await api(server, 'GET', `/api/document/page-image?file_id=${fileId}&page=5`);
    expect(r.env.code).toBe('PAGE_RANGE_INVALID');
  });
});
