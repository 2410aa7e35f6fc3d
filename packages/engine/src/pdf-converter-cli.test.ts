/**
 * `pagewright pdf-converter`: PDFs to other formats, documents to PDF through a one-instance
 * LibreOffice pool, OCR first, and the command line's refusals. Results are read back with
 * unzip and poppler, never taken from the command's own report.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli/main.js';
import { wordParagraphTexts } from '../test/convert-fixtures.js';
import { tempDir, writePdf } from '../test/fixtures.js';
import { scanImage, scannedPdf } from '../test/image-fixtures.js';
import { pdftotextPages, readZip } from '../test/organize-fixtures.js';
import { toolsAvailable } from '../test/tools.js';

let dir: string;
let cleanup: () => void;
let two: string;
let locked: string;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  two = writePdf(dir, 'two.pdf', { pages: ['Harbour report', 'Second page'] });
  locked = writePdf(dir, 'locked.pdf', { pages: ['Locked minutes'], encrypt: { user: 'openpassword', owner: 'ownerpass' } });
});
afterAll(() => cleanup());

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (text) => { out += text; }, err: (text) => { err += text; } });
  return { code, out, err };
}

describe.skipIf(!toolsAvailable('pagewright pdf-converter', 'unzip', 'pdftotext'))('pagewright pdf-converter', () => {
  it('is listed and has --help', async () => {
    expect((await cli('--help')).out).toContain('pdf-converter');
    const help = await cli('pdf-converter', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: pagewright pdf-converter --to <format>');
  });

  it('refuses what it cannot do with a usage error (exit 2)', async () => {
    const out = join(dir, 'x.out');
    const docx = join(dir, 'letter.docx');
    writeFileSync(docx, 'not really a document');
    for (const args of [
      [two, '-o', out],
      ['--to', 'pdf', two, '-o', out],
      ['--to', 'mp3', two, '-o', out],
      ['--to', 'jpg', '--dpi', '700', two, '-o', out],
      ['--to', 'txt', '--ocr', two, '-o', out],
      ['--to', 'xlsx', docx, '-o', out],
      ['--to', 'docx', join(dir, 'song.mp3'), '-o', out],
    ]) {
      const result = await cli('pdf-converter', ...args);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.err).toMatch(/^error usage: /);
    }
  });

  it('writes text, a Word document, and a zip of page images for several pages', async () => {
    const txt = join(dir, 'two.txt');
    expect(await cli('pdf-converter', '--to', 'txt', two, '-o', txt)).toMatchObject({ code: 0, err: '' });
    const text = readFileSync(txt, 'utf8');
    expect(text.indexOf('Second page')).toBeGreaterThan(text.indexOf('Harbour report'));
    expect(text.indexOf('Harbour report')).toBeGreaterThanOrEqual(0);

    const docx = join(dir, 'two.docx');
    expect((await cli('pdf-converter', '--to', 'docx', two, '-o', docx)).code).toBe(0);
    // One entry by name: readZip's unzip -p would read '[Content_Types].xml' as a pattern.
    const documentXml = spawnSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    expect(documentXml.status).toBe(0);
    expect(wordParagraphTexts(documentXml.stdout).join('\n')).toContain('Harbour report');

    const pngs = join(dir, 'two-pages.zip');
    const images = await cli('pdf-converter', '--to', 'png', '--dpi', '72', two, '-o', pngs);
    expect(images.code).toBe(0);
    expect(JSON.parse(images.out)).toMatchObject({ format: 'png', extension: 'zip' });
    const entries = [...readZip(pngs).values()];
    expect(entries).toHaveLength(2);
    for (const png of entries) expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('opens an encrypted PDF with --password', async () => {
    const txt = join(dir, 'locked.txt');
    expect((await cli('pdf-converter', '--to', 'txt', locked, '-o', txt)).err).toMatch(/^error 3122: /);
    expect((await cli('pdf-converter', '--to', 'txt', '--password', 'openpassword', locked, '-o', txt)).code).toBe(0);
    expect(readFileSync(txt, 'utf8')).toContain('Locked minutes');
  });

  it('OCRs a scanned PDF first with --ocr --languages', async () => {
    const scan = join(dir, 'scan.pdf');
    writeFileSync(scan, scannedPdf([scanImage(['CARGO MANIFEST 88'], 200)], 200));
    const plain = join(dir, 'scan-plain.txt');
    expect((await cli('pdf-converter', '--to', 'txt', scan, '-o', plain)).code).toBe(0);
    expect(readFileSync(plain, 'utf8')).not.toContain('MANIFEST');
    const ocr = join(dir, 'scan.txt');
    expect((await cli('pdf-converter', '--to', 'txt', '--ocr', '--languages', 'eng', scan, '-o', ocr)).code).toBe(0);
    expect(readFileSync(ocr, 'utf8')).toMatch(/CARGO\s+MANIFEST\s+88/);
  }, 60_000);

  it('turns a text document into a PDF through LibreOffice', async () => {
    const note = join(dir, 'note.txt');
    writeFileSync(note, 'Deliveries arrive on Tuesdays.\nThe gate closes at six.\n');
    const pdf = join(dir, 'note.pdf');
    const result = await cli('pdf-converter', note, '-o', pdf);
    expect(result).toMatchObject({ code: 0, err: '' });
    const text = pdftotextPages(pdf).join('\n');
    expect(text).toContain('Deliveries arrive on Tuesdays.');
    expect(text).toContain('The gate closes at six.');
  }, 90_000);
});
