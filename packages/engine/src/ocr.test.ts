import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ocrLanguages } from '@pagewright/contracts';
import { InputError, OCR_LANGUAGES, imagesToPdf, ocrToPdf } from './index.js';
import { mupdf } from './mupdf.js';
import { buildPdf, readBack } from '../test/fixtures.js';
import { found, pageImages, textPdf, pageSizes, pdftotext, renderPage, scanImage, scannedPdf, tiffFile, rgbFrame, words } from '../test/image-fixtures.js';
import { cli, errorOf, useTempDir } from '../test/harness.js';

const LINES_A = ['Pagewright scanner', 'Searchable document', 'Quick brown fox'];
const WORDS_A = ['pagewright', 'scanner', 'searchable', 'document', 'quick', 'brown', 'fox'];
const LINES_B = ['Invisible text layer', 'Rotated page works'];
const WORDS_B = ['invisible', 'text', 'layer', 'rotated', 'page', 'works'];
const LINES_C = ['Photograph of letters', 'Camera input here'];
const WORDS_C = ['photograph', 'of', 'letters', 'camera', 'input', 'here'];

const tmp = useTempDir('pagewright-ocr-test-');
const { file } = tmp;
/** A scan at 150 dpi: enough for Tesseract with 40 pt text, and quick. */
let scanA: Uint8Array;
let scanB: Uint8Array;

beforeAll(() => {
  scanA = scanImage(LINES_A, 150, 'png', [595, 400]);
  scanB = scanImage(LINES_B, 150, 'png', [595, 300]);
});

/** At most one word misread by OCR. */
function expectWords(text: string, expected: string[]): void {
  expect(found(text, expected), `${JSON.stringify(words(text))} should hold ${expected.join(' ')}`).toBeGreaterThanOrEqual(expected.length - 1);
}

/** The raw bytes of every content stream of a page, and the page's /Contents entries. */
function contentStreams(pdf: Uint8Array, index: number): Buffer[] {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const contents = doc.findPage(index).get('Contents');
    const list = contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
    return list.map((stream) => {
      const raw = stream.readRawStream();
      const bytes = Buffer.from(raw.asUint8Array());
      raw.destroy();
      return bytes;
    });
  } finally {
    doc.destroy();
  }
}

/** The decoded content of the OCR form XObject(s) of a page. */
function ocrForms(pdf: Uint8Array, index: number): string[] {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const forms: string[] = [];
    const xobjects = doc.findPage(index).getInheritable('Resources').get('XObject');
    if (xobjects.isDictionary()) {
      xobjects.forEach((value) => {
        if (value.get('Subtype').isName() && value.get('Subtype').asName() === 'Form') {
          const data = value.readStream();
          forms.push(Buffer.from(data.asUint8Array()).toString('latin1'));
          data.destroy();
        }
      });
    }
    return forms;
  } finally {
    doc.destroy();
  }
}

/** Character boxes of `word` on a page, in MuPDF's page space (top-left origin). */
function wordBox(pdf: Uint8Array, index: number, word: string): [number, number, number, number] | undefined {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(index);
    const text = page.toStructuredText('');
    const hits = text.search(word, undefined);
    text.destroy();
    page.destroy();
    const quad = hits[0]?.[0];
    if (!quad) return undefined;
    const xs = [quad[0], quad[2], quad[4], quad[6]];
    const ys = [quad[1], quad[3], quad[5], quad[7]];
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  } finally {
    doc.destroy();
  }
}

/** The box of dark pixels of a rendering at 72 dpi inside `box` (grown by `pad`). */
function inkBox(render: { width: number; height: number; pixels: Uint8Array }, box: [number, number, number, number], pad: number): [number, number, number, number] | undefined {
  let out: [number, number, number, number] | undefined;
  for (let y = Math.max(0, Math.floor(box[1] - pad)); y < Math.min(render.height, box[3] + pad); y++) {
    for (let x = Math.max(0, Math.floor(box[0] - pad)); x < Math.min(render.width, box[2] + pad); x++) {
      if (render.pixels[(y * render.width + x) * 3]! < 128) {
        out = out ? [Math.min(out[0], x), Math.min(out[1], y), Math.max(out[2], x + 1), Math.max(out[3], y + 1)] : [x, y, x + 1, y + 1];
      }
    }
  }
  return out;
}

/** The word's text box lies on the word's ink: same place within a few points. */
function expectOnInk(pdf: Uint8Array, index: number, word: string): void {
  const box = wordBox(pdf, index, word);
  expect(box, `${word} on page ${index + 1}`).toBeDefined();
  const ink = inkBox(renderPage(pdf, index), box!, 6);
  expect(ink, `ink under ${word}`).toBeDefined();
  const [bx0, by0, bx1, by1] = box!;
  const [ix0, iy0, ix1, iy1] = ink!;
  // Horizontal extent within 12 pt (the glyphless font's widths are approximate); vertically
  // the ink sits inside the text box (± 8 pt).
  expect(Math.abs(bx0 - ix0)).toBeLessThan(12);
  expect(Math.abs(bx1 - ix1)).toBeLessThan(12);
  expect(iy0).toBeGreaterThan(by0 - 8);
  expect(iy1).toBeLessThan(by1 + 8);
}

describe('ocrToPdf', () => {
  it('exports the contract list of languages', () => {
    expect([...OCR_LANGUAGES]).toEqual([...ocrLanguages]);
    expect([...OCR_LANGUAGES]).toEqual(['eng', 'deu', 'spa', 'fra', 'jpn', 'por', 'chi_sim']);
  });

  it('lays an invisible, searchable text layer over a scanned page without changing how it looks', async () => {
    const input = file('scan.pdf', scannedPdf([scanA], 150));
    const out = join(tmp.dir, 'scan-ocr.pdf');
    const progress: number[] = [];
    await ocrToPdf([{ path: input }], out, { languages: ['eng'], outputFormat: 'pdf' }, (p) => progress.push(p));
    const before = readFileSync(input);
    const after = readFileSync(out);
    expect(pdftotext(input).trim()).toBe('');
    expectWords(pdftotext(out), WORDS_A);
    // The page's image and its own content stream are byte for byte the same.
    const imagesBefore = pageImages(before)[0]!;
    const imagesAfter = pageImages(after)[0]!;
    expect(imagesAfter).toHaveLength(1);
    expect(Buffer.compare(Buffer.from(imagesAfter[0]!.raw), Buffer.from(imagesBefore[0]!.raw))).toBe(0);
    const streamsBefore = contentStreams(before, 0);
    const streamsAfter = contentStreams(after, 0);
    expect(streamsAfter).toHaveLength(streamsBefore.length + 1);
    expect(streamsAfter.slice(1).map((s) => s.toString('hex'))).toEqual(streamsBefore.map((s) => s.toString('hex')));
    // The text is drawn in render mode 3 and nothing else is painted: the page looks the same.
    const forms = ocrForms(after, 0);
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatch(/\b3 Tr\b/);
    expect(forms[0]).not.toMatch(/\b[0-24-7] Tr\b|\bDo\b|\b(re|f|S|B)\n/);
    const renderBefore = renderPage(before, 0, 100);
    const renderAfter = renderPage(after, 0, 100);
    expect(Buffer.compare(Buffer.from(renderAfter.pixels), Buffer.from(renderBefore.pixels))).toBe(0);
    // The words sit where they are seen.
    expectOnInk(after, 0, 'Searchable');
    expectOnInk(after, 0, 'brown');
    expect(pageSizes(after)).toEqual(pageSizes(before));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(0);
  });

  it('combines images, a rotated scan and a text PDF into one searchable PDF in input order', async () => {
    const jpeg = file('photo.jpg', scanImage(LINES_C, 150, 'jpeg', [595, 250]));
    const rotated = file('rotated.pdf', scannedPdf([scanB], 150, { rotate: 90 }));
    const digital = file('digital.pdf', buildPdf({ pages: ['Already digital text'] }));
    const tiff = file('frames.tif', tiffFile([rgbFrame(60, 40, [255, 255, 255], [], 72), rgbFrame(40, 60, [255, 255, 255], [], 72)]));
    const out = join(tmp.dir, 'mixed.pdf');
    const progress: number[] = [];
    const result = await ocrToPdf([{ path: jpeg }, { path: rotated }, { path: digital }, { path: tiff }], out, { languages: ['eng', 'deu'], outputFormat: 'pdf' }, (p) => progress.push(p));
    const bytes = readFileSync(out);
    expect(readBack(bytes).pageCount).toBe(5);
    expect(result).toMatchObject({ pages: 5, ocrPages: 4 });
    expectWords(pdftotext(out, 1), WORDS_C);
    expectWords(pdftotext(out, 2), WORDS_B);
    expect(pdftotext(out, 3)).toContain('Already digital text');
    expect(pdftotext(out, 4).trim()).toBe('');
    // The photo keeps its JPEG stream; the rotated page keeps its rotation and gets its words in place.
    expect(Buffer.compare(Buffer.from(pageImages(bytes)[0]![0]!.raw), readFileSync(jpeg))).toBe(0);
    expect(pageSizes(bytes)[1]).toEqual(pageSizes(readFileSync(rotated))[0]);
    expectOnInk(bytes, 0, 'Photograph');
    expectOnInk(bytes, 1, 'Invisible');
    expectOnInk(bytes, 1, 'works');
    // The text page is untouched: no text layer added.
    expect(ocrForms(bytes, 2)).toEqual([]);
    expect(progress.filter((p) => p > 0 && p < 90).length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(100);
  });

  it('reads the output of imagesToPdf (the two-stage jpg-to-pdf with OCR), two pages at a time', async () => {
    // A wrapper logs when each Tesseract process starts and ends.
    const log = join(tmp.dir, 'tesseract.log');
    const wrapper = file('tesseract-wrapper.sh', Buffer.from(`#!/bin/sh\necho "start $$" >> '${log}'\ntesseract "$@"\ncode=$?\necho "end $$" >> '${log}'\nexit $code\n`));
    chmodSync(wrapper, 0o755);
    const png = file('stage1.png', scanA);
    const blank = file('blank.png', scanImage([' '], 100, 'png', [300, 200]));
    const stage1 = join(tmp.dir, 'stage1.pdf');
    await imagesToPdf([png, blank, blank, blank], stage1, { pageSize: 'A4', orientation: 'auto', margin: 10 });
    const out = join(tmp.dir, 'stage2.pdf');
    const saved = process.env.PAGEWRIGHT_TESSERACT;
    process.env.PAGEWRIGHT_TESSERACT = wrapper;
    try {
      await ocrToPdf([{ path: stage1 }], out, { languages: ['eng'], outputFormat: 'pdf' });
    } finally {
      if (saved === undefined) delete process.env.PAGEWRIGHT_TESSERACT;
      else process.env.PAGEWRIGHT_TESSERACT = saved;
    }
    expectWords(pdftotext(out, 1), WORDS_A);
    expect(Buffer.compare(Buffer.from(pageImages(readFileSync(out))[0]![0]!.raw), Buffer.from(pageImages(readFileSync(stage1))[0]![0]!.raw))).toBe(0);
    expectOnInk(readFileSync(out), 0, 'document');
    let running = 0;
    let most = 0;
    const events = readFileSync(log, 'utf8').trim().split('\n');
    expect(events).toHaveLength(8);
    for (const event of events) {
      running += event.startsWith('start') ? 1 : -1;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
  });

  it('falls back to the rendered page when Tesseract cannot read an image file itself', async () => {
    // This "tesseract" reads only the engine's rendered pages (PAM), not the input files.
    const picky = file('picky-tesseract.sh', Buffer.from('#!/bin/sh\ncase "$1" in *.pam) exec tesseract "$@";; *) echo "cannot read $1" >&2; exit 1;; esac\n'));
    chmodSync(picky, 0o755);
    const png = file('picky.png', scanB);
    const out = join(tmp.dir, 'picky.pdf');
    const saved = process.env.PAGEWRIGHT_TESSERACT;
    process.env.PAGEWRIGHT_TESSERACT = picky;
    try {
      await ocrToPdf([{ path: png }], out, { languages: ['eng'], outputFormat: 'pdf' });
    } finally {
      if (saved === undefined) delete process.env.PAGEWRIGHT_TESSERACT;
      else process.env.PAGEWRIGHT_TESSERACT = saved;
    }
    expectWords(pdftotext(out), WORDS_B);
    expectOnInk(readFileSync(out), 0, 'Invisible');
  });

  it('writes the text of every page as UTF-8 with form feeds between pages', async () => {
    const input = file('two.pdf', scannedPdf([scanA, scanB], 150));
    // WinAnsi octal escapes: Straße und Käse.
    const digital = file('digital-txt.pdf', textPdf(['Stra\\337e und K\\344se'], [400, 200], 20));
    const out = join(tmp.dir, 'two.txt');
    const result = await ocrToPdf([{ path: input }, { path: digital }], out, { languages: ['eng'], outputFormat: 'txt' });
    const text = readFileSync(out, 'utf8');
    const pages = text.split('\f');
    expect(pages).toHaveLength(3);
    expectWords(pages[0]!, WORDS_A);
    expectWords(pages[1]!, WORDS_B);
    expect(pages[2]).toContain('Straße und Käse');
    expect(result.pages).toBe(3);
    expect(result.characters).toBe(text.replace(/\s/gu, '').length);
  });

  it('opens an encrypted scan with its password and writes an unencrypted result', async () => {
    const input = file('locked.pdf', scannedPdf([scanB], 150, { encrypt: { user: 'secret', owner: 'owner' } }));
    const out = join(tmp.dir, 'locked-ocr.pdf');
    expect((await errorOf(ocrToPdf([{ path: input }], out, { languages: ['eng'], outputFormat: 'pdf' }))).code).toBe(3122);
    const wrong = await errorOf(ocrToPdf([{ path: input, password: 'nope' }], out, { languages: ['eng'], outputFormat: 'pdf' }));
    expect(wrong).toBeInstanceOf(InputError);
    expect(wrong.code).toBe('INCORRECT_PASSWORD');
    await ocrToPdf([{ path: input, password: 'secret' }], out, { languages: ['eng'], outputFormat: 'pdf' });
    const back = readBack(readFileSync(out));
    expect(back.needsPassword).toBe(false);
    expect(back.encryption ?? 'None').toBe('None');
    expectWords(pdftotext(out), WORDS_B);
  });

  it('validates languages, format and inputs before doing any work', async () => {
    const input = file('v.pdf', scannedPdf([scanB], 150));
    const out = join(tmp.dir, 'v.pdf.out');
    expect((await errorOf(ocrToPdf([{ path: input }], out, { languages: [], outputFormat: 'pdf' }))).code).toBe('OCR_LANGUAGE_REQUIRED');
    expect((await errorOf(ocrToPdf([{ path: input }], out, { languages: ['eng', 'klingon'], outputFormat: 'pdf' }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(ocrToPdf([{ path: input }], out, { languages: ['eng'], outputFormat: 'rtf' as never }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(ocrToPdf([], out, { languages: ['eng'], outputFormat: 'pdf' }))).code).toBe('INVALID_PARAMS');
    const text = file('notes.txt', Buffer.from('plain words'));
    const bad = await errorOf(ocrToPdf([{ path: input }, { path: text }], out, { languages: ['eng'], outputFormat: 'pdf' }));
    expect(bad).toBeInstanceOf(InputError);
    expect(bad.code).toBe('FILE_TYPE_ERROR');
    expect((bad as InputError).inputIndex).toBe(1);
    expect(readdirSync(tmp.dir).filter((name) => name.startsWith('v.pdf.out') || name.startsWith('.v.pdf.out'))).toEqual([]);
  });

  it('fails with UNKNOWN when Tesseract is missing or too slow, leaving no output and no temporary files', async () => {
    const input = file('t.pdf', scannedPdf([scanB], 150));
    const out = join(tmp.dir, 't-out.pdf');
    const privateTmp = mkdtempSync(join(tmpdir(), 'pagewright-ocr-tmp-'));
    const saved = { ...process.env };
    try {
      process.env.TMPDIR = privateTmp;
      process.env.PAGEWRIGHT_TESSERACT = join(tmp.dir, 'no-such-tesseract');
      const missing = await errorOf(ocrToPdf([{ path: input }], out, { languages: ['eng'], outputFormat: 'pdf' }));
      expect(missing.code).toBe('UNKNOWN');
      expect(missing.message).toMatch(/not installed/);
      delete process.env.PAGEWRIGHT_TESSERACT;
      process.env.PAGEWRIGHT_OCR_PAGE_TIMEOUT_MS = '1';
      const slow = await errorOf(ocrToPdf([{ path: input }], out, { languages: ['eng'], outputFormat: 'pdf' }));
      expect(slow.code).toBe('UNKNOWN');
      expect(slow.message).toMatch(/took longer/);
      expect(readdirSync(privateTmp)).toEqual([]);
      expect(readdirSync(tmp.dir).filter((name) => name.includes('t-out.pdf'))).toEqual([]);
    } finally {
      for (const key of ['TMPDIR', 'PAGEWRIGHT_TESSERACT', 'PAGEWRIGHT_OCR_PAGE_TIMEOUT_MS']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      rmSync(privateTmp, { recursive: true, force: true });
    }
  });
});

describe('pagewright OCR', () => {
  it('runs with --languages and -o, pdf and txt, with a password for an encrypted input', async () => {
    const locked = file('cli-locked.pdf', scannedPdf([scanB], 150, { encrypt: { user: 'secret', owner: 'owner' } }));
    const out = join(tmp.dir, 'cli-ocr.pdf');
    const run = await cli('OCR', '--languages', 'eng,deu', locked, '-o', out, '--password', 'secret');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ pages: 1, ocrPages: 1, output: out });
    expectWords(pdftotext(out), WORDS_B);
    const txt = join(tmp.dir, 'cli-ocr.txt');
    const textRun = await cli('OCR', '--languages', 'eng', '--format', 'txt', out, '-o', txt);
    expect(textRun.status).toBe(0);
    // The OCR output has text now: its page is kept and its text extracted.
    expect(JSON.parse(textRun.stdout)).toMatchObject({ pages: 1, ocrPages: 0 });
    expectWords(readFileSync(txt, 'utf8'), WORDS_B);
    expect((await cli('OCR', '--help')).stdout).toMatch(/^Usage: pagewright OCR --languages/);
  });

  it('answers usage errors with 2 and catalogue errors with 1', async () => {
    const input = file('cli-u.pdf', buildPdf({ pages: ['x'] }));
    expect((await cli('OCR', input, '-o', join(tmp.dir, 'u.pdf'))).status).toBe(2);
    expect((await cli('OCR', '--languages', 'eng', input)).status).toBe(2);
    expect((await cli('OCR', '--languages', 'eng', input, '-o', join(tmp.dir, 'u.pdf'), '--format', 'rtf')).status).toBe(2);
    const unknown = await cli('OCR', '--languages', 'xx', input, '-o', join(tmp.dir, 'u.pdf'));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^error INVALID_PARAMS: /);
  });
});
