import { CatalogueError } from '@pagewright/contracts';
import { asCatalogueError } from './errors.js';
import { writeFileAtomic } from './files.js';
import type { PdfInput } from './merge.js';
import { mupdf, type PDFDocument, type PDFObject } from './mupdf.js';
import { appendContent, applyOnly, displayToUser, num, transformPoint } from './pdf/page-content.js';
import { documentFail, openInput, saveDocument } from './pdf/single.js';
import { compileTerm, findInPage, lineBands, pageText, quadBounds, type TextMatch } from './pdf/text-find.js';
import { progressReporter, type ProgressFn } from './progress.js';

/** A rectangle to black out, in points from the top-left corner of the page as displayed. */
export interface RedactBox {
  /** 1-based page number. */
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RedactOptions {
  boxes: RedactBox[];
  /** Terms to find and black out on every page. */
  search: string[];
  /** The terms are JavaScript regular expressions. */
  regex: boolean;
  caseSensitive: boolean;
}

type Rect = [number, number, number, number];

/**
 * Removal areas of matched text, in font sizes from the baseline: MuPDF removes every glyph an
 * area touches, so they stay clear of the lines above and below. Inset: share of the first and
 * last character's width kept clear of the neighbouring characters.
 */
const REMOVE_ABOVE = 0.6;
const REMOVE_BELOW = 0.05;
const REMOVE_INSET = 0.05;
/** The black box over matched text: ascender to descender of common fonts. */
const BOX_ABOVE = 0.82;
const BOX_BELOW = 0.22;

/** Stands in for redacted text in bookmarks and document properties. */
const REDACTED_MARK = '\u2588';

/**
 * True redaction: the boxes and every match of the search terms are blacked out, and what was
 * under them removed from the file (MuPDF redaction): text glyphs, the pixels of images (whole
 * images when covered), vector drawing covered entirely. Annotations over a redacted area or
 * holding a match are deleted; text form fields lose the matches from their value (the whole
 * value under a box). Matches in bookmark titles and document properties are replaced by
 * a block character; XMP metadata holding a match is dropped. The rest of each page keeps its
 * selectable text. `redactions` counts boxes applied plus matches found (on pages, in
 * annotations and in form fields). Errors: INVALID_PARAMS (no box and no term, a bad box, an
 * empty term or a bad regular expression), PAGE_RANGE_INVALID (a box past the last page), and
 * the open errors of every tool.
 */
export async function redactPdf(input: PdfInput, outputPath: string, options: RedactOptions, onProgress?: ProgressFn): Promise<{ redactions: number }> {
  const boxes = options?.boxes ?? [];
  const search = options?.search ?? [];
  if (!Array.isArray(boxes) || !Array.isArray(search)) throw documentFail('INVALID_PARAMS', 'boxes and search must be lists');
  if (boxes.length === 0 && search.length === 0) throw documentFail('INVALID_PARAMS', 'nothing to redact: no box and no search term');
  for (const box of boxes) {
    const ok = box && Number.isInteger(box.page) && box.page >= 1 && [box.x, box.y, box.w, box.h].every(Number.isFinite) && box.w > 0 && box.h > 0;
    if (!ok) throw documentFail('INVALID_PARAMS', `invalid box ${JSON.stringify(box)}`);
  }
  const patterns = search.map((term) => compileTerm(term, options.regex === true, options.caseSensitive === true));
  const report = progressReporter(onProgress);
  report(0);

  const { doc, pageCount } = await openInput(input);
  let data: Uint8Array;
  let redactions = 0;
  try {
    const outside = boxes.find((box) => box.page > pageCount);
    if (outside) throw documentFail('PAGE_RANGE_INVALID', `page ${outside.page} of ${pageCount}`);
    for (let index = 0; index < pageCount; index++) {
      const pageBoxes = boxes.filter((box) => box.page === index + 1);
      if (pageBoxes.length === 0 && patterns.length === 0) continue;
      redactions += redactPage(doc, index, pageBoxes, patterns);
      report(((index + 1) / pageCount) * 85);
    }
    if (patterns.length > 0) scrubDocumentText(doc, patterns);
    report(90);
    data = saveDocument(doc);
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    doc.destroy();
  }
  await writeFileAtomic(outputPath, data);
  report(100);
  return { redactions };
}

function redactPage(doc: PDFDocument, index: number, boxes: RedactBox[], patterns: RegExp[]): number {
  let page: mupdf.PDFPage;
  try {
    page = doc.loadPage(index);
  } catch (err) {
    throw asCatalogueError(err, 'FILE_DAMAGED');
  }
  try {
    const [bx0, by0, bx1, by1] = page.getBounds();
    const rects: Rect[] = [];
    for (const box of boxes) {
      const rect: Rect = [Math.max(bx0, bx0 + box.x), Math.max(by0, by0 + box.y), Math.min(bx1, bx0 + box.x + box.w), Math.min(by1, by0 + box.y + box.h)];
      if (rect[2] > rect[0] && rect[3] > rect[1]) rects.push(rect);
    }
    const matches: TextMatch[] = [];
    if (patterns.length > 0) {
      const text = pageText(page);
      for (const pattern of patterns) matches.push(...findInPage(text, pattern));
    }
    // Removal areas keep clear of neighbouring lines; the black boxes cover the whole text height.
    const removal = matches.map((m) => lineBands(m.chars, REMOVE_ABOVE, REMOVE_BELOW, REMOVE_INSET));
    const shown = matches.flatMap((m) => lineBands(m.chars, BOX_ABOVE, BOX_BELOW));
    const areas: Rect[] = [...rects, ...shown.map(quadBounds)];
    const annotationMatches = scrubAnnotations(page, areas, rects, patterns);
    if (rects.length === 0 && matches.length === 0) return annotationMatches;

    const ours: mupdf.PDFAnnotation[] = [];
    for (const rect of rects) {
      const annot = page.createAnnotation('Redact');
      annot.setRect(rect);
      annot.update();
      ours.push(annot);
    }
    for (const quads of removal) {
      const annot = page.createAnnotation('Redact');
      annot.setQuadPoints(quads);
      annot.update();
      ours.push(annot);
    }
    applyOnly(doc, page, ours, () =>
      page.applyRedactions(false, mupdf.PDFPage.REDACT_IMAGE_PIXELS, mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED, mupdf.PDFPage.REDACT_TEXT_REMOVE),
    );
    const toUser = displayToUser(page);
    const path = (points: mupdf.Point[]): string =>
      `${points.map((p, i) => `${transformPoint(p, toUser).map(num).join(' ')} ${i === 0 ? 'm' : 'l'}`).join(' ')} h`;
    const paths = [
      ...rects.map(([x0, y0, x1, y1]) => path([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])),
      ...shown.map((q) => path([[q[0], q[1]], [q[2], q[3]], [q[6], q[7]], [q[4], q[5]]])),
    ];
    appendContent(doc, page.getObject(), `q 0 g\n${paths.join('\n')}\nf Q`);
    return rects.length + matches.length + annotationMatches;
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    page.destroy();
  }
}

const intersects = (a: Rect, b: Rect): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

function countMatches(text: string, patterns: RegExp[]): number {
  let count = 0;
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (const found of text.matchAll(pattern)) if (found[0].length > 0) count++;
  }
  return count;
}

function removeMatches(text: string, patterns: RegExp[], mark: string): string {
  let out = text;
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    out = out.replace(pattern, (found) => mark.repeat([...found].length));
  }
  return out;
}

/** The text an annotation shows (its appearance) and the text it carries (its contents). */
function annotationTexts(annot: mupdf.PDFAnnotation): [string, string] {
  let shown = '';
  try {
    const list = annot.toDisplayList();
    try {
      const stext = list.toStructuredText('preserve-whitespace');
      try {
        shown = stext.asText();
      } finally {
        stext.destroy();
      }
    } finally {
      list.destroy();
    }
  } catch {
    // No appearance.
  }
  let contents = '';
  try {
    contents = annot.getContents() ?? '';
  } catch {
    // No contents.
  }
  return [shown, contents];
}

/**
 * Annotations are not page content, so redaction leaves them: delete those over a redacted
 * area or holding a match (links stay unless covered: they carry no text of their own);
 * text fields lose the matching text (all of it under a box). Returns the matches found.
 */
function scrubAnnotations(page: mupdf.PDFPage, areas: Rect[], boxes: Rect[], patterns: RegExp[]): number {
  let found = 0;
  for (const annot of page.getAnnotations()) {
    const type = annot.getType();
    if (type === 'Redact' || type === 'Popup') continue;
    const bounds = annot.getBounds() as Rect;
    const covered = areas.some((area) => intersects(area, bounds));
    const hits = type === 'Link' ? 0 : Math.max(...annotationTexts(annot).map((text) => countMatches(text, patterns)));
    if (covered || hits > 0) {
      found += hits;
      const popup = annot.getObject().get('Popup');
      page.deleteAnnotation(annot);
      if (popup.isDictionary()) deletePopup(page, popup);
    }
  }
  for (const widget of page.getWidgets()) {
    if (!widget.isText()) continue;
    const value = widget.getValue() ?? '';
    const bounds = widget.getBounds() as Rect;
    if (boxes.some((box) => intersects(box, bounds))) {
      found += value === '' ? 0 : 1;
      widget.setTextValue('');
      widget.update();
      continue;
    }
    const hits = countMatches(value, patterns);
    if (hits > 0) {
      found += hits;
      widget.setTextValue(removeMatches(value, patterns, ''));
      widget.update();
    }
  }
  return found;
}

function deletePopup(page: mupdf.PDFPage, popup: PDFObject): void {
  for (const annot of page.getAnnotations()) {
    if (annot.getType() === 'Popup' && annot.getObject().asIndirect() === popup.asIndirect()) {
      page.deleteAnnotation(annot);
      return;
    }
  }
}

/** Matches in bookmark titles and the document properties become block characters; XMP holding one is dropped. */
function scrubDocumentText(doc: PDFDocument, patterns: RegExp[]): void {
  for (const key of ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer']) {
    try {
      const value = doc.getMetaData(`info:${key}`);
      if (value && countMatches(value, patterns) > 0) doc.setMetaData(`info:${key}`, removeMatches(value, patterns, REDACTED_MARK));
    } catch {
      // Unreadable property: left alone.
    }
  }
  try {
    const root = doc.getTrailer().get('Root');
    const metadata = root.get('Metadata');
    if (metadata.isStream()) {
      const buffer = metadata.readStream();
      try {
        if (countMatches(buffer.asString(), patterns) > 0) root.delete('Metadata');
      } finally {
        buffer.destroy();
      }
    }
    const seen = new Set<number>();
    const walk = (first: PDFObject): void => {
      for (let item = first; item.isDictionary(); item = item.get('Next')) {
        if (item.isIndirect()) {
          if (seen.has(item.asIndirect())) return;
          seen.add(item.asIndirect());
        }
        const title = item.get('Title');
        if (title.isString()) {
          const text = title.asString();
          if (countMatches(text, patterns) > 0) item.put('Title', doc.newString(removeMatches(text, patterns, REDACTED_MARK)));
        }
        walk(item.get('First'));
      }
    };
    const outlines = root.get('Outlines');
    if (outlines.isDictionary()) walk(outlines.get('First'));
  } catch {
    // Best effort beyond the pages.
  }
}
