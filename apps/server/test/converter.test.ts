/**
 * The converter call over real HTTP against the built server: documents to PDF through the
 * warm LibreOffice pool, PDFs to other formats in the engine workers, the encrypted-file flow,
 * refusals, OCR first, and what the server leaves behind (temporary files, soffice processes).
 * One server with one LibreOffice instance, started once, keeps the file fast.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TaskCreated, TaskResult } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { api, leftoverTempFiles, removeDir, upload, waitForTask, useServer } from './harness.js';
import { makeDocx } from './docxFixture.js';
import { encryptPdf, makePdf } from './pdfFixtures.js';
import { unzipEntries } from './readBack.js';
import { wordParagraphTexts } from '../../../packages/engine/test/convert-fixtures.js';

const server = useServer({ env: { OFFICE_INSTANCES: '1', OFFICE_MAX_CONVERSIONS: '50' } });

/** Runs a command on bytes written to a private directory; returns what `read` makes of it. */
function withFile<T>(name: string, bytes: Buffer, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-conv-'));
  try {
    writeFileSync(path.join(dir, name), bytes);
    return read(path.join(dir, name), dir);
  } finally {
    removeDir(dir);
  }
}

const pdfText = (pdf: Buffer) => withFile('f.pdf', pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));


/** An image-only PDF of the text PDF, as a scanner would make it: Ghostscript rasterises it. */
function scanOf(pdf: Buffer): Buffer {
  return withFile('in.pdf', pdf, (file, dir) => {
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-sDEVICE=pdfimage24', '-r200', `-sOutputFile=${path.join(dir, 'scan.pdf')}`, file]);
    return readFileSync(path.join(dir, 'scan.pdf'));
  });
}

/** Processes started by this test's server (they inherit its private DATA_DIR). */
function serverDescendants(): { pid: number; command: string }[] {
  const marker = `DATA_DIR=${server.dataDir}\0`;
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === server.process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'latin1').replace(/\0/g, ' ') });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
const officeProcesses = () => serverDescendants().filter((p) => /soffice|libreoffice/i.test(p.command));

type Created = { http: number; env: { code: number | string; msg: string; data: TaskCreated } };

async function convert(query: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<Created> {
  if (method === 'POST') return api<TaskCreated>(server, 'POST', '/api/converter', query);
  return api<TaskCreated>(server, 'GET', `/api/converter?${new URLSearchParams(query).toString()}`);
}

/** Converts, waits, and downloads: the item, the bytes and the download's file name. */
async function converted(query: Record<string, string>, method: 'GET' | 'POST' = 'GET') {
  const created = await convert(query, method);
  if (created.env.code !== 0) throw new Error(`converter refused: ${JSON.stringify(created.env)}`);
  const result: TaskResult = await waitForTask(server, created.env.data.task_id, 120_000);
  const item = result.items[0]!;
  if (item.status !== 0) return { item, bytes: null, name: '' };
  const res = await server.guest.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
  const disposition = res.headers.get('content-disposition') ?? '';
  return { item, bytes: Buffer.from(await res.arrayBuffer()), name: /filename="([^"]*)"/.exec(disposition)?.[1] ?? '' };
}

/** An EPUB 3 of `chapters` chapters of twelve paragraphs each (Python's zipfile: mimetype first, stored). */
function epubBook(chapters: number): Buffer {
  const script = `
import sys, zipfile
n = int(sys.argv[2])
words = ' '.join(['the quick brown fox jumps over the lazy dog and runs far away'] * 10)
z = zipfile.ZipFile(sys.argv[1], 'w')
z.writestr(zipfile.ZipInfo('mimetype'), 'application/epub+zip')
z.writestr('META-INF/container.xml', '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>', zipfile.ZIP_DEFLATED)
items = ''.join('<item id="c%d" href="c%d.xhtml" media-type="application/xhtml+xml"/>' % (i, i) for i in range(n))
spine = ''.join('<itemref idref="c%d"/>' % i for i in range(n))
z.writestr('OEBPS/content.opf', '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">book</dc:identifier><dc:title>Long book</dc:title><dc:language>en</dc:language></metadata><manifest>%s</manifest><spine>%s</spine></package>' % (items, spine), zipfile.ZIP_DEFLATED)
for i in range(n):
    body = ''.join('<p>%s</p>' % words for _ in range(12))
    z.writestr('OEBPS/c%d.xhtml' % i, '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c%d</title></head><body><h1>Chapter %d</h1>%s</body></html>' % (i, i + 1, body), zipfile.ZIP_DEFLATED)
z.close()
`;
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-epub-'));
  try {
    execFileSync('python3', ['-c', script, path.join(dir, 'book.epub'), String(chapters)]);
    return readFileSync(path.join(dir, 'book.epub'));
  } finally {
    removeDir(dir);
  }
}

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

describe('converter: from PDF', () => {
  it('makes a Word document whose body holds the text, named <base>.docx, without starting LibreOffice', async () => {
    const { file_id } = await upload(server, 'Quarterly report.pdf', makePdf(['Revenue grew in March', 'Second page here']));
    const { item, bytes, name } = await converted({ file_id, output_format: 'docx' });
    expect(item.status).toBe(0);
    expect(name).toBe('Quarterly report.docx');
    const documentXml = unzipEntries(bytes!).get('word/document.xml')!.toString('utf8');
    const body = wordParagraphTexts(documentXml).join('\n');
    expect(body).toContain('Revenue grew in March');
    expect(body).toContain('Second page here');
    expect(officeProcesses()).toEqual([]);
  });

  it('makes text, HTML, a zip of page images for several pages and one image for one page', async () => {
    const { file_id: twoPages } = await upload(server, 'two.pdf', makePdf(['Alpha page', 'Beta page']));
    const { file_id: onePage } = await upload(server, 'one.pdf', makePdf(['Only page']));

    const txt = await converted({ file_id: twoPages, output_format: 'txt' }, 'POST');
    expect(txt.name).toBe('two.txt');
    const text = txt.bytes!.toString('utf8');
    expect(text.indexOf('Alpha page')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Beta page')).toBeGreaterThan(text.indexOf('Alpha page'));

    const html = await converted({ file_id: twoPages, output_format: 'html' });
    expect(html.name).toBe('two.html');
    expect(html.bytes!.toString('utf8')).toMatch(/<html/i);
    expect(html.bytes!.toString('utf8')).toContain('Beta page');

    const jpgs = await converted({ file_id: twoPages, output_format: 'jpg', dpi: '72' });
    expect(jpgs.name).toBe('two.zip');
    const entries = unzipEntries(jpgs.bytes!);
    // The page images are named after the upload, not after the task's temporary file.
    expect([...entries.keys()].sort()).toEqual(['two-1.jpg', 'two-2.jpg']);
    const images = [...entries.values()];
    expect(images.every(isJpeg)).toBe(true);

    const jpg = await converted({ file_id: onePage, output_format: 'jpg', dpi: '72' });
    expect(jpg.name).toBe('one.jpg');
    expect(isJpeg(jpg.bytes!)).toBe(true);
  });

  it('runs a batch under one multi_id, downloaded together as a zip', async () => {
    const multi = 'conv-batch-1';
    const { file_id: a } = await upload(server, 'a.pdf', makePdf(['first file']));
    const { file_id: b } = await upload(server, 'b.pdf', makePdf(['second file']));
    for (const file_id of [a, b]) expect((await convert({ file_id, output_format: 'txt', multi_id: multi })).env.code).toBe(0);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const r = await api<TaskResult>(server, 'GET', `/api/get-task-result?multi_id=${multi}`);
      if (r.env.data.items.length === 2 && r.env.data.items.every((i) => i.is_done)) {
        expect(r.env.data.items.map((i) => i.status)).toEqual([0, 0]);
        // The batch is named as its zip: from the first result and the tool.
        expect(r.env.data.output_file_name).toBe('a-converted.zip');
        break;
      }
      if (Date.now() > deadline) throw new Error('batch did not end');
      await new Promise((res) => setTimeout(res, 100));
    }
    const res = await server.guest.fetch(`/api/document/download-doc-bulk?multi_id=${multi}`);
    expect(res.headers.get('content-disposition')).toContain('a-converted.zip');
    const entries = unzipEntries(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['a.txt', 'b.txt']);
    expect(entries.get('b.txt')!.toString('utf8')).toContain('second file');
  });

  it('asks for the password of an encrypted PDF before the task starts, and converts with it', async () => {
    const { file_id } = await upload(server, 'locked.pdf', encryptPdf(makePdf(['Secret minutes']), 'opensesame'));
    expect((await convert({ file_id, output_format: 'txt' })).env.code).toBe(3122);
    const wrong = await convert({ file_id, output_format: 'txt', passwd: 'nope' });
    expect(wrong.env).toMatchObject({ code: 'INCORRECT_PASSWORD', msg: 'Incorrect password. Please try again.' });
    const { item, bytes } = await converted({ file_id, output_format: 'txt', passwd: 'opensesame' });
    expect(item.status).toBe(0);
    expect(bytes!.toString('utf8')).toContain('Secret minutes');
  });

  it('OCRs a scanned PDF first when using_ocr, and refuses using_ocr without languages', async () => {
    const { file_id } = await upload(server, 'scan.pdf', scanOf(makePdf(['INVOICE NUMBER 4711'])));
    const refused = await convert({ file_id, output_format: 'txt', using_ocr: 'true' });
    expect(refused.env).toMatchObject({ code: 'OCR_LANGUAGE_REQUIRED', msg: 'Choose at least one option.' });
    const plain = await converted({ file_id, output_format: 'txt' });
    expect(plain.bytes!.toString('utf8')).not.toContain('4711');
    const { item, bytes } = await converted({ file_id, output_format: 'txt', using_ocr: 'true', languages: 'eng' });
    expect(item.status).toBe(0);
    expect(bytes!.toString('utf8')).toMatch(/INVOICE\s+NUMBER\s+4711/);
  });

  it('refuses what it cannot convert with FILE_TYPE_ERROR or INVALID_PARAMS', async () => {
    const { file_id: png } = await upload(server, 'photo.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    expect((await convert({ file_id: png, output_format: 'pdf' })).env.code).toBe('FILE_TYPE_ERROR');
    const { file_id: docx } = await upload(server, 'letter.docx', await makeDocx(['x']));
    expect((await convert({ file_id: docx, output_format: 'xlsx' })).env.code).toBe('FILE_TYPE_ERROR');
    const { file_id: pdf } = await upload(server, 'p.pdf', makePdf(['x']));
    expect((await convert({ file_id: pdf, output_format: 'pdf' })).env.code).toBe('INVALID_PARAMS');
    expect((await convert({ file_id: pdf, output_format: 'mp3' })).env.code).toBe('INVALID_PARAMS');
  });
});

describe('converter: to PDF', () => {
  it('turns a Word document into a PDF with its text, named <base>.pdf', async () => {
    const { file_id } = await upload(server, 'Letter to Ana.docx', await makeDocx(['Dear Ana,', 'The shipment left Rotterdam today.']));
    const { item, bytes, name } = await converted({ file_id, output_format: 'pdf' }, 'POST');
    expect(item.status).toBe(0);
    expect(name).toBe('Letter to Ana.pdf');
    expect(bytes!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes!);
    expect(text).toContain('Dear Ana,');
    expect(text).toContain('The shipment left Rotterdam today.');
    expect(officeProcesses().length).toBeGreaterThan(0);
  });

  it('lays an EPUB out in the engine workers: its progress moves while the book is laid out, and the PDF holds its text', async () => {
    // Long enough that its layout spans many progress writes (one each 250 ms) on an idle machine too.
    const { file_id } = await upload(server, 'Long book.epub', epubBook(700));
    const created = await convert({ file_id, output_format: 'pdf' }, 'POST');
    expect(created.env.code).toBe(0);
    const seen: number[] = [];
    let item: TaskResult['items'][number];
    for (;;) {
      const r = await api<TaskResult>(server, 'GET', `/api/get-task-result?task_id=${created.env.data.task_id}`);
      item = r.env.data.items[0]!;
      if (item.is_done) break;
      seen.push(item.progress);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(item.status).toBe(0);
    // Laid out in the API's own thread, the book would hold the requests until it was done:
    // the progress between the start and the end would be read once at most, not page by page.
    expect(new Set(seen.filter((p) => p > 5 && p < 95)).size).toBeGreaterThanOrEqual(3);
    const res = await server.guest.fetch(`/api/document/download-doc?task_id=${created.env.data.task_id}`);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Chapter 1');
    expect(text).toContain('Chapter 700');
  });

  it('leaves no soffice and no temporary file (LibreOffice profiles included) once the server has stopped', async () => {
    await server.stop();
    // The pool's children may take a moment to be reaped after the server has exited.
    const deadline = Date.now() + 5_000;
    while (officeProcesses().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(officeProcesses()).toEqual([]);
    expect(leftoverTempFiles(server)).toEqual([]);
  });
});
