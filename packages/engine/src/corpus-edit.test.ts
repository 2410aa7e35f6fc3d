/**
 * The editor's edit mode (CONTENT_EDIT) measured on real PDFs of five producers (pdfTeX,
 * LibreOffice, Google Docs, Word 365, ReportLab; <repo>/../shared/corpus, when present): a word
 * of page 1 is replaced through `annotatePdf` as the editor's export does, then pdftotext must
 * show the new word and not the old one, and the page must be unchanged outside the edited text
 * block (the old block and the one the new text is set in): SSIM of the render over the windows
 * clear of it ≥ 0.99, and no pixel there changed by more than a quarter of the grey range.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { annotatePdf } from './index.js';
import { walkText } from './mupdf.js';
import { ssim } from './pdf/ssim.js';
import { extractText, openPdf, renderGrey } from '../test/page-tools-fixtures.js';
import { useTempDir } from '../test/harness.js';
import { corpusAvailable, toolsAvailable } from '../test/tools.js';

const shared = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus');
const corpusPresent = corpusAvailable(join(shared, 'pdf-real', 'word365_structure.pdf'), 'corpus: edit mode on five producers');

/**
 * One file per producer, with its /Producer (or /Creator) as pdfinfo shows it, and the font the
 * new word is set in: the document's own where it is an embedded TrueType subset with the
 * glyphs (Google Docs' Arial), else the embedded metric-compatible face of its family (Word's
 * Calibri subset lacks "w": Carlito; LibreOffice's DejaVu subset has no Unicode map: DejaVu
 * Sans itself), or of its kind (pdfTeX's Computer Modern is a Type 1 serif: Liberation Serif);
 * a standard font not embedded (ReportLab's Helvetica) stays itself.
 */
const PRODUCERS = [
  { producer: 'pdfTeX', file: 'pdf/001-trivial_minimal-document.pdf', pattern: /pdfTeX/, font: /^[A-Z]{6}\+LiberationSerif-Regular$/, fontKind: 'Liberation Serif (a serif by its flags)' },
  { producer: 'LibreOffice', file: 'pdf/002-trivial-libre-office-writer_002-trivial-libre-office-writer.pdf', pattern: /LibreOffice/, font: /^[A-Z]{6}\+DejaVuSans$/, fontKind: 'DejaVu Sans (its own family)' },
  { producer: 'Google Docs', file: 'pdf/011-google-doc-document_google-doc-document.pdf', pattern: /Google Docs/, font: /^(?:[A-Z]{6}\+)?ArialMT$/, fontKind: 'its own font' },
  { producer: 'Word 365', file: 'pdf-real/word365_structure.pdf', pattern: /Microsoft Word/, font: /^[A-Z]{6}\+Carlito-Regular$/, fontKind: 'Carlito (metric-compatible with Calibri)' },
  { producer: 'ReportLab', file: 'pdf/008-reportlab-inline-image_inline-image.pdf', pattern: /ReportLab/, font: /^Helvetica$/, fontKind: 'its own standard font' },
];

const REPLACEMENT = 'Pagewright';
const DPI = 100;
/** Margin around the edited block left out of the comparison, in points (anti-aliasing, the new word's overhang). */
const BLOCK_MARGIN = 2;

interface Picked {
  word: string;
  /** The word's box, page points from the top-left corner (what the editor sends). */
  box: { x: number; y: number; w: number; h: number };
  /** The text block holding it: [x0, y0, x1, y1] in page points. */
  block: [number, number, number, number];
  /** The font of its first letter. */
  font: string;
}

const count = (text: string, word: string): number => text.match(new RegExp(`\\b${word}\\b`, 'g'))?.length ?? 0;

/** The words (runs of ASCII letters) of page 1 with their boxes and text blocks. */
function wordsOf(path: string): Picked[] {
  const doc = openPdf(path);
  try {
    const page = doc.loadPage(0);
    const stext = page.toStructuredText('preserve-whitespace');
    const words: Picked[] = [];
    let block: [number, number, number, number] = [0, 0, 0, 0];
    let current: { word: string; font: string; x0: number; y0: number; x1: number; y1: number } | undefined;
    const flush = (): void => {
      if (current) words.push({ word: current.word, font: current.font, box: { x: current.x0, y: current.y0, w: current.x1 - current.x0, h: current.y1 - current.y0 }, block });
      current = undefined;
    };
    walkText(stext, {
      beginTextBlock(bbox) {
        block = [bbox[0], bbox[1], bbox[2], bbox[3]];
      },
      endLine: flush,
      onChar(c, _origin, font, _size, quad) {
        if (!/[A-Za-z]/.test(c)) return flush();
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        if (!current) current = { word: '', font: font.getName(), x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
        current.word += c;
        current.x0 = Math.min(current.x0, ...xs);
        current.y0 = Math.min(current.y0, ...ys);
        current.x1 = Math.max(current.x1, ...xs);
        current.y1 = Math.max(current.y1, ...ys);
      },
    });
    flush();
    stext.destroy();
    page.destroy();
    return words;
  } finally {
    doc.destroy();
  }
}

/** A word of 4+ ASCII letters of page 1 that pdftotext also sees (one it has once when there is one), its box and its block. */
function pickWord(path: string): Picked | undefined {
  const poppler = extractText(path);
  const words = wordsOf(path);
  {
    // A word pdftotext has once is best (its absence afterwards is then the whole check); lorem ipsum has none.
    const candidates = words.filter((w) => w.word.length >= 4 && count(poppler, w.word) > 0);
    return candidates.find((w) => count(poppler, w.word) === 1) ?? candidates[0];
  }
}

/** Mean SSIM over the 8x8 windows (step 4) that lie clear of `rect` (pixels). */
function ssimOutside(a: ReturnType<typeof renderGrey>[number], b: ReturnType<typeof renderGrey>[number], rect: [number, number, number, number]): number {
  // Blank the block in both images, then compare: windows inside it are equal on both sides, so
  // the mean is recomputed over the windows that touch the page outside the block only.
  const [x0, y0, x1, y1] = rect;
  const windows: number[] = [];
  const crop = (img: typeof a, x: number, y: number) => {
    const grey = new Uint8Array(64);
    for (let j = 0; j < 8; j++) grey.set(img.grey.subarray((y + j) * img.width + x, (y + j) * img.width + x + 8), j * 8);
    return { width: 8, height: 8, grey };
  };
  for (let y = 0; y + 8 <= a.height; y += 4) {
    for (let x = 0; x + 8 <= a.width; x += 4) {
      if (x + 8 > x0 && x < x1 && y + 8 > y0 && y < y1) continue;
      windows.push(ssim(crop(a, x, y), crop(b, x, y)));
    }
  }
  return windows.reduce((s, v) => s + v, 0) / windows.length;
}

/** Pixels outside `rect` whose grey level differs by more than a quarter of the range. */
function changedOutside(a: ReturnType<typeof renderGrey>[number], b: ReturnType<typeof renderGrey>[number], rect: [number, number, number, number]): number {
  const [x0, y0, x1, y1] = rect;
  let changed = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (x >= x0 && x < x1 && y >= y0 && y < y1) continue;
      if (Math.abs(a.grey[y * a.width + x]! - b.grey[y * a.width + x]!) > 64) changed++;
    }
  }
  return changed;
}

describe.skipIf(!corpusPresent || !toolsAvailable('corpus: edit mode on five producers', 'pdftotext', 'pdfinfo'))('corpus: edit mode replaces a word in place for five producers', () => {
  const tmp = useTempDir('pagewright-corpus-edit-');
  const figures: string[] = [];
  afterAll(() => {
    console.log(`edit mode, one word per producer (SSIM outside the edited block at ${DPI} dpi):\n${figures.join('\n')}`);
  });

  for (const { producer, file, pattern, font, fontKind } of PRODUCERS) {
    it(`${producer}: pdftotext shows the new word, not the old, set in ${fontKind}, and the page outside the edited block is unchanged (SSIM ≥ 0.99, no pixel changed)`, async () => {
      const path = join(shared, file);
      expect(existsSync(path), path).toBe(true);
      expect(spawnSync('pdfinfo', [path], { encoding: 'utf8' }).stdout, `${file} is made by ${producer}`).toMatch(pattern);
      const picked = pickWord(path);
      expect(picked, `${file}: a word to edit`).toBeDefined();
      const { word, box, block } = picked!;
      const out = join(tmp.dir, `edited-${producer.replace(/\W/g, '')}.pdf`);
      const oldCount = count(extractText(path), word);
      const result = await annotatePdf({ path }, out, { annotations: [], textEdits: [{ page: 1, box, find: word, replace: REPLACEMENT }] });
      expect(result.textEdits).toBe(1);

      const text = extractText(out);
      expect(count(text, REPLACEMENT), `${producer}: new word in pdftotext`).toBe(1);
      // The same word elsewhere is left alone: exactly the edited occurrence is gone.
      expect(count(text, word), `${producer}: old word "${word}" gone from pdftotext`).toBe(oldCount - 1);

      const [before] = renderGrey(path, DPI, undefined, 1);
      const [after] = renderGrey(out, DPI, undefined, 1);
      const k = DPI / 72;
      // The edited block: the old block and the block the new text is set in (a longer text may widen or lengthen it).
      const newWord = wordsOf(out).find((w) => w.word === REPLACEMENT)!;
      expect(newWord.font, `${producer}: the new word's font`).toMatch(font);
      const written = newWord.block;
      const rect: [number, number, number, number] = [
        Math.floor((Math.min(block[0], written[0]) - BLOCK_MARGIN) * k), Math.floor((Math.min(block[1], written[1]) - BLOCK_MARGIN) * k),
        Math.ceil((Math.max(block[2], written[2]) + BLOCK_MARGIN) * k), Math.ceil((Math.max(block[3], written[3]) + BLOCK_MARGIN) * k),
      ];
      const outside = ssimOutside(before!, after!, rect);
      const changed = changedOutside(before!, after!, rect);
      figures.push(`  ${producer.padEnd(12)} ${word} -> ${REPLACEMENT} in ${newWord.font}: SSIM outside ${outside.toFixed(4)}, pixels changed outside ${changed}`);
      expect(outside, `${producer}: SSIM outside the edited block`).toBeGreaterThanOrEqual(0.99);
      expect(changed, `${producer}: pixels changed outside the edited block`).toBe(0);
    });
  }
});
