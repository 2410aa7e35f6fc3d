/**
 * compress-pdf, redact-pdf, replace-text and sign-pdf over every real-world corpus PDF
 * (<repo>/../shared/corpus/pdf, when present); the encrypted one is opened with its password.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPdf, redactPdf, replaceText, signPdf } from './index.js';
import { openPdfBytes } from './pdf/open.js';
import { documentFail } from './pdf/single.js';
import { ssim } from './pdf/ssim.js';
import { tempDir } from '../test/fixtures.js';
import { extractText, openPdf, renderGrey, renderRgb } from '../test/page-tools-fixtures.js';
import { corpusAvailable } from '../test/tools.js';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus', 'pdf');
const factsPath = join(corpusDir, 'py-pdf-files.json');
const corpusPresent = corpusAvailable(factsPath, 'corpus: compress, redact, replace text, sign');
const ENCRYPTED_PASSWORD = 'openpassword';

interface CorpusFile {
  file: string;
  path: string;
  password: string | undefined;
}

function corpusFiles(): CorpusFile[] {
  const facts = JSON.parse(readFileSync(factsPath, 'utf8')) as { data: Array<{ path: string; encrypted: boolean }> };
  return facts.data
    .map((fact) => ({ file: fact.path.replaceAll('/', '_'), encrypted: fact.encrypted }))
    .filter((fact) => existsSync(join(corpusDir, fact.file)))
    .map((fact) => ({ file: fact.file, path: join(corpusDir, fact.file), password: fact.encrypted ? ENCRYPTED_PASSWORD : undefined }));
}

/** Page count as the engine opens the file (017's lost page tree is rebuilt). */
function pageCount(path: string, password?: string): number {
  const { doc, pageCount: count } = openPdfBytes(readFileSync(path), password, documentFail);
  doc.destroy();
  return count;
}

/** A word of 5+ ASCII letters that both MuPDF and pdftotext see, or undefined. */
function pickWord(path: string, password?: string): string | undefined {
  const doc = openPdf(path, password);
  let text = '';
  try {
    for (let i = 0; i < Math.min(doc.countPages(), 3); i++) {
      const page = doc.loadPage(i);
      const stext = page.toStructuredText('preserve-whitespace');
      text += `${stext.asText()}\n`;
      stext.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  const poppler = extractText(path, password);
  return text.match(/\b[A-Za-z]{5,}\b/g)?.find((word) => poppler.includes(word));
}

/** Width and height of page 1 as displayed, as the engine opens the file. */
function firstPageSize(path: string, password?: string): [number, number] {
  const { doc } = openPdfBytes(readFileSync(path), password, documentFail);
  try {
    const page = doc.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    page.destroy();
    return [x1 - x0, y1 - y0];
  } finally {
    doc.destroy();
  }
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe.skipIf(!corpusPresent)('corpus: compress, redact, replace text, sign', () => {
  let files: CorpusFile[];
  let dir: string;
  let cleanup: () => void;
  let stamp: string;
  beforeAll(async () => {
    files = corpusFiles();
    ({ dir, cleanup } = tempDir('pagewright-corpus-tools-'));
    stamp = join(dir, 'stamp.png');
    writeFileSync(stamp, await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }).png().toBuffer());
  });
  afterAll(() => cleanup());

  it('compresses every file: never larger, same pages, same text, pages look the same', async () => {
    expect(files.length).toBeGreaterThan(20);
    let inputTotal = 0;
    let outputTotal = 0;
    for (const { file, path, password } of files) {
      const out = join(dir, `compressed-${file}`);
      const result = await compressPdf({ path, password }, out, { level: 'medium' });
      inputTotal += result.inputSize;
      outputTotal += result.outputSize;
      expect(result.outputSize, file).toBeLessThanOrEqual(result.inputSize);
      expect(statSync(out).size, file).toBe(result.outputSize);
      const outPassword = result.unchanged ? password : undefined;
      expect(pageCount(out, outPassword), file).toBe(pageCount(path, password));
      // 017's page tree is lost: poppler and MuPDF see no page there, the engine rebuilds it.
      const textBefore = normalise(extractText(path, password));
      if (file.startsWith('017-')) expect(normalise(extractText(out, outPassword)), file).not.toBe('');
      else expect(normalise(extractText(out, outPassword)), file).toBe(textBefore);
      // The first pages of each file (117 pages of 009 would make the suite slow).
      const before = renderGrey(path, 36, password, 12);
      const after = renderGrey(out, 36, outPassword, 12);
      for (let i = 0; i < Math.min(before.length, after.length); i++) {
        expect(ssim(before[i]!, after[i]!), `${file} page ${i + 1}`).toBeGreaterThan(0.9);
      }
    }
    expect(outputTotal).toBeLessThan(inputTotal * 0.6);
  }, 240_000);

  it('redacts a word of every file with text: no longer extractable, pages kept', async () => {
    let redacted = 0;
    for (const { file, path, password } of files) {
      const word = pickWord(path, password);
      if (!word) continue;
      const out = join(dir, `redacted-${file}`);
      const result = await redactPdf({ path, password }, out, { boxes: [{ page: 1, x: 0, y: 0, w: 20, h: 20 }], search: [word], regex: false, caseSensitive: true });
      expect(result.redactions, file).toBeGreaterThan(1);
      expect(extractText(out), `${file}: ${word}`).not.toMatch(new RegExp(`\\b${word}\\b`));
      expect(pageCount(out), file).toBe(pageCount(path, password));
      redacted++;
    }
    expect(redacted).toBeGreaterThan(20);
  }, 240_000);

  it('replaces a word of every file with text: old text gone, new text extractable', async () => {
    let replaced = 0;
    for (const { file, path, password } of files) {
      const word = pickWord(path, password);
      if (!word) continue;
      const out = join(dir, `replaced-${file}`);
      const result = await replaceText({ path, password }, out, { find: word, replace: 'Qzxwv', regex: false, caseSensitive: true });
      expect(result.replacements, file).toBeGreaterThan(0);
      const text = extractText(out);
      expect(text, `${file}: ${word}`).not.toMatch(new RegExp(`\\b${word}\\b`));
      expect(text, file).toContain('Qzxwv');
      replaced++;
    }
    expect(replaced).toBeGreaterThan(20);
  }, 240_000);

  it('signs the first and last page of every file', async () => {
    for (const { file, path, password } of files) {
      const pages = pageCount(path, password);
      const out = join(dir, `signed-${file}`);
      // The middle of page 1 as displayed (some pages are tiny: 007's are 3.84 pt), and the last page.
      const [width, height] = firstPageSize(path, password);
      const box = { x: width / 4, y: height / 4, w: width / 2, h: height / 2 };
      const placements = [...new Set([1, pages])].map((page) => ({ image: stamp, page, ...box }));
      const result = await signPdf({ path, password }, out, { placements });
      expect(result.pages, file).toBe(placements.length);
      expect(pageCount(out), file).toBe(pages);
      const dpi = Math.max(72, Math.ceil((72 * 100) / Math.min(width, height)));
      // Red (a PDF/A output intent shifts it a little).
      const [r, g, b] = renderRgb(out, 0, dpi).at(width / 2, height / 2);
      expect(r > 240 && g < 16 && b < 16, `${file}: ${r},${g},${b}`).toBe(true);
    }
  }, 240_000);
});
