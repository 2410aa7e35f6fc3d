/**
 * Writes a translation back into the PDF: in each text box the original glyphs are removed (a
 * redaction of text only, so images, table rules and vector art under and around them stay)
 * and the translation is set in the same box, in a font that covers its script, at the
 * original size or smaller until it fits. Right-to-left translations are right-aligned and
 * laid out right to left. Also the bilingual variant (each original page followed by its
 * translation) and the translation as DOCX.
 */
import { CatalogueError } from '@pagewright/contracts';
import { asCatalogueError } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import { mupdf, type PDFDocument } from '../mupdf.js';
import { appendContent, displayToUser, num, ownResources, removeText, resourceNames, textMatrix } from '../pdf/page-content.js';
import { documentFail, openInput, saveDocument, type SingleInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { writeTextDocx } from '../text-docx.js';
import type { TextBox, TextBoxPage } from './boxes.js';
import { fitText, type FittedText } from './fit.js';
import { TranslationFonts, type FontSpan } from './fonts.js';
import { shapeArabic } from './arabic.js';
import { visualOrder } from './bidi.js';
import { loadHarfBuzz, SHAPED_SCRIPT } from './shape.js';

const ARABIC = /[\u0600-\u06ff]/u;

export type TranslationLayout = 'translated' | 'bilingual' | 'docx';

export interface WriteTranslationOptions {
  pages: TextBoxPage[];
  /** The translation of each box by its id; a box without one keeps its original text. */
  translations: Record<string, string>;
  layout: TranslationLayout;
  /** The target language is written right to left (Arabic, Hebrew, Persian, Urdu). */
  rtl: boolean;
  /** Chinese, Japanese or Thai: lines break between any two characters (Thai between its words, fit.ts). */
  breakAnywhere: boolean;
  /** The target language (BCP 47): Thai word breaks and the shaper's language-specific forms. */
  lang?: string;
}

export interface TranslationFit {
  boxes: number;
  /** Boxes whose translation does not fit even at the smallest size. */
  overflowing: number;
  /** Boxes set smaller than their original. */
  shrunk: number;
  pages: number;
}

/** Writes the translated PDF (or its bilingual variant, or the DOCX) to `outputPath`. */
export async function writeTranslation(input: SingleInput, outputPath: string, options: WriteTranslationOptions, onProgress?: ProgressFn): Promise<TranslationFit> {
  if (!options || !Array.isArray(options.pages) || typeof options.translations !== 'object') throw documentFail('INVALID_PARAMS', 'no translation given');
  const report = progressReporter(onProgress);
  report(0);
  if (options.layout === 'docx') {
    const pages = options.pages.map((page) => page.boxes.map((box) => options.translations[box.id] ?? box.text).join('\n'));
    await writeTextDocx(pages, outputPath);
    report(100);
    const boxes = options.pages.reduce((sum, page) => sum + page.boxes.length, 0);
    return { boxes, overflowing: 0, shrunk: 0, pages: options.pages.length };
  }
  const { doc, pageCount } = await openInput(input);
  const shaped = Object.values(options.translations).some((text) => typeof text === 'string' && SHAPED_SCRIPT.test(text));
  const fonts = new TranslationFonts(doc, { harfBuzz: shaped ? await loadHarfBuzz() : undefined, lang: options.lang });
  const fit: TranslationFit = { boxes: 0, overflowing: 0, shrunk: 0, pages: pageCount };
  let data: Uint8Array;
  try {
    for (const page of options.pages) {
      if (page.page < 1 || page.page > pageCount) throw new CatalogueError('INVALID_PARAMS', `page ${page.page} is outside the document`);
      if (!page.turned && page.boxes.length > 0) translatePage(doc, page, options, fonts, fit);
      report((page.page / pageCount) * 80);
    }
    fonts.finish();
    data = saveDocument(doc);
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    fonts.destroy();
    doc.destroy();
  }
  if (options.layout === 'bilingual') data = await interleave(input, pageCount, data);
  report(90);
  await writeFileAtomic(outputPath, data);
  report(100);
  return fit;
}

/** Each original page followed by its translation, in one document. */
async function interleave(input: SingleInput, pageCount: number, translatedBytes: Uint8Array): Promise<Uint8Array> {
  const { doc: original } = await openInput(input);
  const translated = new mupdf.PDFDocument(translatedBytes);
  const out = new mupdf.PDFDocument();
  try {
    for (let i = 0; i < pageCount; i++) {
      out.graftPage(-1, original, i);
      out.graftPage(-1, translated, i);
    }
    return saveDocument(out);
  } finally {
    out.destroy();
    translated.destroy();
    original.destroy();
  }
}

function translatePage(doc: PDFDocument, layout: TextBoxPage, options: WriteTranslationOptions, fonts: TranslationFonts, fit: TranslationFit): void {
  const page = doc.loadPage(layout.page - 1);
  try {
    const boxes = layout.boxes.filter((box) => typeof options.translations[box.id] === 'string');
    if (boxes.length === 0) return;
    removeText(doc, page, boxes.map((box) => ({ rect: [box.rect.x0, box.rect.y0, box.rect.x1, box.rect.y1] })));
    const pageObj = page.getObject();
    const fontName = resourceNames(doc, ownResources(doc, pageObj), 'Font', 'PWT');
    const toUser = displayToUser(page);
    const ops: string[] = [];
    const fitIn = (box: TextBox, text: string, size: number) => fitText(text, { width: box.room.x1 - box.room.x0, height: box.room.y1 - box.room.y0 }, (t, at) => fonts.width(t, box) * at, {
      size, leading: box.leading, breakAnywhere: options.breakAnywhere, lang: options.lang, ascent: (box.baseline - box.rect.y0) / box.size,
    });
    const fitted = new Map<TextBox, { text: string; fitted: FittedText }>();
    for (const box of boxes) {
      const plain = options.translations[box.id]!.replace(/\s+/gu, ' ').trim();
      const text = ARABIC.test(plain) ? shapeArabic(plain) : plain;
      if (text !== '') fitted.set(box, { text, fitted: fitIn(box, text, box.size) });
    }
    evenOut(fitted, fitIn);
    for (const [box, { fitted: set }] of fitted) {
      fit.boxes++;
      if (set.overflow) fit.overflowing++;
      if (set.size < box.size - 0.01) fit.shrunk++;
      const leading = set.size * box.leading;
      // The first line on the original's first baseline, nearer the top in proportion when set smaller.
      let baseline = box.rect.y0 + (box.baseline - box.rect.y0) * (set.size / box.size);
      for (const line of set.lines) {
        const logical = options.rtl ? visualOrder(line) : line;
        const spans = fonts.spans(logical, box);
        const lineWidth = spans.reduce((sum, span) => sum + span.font.width(span.text), 0) * set.size;
        const x = lineStart(box, lineWidth, options.rtl);
        ops.push(lineOps(fontName, spans, x, baseline, set.size, box.color, toUser));
        baseline += leading;
      }
    }
    if (ops.length > 0) appendContent(doc, pageObj, ops.join('\n'));
  } finally {
    page.destroy();
  }
}

/** Boxes of one style on a page: set at one size, so that shrinking shows as little as it can. */
const styleOf = (box: TextBox): string => `${box.size}|${box.bold}|${box.italic}|${box.serif}|${box.mono}`;
/** A style needs this many boxes on the page before its sizes are evened out. */
const EVEN_OUT_MIN = 3;

/**
 * Body paragraphs of one style, fitted one by one, come out at different sizes (one shrunk to
 * 10 pt between two at 11): those above their style's median size are set at the median, which
 * fits them too (a smaller size never needs more room).
 */
function evenOut(fitted: Map<TextBox, { text: string; fitted: FittedText }>, fitIn: (box: TextBox, text: string, size: number) => FittedText): void {
  const styles = new Map<string, TextBox[]>();
  for (const box of fitted.keys()) styles.set(styleOf(box), [...(styles.get(styleOf(box)) ?? []), box]);
  for (const group of styles.values()) {
    if (group.length < EVEN_OUT_MIN) continue;
    const sizes = group.map((box) => fitted.get(box)!.fitted.size).sort((a, b) => a - b);
    const median = sizes[Math.floor((sizes.length - 1) / 2)]!;
    for (const box of group) {
      const entry = fitted.get(box)!;
      if (entry.fitted.size <= median + 0.01) continue;
      const smaller = fitIn(box, entry.text, median);
      if (!smaller.overflow) entry.fitted = smaller;
    }
  }
}

/** Where a line starts: the box's alignment kept, right-to-left text set from the right edge. */
function lineStart(box: TextBox, lineWidth: number, rtl: boolean): number {
  const { x0, x1 } = box.room;
  if (rtl || box.align === 'right') return Math.max(x0, x1 - lineWidth);
  if (box.align === 'center') return x0 + Math.max(0, (x1 - x0 - lineWidth) / 2);
  return x0;
}

function lineOps(fontName: (font: mupdf.PDFObject) => string, spans: FontSpan[], x: number, baseline: number, size: number, color: string, toUser: mupdf.Matrix): string {
  const rgb = [0, 2, 4].map((i) => num(parseInt(color.slice(i, i + 2), 16) / 255 || 0)).join(' ');
  // Tj (and a shaped span's TJ) moves the pen by the span's advance, so the next span starts where this one ends.
  const shows = spans.map((span) => `/${fontName(span.font.ref)} ${num(size)} Tf ${span.font.showAt ? span.font.showAt(span.text, size) : `<${span.font.encode(span.text)}> Tj`}`);
  return `BT ${rgb} rg ${textMatrix([x, baseline], [1, 0], toUser)} ${shows.join(' ')} ET`;
}
