/**
 * jpg-to-pdf and OCR on the real-world corpus (<repo>/../shared/corpus), when present: every
 * corpus image into one PDF; OCR over the corpus PDFs that hold only images, two with text
 * (one encrypted) and one scanned corpus image.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesToPdf, ocrToPdf } from './index.js';
import { mupdf } from './mupdf.js';
import { readBack, tempDir } from '../test/fixtures.js';
import { found, pageImages, pdftotext, renderPage } from '../test/image-fixtures.js';
import { corpusAvailable } from '../test/tools.js';

const corpusRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus');
const imagesDir = join(corpusRoot, 'images');
const pdfDir = join(corpusRoot, 'pdf');
const present = corpusAvailable(imagesDir, 'corpus: jpg-to-pdf and OCR') && corpusAvailable(join(pdfDir, 'py-pdf-files.json'), 'corpus: jpg-to-pdf and OCR');

/** Image-only corpus PDFs (no text of their own), and text ones whose pages must stay as they are. */
const SCANNED = ['019-grayscale-image_grayscale-image.pdf', '023-cmyk-image_cmyk-image.pdf', '007-imagemagick-images_imagemagick-images.pdf'];
const WITH_TEXT = ['001-trivial_minimal-document.pdf', '005-libreoffice-writer-password_libreoffice-writer-password.pdf'];
const PASSWORD = 'openpassword';

/** Frames of an image file as MuPDF counts them (pages of the image document). */
function frameCount(path: string): number {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/octet-stream');
  try {
    return /\.tiff?$/i.test(path) ? doc.countPages() : 1;
  } finally {
    doc.destroy();
  }
}

describe.skipIf(!present)('corpus: jpg-to-pdf and OCR', () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => ({ dir, cleanup } = tempDir('pagewright-corpus-ocr-')));
  afterAll(() => cleanup());

  it('puts every corpus image into one PDF, JPEGs byte for byte', async () => {
    const images = readdirSync(imagesDir).sort().map((name) => join(imagesDir, name));
    expect(images.length).toBeGreaterThanOrEqual(10);
    const expected = images.reduce((n, path) => n + frameCount(path), 0);
    const out = join(dir, 'images.pdf');
    const result = await imagesToPdf(images, out, { pageSize: 'fit', orientation: 'auto', margin: 0 });
    const bytes = readFileSync(out);
    expect(result.pages).toBe(expected);
    expect(readBack(bytes).pageCount).toBe(expected);
    const placed = pageImages(bytes);
    let page = 0;
    for (const path of images) {
      const frames = frameCount(path);
      for (let f = 0; f < frames; f++, page++) {
        expect(placed[page], `${path} frame ${f + 1}`).toHaveLength(1);
        if (/\.jpe?g$/i.test(path)) {
          expect(placed[page]![0]!.filter).toBe('DCTDecode');
          expect(Buffer.compare(Buffer.from(placed[page]![0]!.raw), readFileSync(path)), path).toBe(0);
        }
      }
    }
    const check = spawnSync('qpdf', ['--check', out], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).not.toMatch(/WARNING/);
    expect(check.status).toBe(0);
    // A4 with margins as well.
    const a4 = join(dir, 'images-a4.pdf');
    expect((await imagesToPdf(images, a4, { pageSize: 'A4', orientation: 'auto', margin: 36 })).pages).toBe(expected);
  });

  it('OCRs image-only corpus PDFs, leaves text pages alone, keeps every image stream and every rendering', async () => {
    const inputs = [...SCANNED, ...WITH_TEXT].map((name) => ({ path: join(pdfDir, name), ...(name.startsWith('005-') ? { password: PASSWORD } : {}) }));
    const out = join(dir, 'ocr.pdf');
    const result = await ocrToPdf(inputs, out, { languages: ['eng'], outputFormat: 'pdf' });
    const after = readFileSync(out);
    let page = 0;
    let scannedPages = 0;
    for (const input of inputs) {
      let before = readFileSync(input.path);
      if (input.password) {
        const doc = mupdf.Document.openDocument(before, 'application/pdf');
        doc.authenticatePassword(input.password);
        const buffer = (doc as InstanceType<typeof mupdf.PDFDocument>).saveToBuffer('decrypt');
        before = Buffer.from(buffer.asUint8Array());
        buffer.destroy();
        doc.destroy();
      }
      const pages = readBack(before).pageCount;
      if (SCANNED.some((name) => input.path.endsWith(name))) scannedPages += pages;
      const imagesBefore = pageImages(before);
      const imagesAfter = pageImages(after).slice(page, page + pages);
      for (let i = 0; i < pages; i++) {
        const label = `${input.path} page ${i + 1}`;
        expect(imagesAfter[i]!.map((img) => Buffer.from(img.raw).toString('base64')), label).toEqual(imagesBefore[i]!.map((img) => Buffer.from(img.raw).toString('base64')));
        const r0 = renderPage(before, i, 36);
        const r1 = renderPage(after, page + i, 36);
        expect(Buffer.compare(Buffer.from(r1.pixels), Buffer.from(r0.pixels)), label).toBe(0);
      }
      if (WITH_TEXT.some((name) => input.path.endsWith(name))) {
        expect(readBack(after).texts.slice(page, page + pages)).toEqual(readBack(before).texts);
      }
      page += pages;
    }
    expect(result.pages).toBe(page);
    expect(result.ocrPages).toBe(scannedPages);
    expect(readBack(after).needsPassword).toBe(false);
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(0);
  });

  it('reads the words of a scanned corpus image', async () => {
    const out = join(dir, 'tif-ocr.pdf');
    const tif = join(imagesDir, 'little-endian.tif');
    await ocrToPdf([{ path: tif }], out, { languages: ['eng'], outputFormat: 'pdf' });
    expect(found(pdftotext(out), ['sample', 'image'])).toBe(2);
    const txt = join(dir, 'tif-ocr.txt');
    await ocrToPdf([{ path: tif }], txt, { languages: ['eng'], outputFormat: 'txt' });
    expect(readFileSync(txt, 'utf8')).toMatch(/SAMPLE IMAGE/);
  });
});
