/**
 * The PDF editor's export in annotate mode: each annotation of the editor becomes a real PDF
 * annotation of the matching subtype, written by MuPDF with its appearance stream, so that any
 * other viewer shows it and can edit it.
 */
import type { AnnotateFont, EditorAnnotation, ExistingAnnotation, FormFieldFill, NewImage, ImageEdit, LineEnd, NewTextBlock, TextEdit } from '@pagewright/contracts';
import { drawNewContent, editPageImages } from './edit-content.js';
import { stampAppearance, styleFreeText, writeStamp } from './annotate-appearance.js';
import { asCatalogueError } from './errors.js';
import { writeFileAtomic } from './files.js';
import { fillFormFields, flattenForm } from './forms.js';
import type { PdfInput } from './merge.js';
import { mupdf } from './mupdf.js';
import { documentFail, openInput, saveKeepingSignatures } from './pdf/single.js';
import { progressReporter, type ProgressFn } from './progress.js';
import { replaceOnPage } from './replace-text.js';
import { escapeRegExp, findInPage, pageText, quadBounds, type TextMatch } from './pdf/text-find.js';
import { fitsInPlace, reflowBlock } from './pdf/text-reflow.js';
import { FontChooser } from './pdf/text-fonts.js';

type PDFAnnotationType = Parameters<mupdf.PDFPage['createAnnotation']>[0];
type LineEndingStyle = Parameters<mupdf.PDFAnnotation['setLineEndingStyles']>[0];
type Rgb = [number, number, number];

/** The PDF subtype of each annotation kind the editor writes. */
export const subtypeOfKind: Record<EditorAnnotation['kind'], PDFAnnotationType> = {
  highlight: 'Highlight',
  underline: 'Underline',
  squiggly: 'Squiggly',
  'strike-out': 'StrikeOut',
  'free text': 'FreeText',
  square: 'Square',
  circle: 'Circle',
  line: 'Line',
  ink: 'Ink',
  comment: 'Text',
  stamp: 'Stamp',
};

/** SPEC §3 line ends as PDF /LE names: an open arrow, a filled dot, or nothing. */
const lineEndStyle: Record<LineEnd, LineEndingStyle> = { ARROW: 'OpenArrow', DOT: 'Circle', NONE: 'None' };

/** The base-14 font names MuPDF synthesises free-text appearances with. */
const fontResource: Record<AnnotateFont['family'], string> = { Helvetica: 'Helv', Times: 'TiRo', Courier: 'Cour' };

/** /Q of a free text: 0 left, 1 centred, 2 right (justify and unknown fall back to left). */
const quadding: Record<AnnotateFont['alignment'], number> = { unknown: 0, left: 0, right: 2, center: 1, justify: 0 };

/** The size of a sticky note's icon, as other viewers draw it. */
const NOTE_ICON = 20;

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** A CSS declaration of the free text's style, for viewers that read /DS (bold, italic, lines). */
function defaultStyle(font: AnnotateFont): string {
  const decoration = { none: 'none', underline: 'underline', strikeout: 'line-through', both: 'underline line-through' }[font.line_style];
  const family = { Helvetica: 'Helvetica,sans-serif', Times: 'Times,serif', Courier: 'Courier,monospace' }[font.family];
  return `font: ${font.italic ? 'italic ' : ''}${font.bold ? 'bold ' : ''}${font.size}pt ${family}; color: ${font.color}; `
    + `text-align: ${font.alignment === 'unknown' ? 'left' : font.alignment}; text-decoration: ${decoration}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** Sets one editor annotation's geometry and style on a new MuPDF annotation. */
function write(annot: mupdf.PDFAnnotation, a: EditorAnnotation): void {
  switch (a.kind) {
    case 'highlight':
    case 'underline':
    case 'squiggly':
    case 'strike-out':
      annot.setColor(rgb(a.color));
      // One quadrilateral per marked line, corners in the order of the PDF reference (upper left, upper right, lower left, lower right).
      annot.setQuadPoints(a.rects.map((r) => [r.x, r.y, r.x + r.w, r.y, r.x, r.y + r.h, r.x + r.w, r.y + r.h]));
      break;
    case 'free text': {
      annot.setRect([a.rect.x, a.rect.y, a.rect.x + a.rect.w, a.rect.y + a.rect.h]);
      annot.setDefaultAppearance(fontResource[a.font.family], a.font.size, rgb(a.font.color));
      annot.setQuadding(quadding[a.font.alignment]);
      annot.setContents(a.text);
      const style = defaultStyle(a.font);
      annot.setRichDefaults(style);
      annot.setRichContents(a.text, `<body xmlns="http://www.w3.org/1999/xhtml"><p style="${style}">${escapeXml(a.text)}</p></body>`);
      annot.setBorderWidth(0);
      break;
    }
    case 'square':
    case 'circle':
      annot.setRect([a.rect.x, a.rect.y, a.rect.x + a.rect.w, a.rect.y + a.rect.h]);
      annot.setColor(rgb(a.color));
      if (a.fill) annot.setInteriorColor(rgb(a.fill));
      annot.setBorderWidth(a.width);
      break;
    case 'line':
      annot.setLine(a.from, a.to);
      annot.setColor(rgb(a.color));
      annot.setBorderWidth(a.width);
      annot.setLineEndingStyles(lineEndStyle[a.start], lineEndStyle[a.end]);
      if (a.start === 'DOT' || a.end === 'DOT') annot.setInteriorColor(rgb(a.color));
      break;
    case 'ink':
      annot.setColor(rgb(a.color));
      annot.setBorderWidth(a.width);
      annot.setInkList(a.strokes);
      break;
    case 'comment':
      annot.setRect([a.at[0], a.at[1], a.at[0] + NOTE_ICON, a.at[1] + NOTE_ICON]);
      annot.setColor(rgb(a.color));
      annot.setIcon('Comment');
      annot.setContents(a.text);
      break;
    case 'stamp':
      annot.setColor(rgb(a.color));
      writeStamp(annot, a);
      break;
  }
  if (a.opacity < 1) annot.setOpacity(a.opacity);
}

/** How far outside the clicked word's box its first letter may start, in points (the browser's and MuPDF's boxes differ slightly). */
const EDIT_SLACK = 3;

/**
 * Edit mode: each edit's text (a word, or a whole paragraph) replaced in place, only the
 * occurrence in its box (the same text elsewhere is left alone). A replacement that fits where
 * the old text was is written there; a longer one, or one over several lines, makes its block
 * reflow (text-reflow.ts). INVALID_PARAMS when the text is not found in its box.
 */
function applyTextEdits(doc: mupdf.PDFDocument, edits: TextEdit[]): void {
  const fonts = new FontChooser(doc, { preferOwn: true, metricSubstitutes: true });
  try {
    for (const edit of edits) {
      const { x, y, w, h } = edit.box;
      const inBox = (match: TextMatch) => {
        const [x0, y0, x1, y1] = quadBounds(match.chars[0]!.quad);
        const cx = (x0 + x1) / 2;
        const cy = (y0 + y1) / 2;
        return cx >= x - EDIT_SLACK && cx <= x + w + EDIT_SLACK && cy >= y - EDIT_SLACK && cy <= y + h + EDIT_SLACK;
      };
      // The browser's text layer and MuPDF may space a line differently: any run of white space matches any other.
      if (edit.find.trim() === '') throw documentFail('INVALID_PARAMS', 'empty text to edit');
      const pattern = new RegExp(escapeRegExp(edit.find.trim()).replace(/\s+/g, '\\s+'), 'g');
      const replacement = edit.replace.replace(/[\r\n\t]+/g, ' ');
      const page = doc.loadPage(edit.page - 1);
      let reflowed = false;
      try {
        const text = pageText(page);
        const match = findInPage(text, pattern).find(inBox);
        if (!match) throw documentFail('INVALID_PARAMS', `"${edit.find}" is not in its box on page ${edit.page}`);
        const first = match.chars[0]!;
        const width = replacement === '' ? 0 : fonts.choose(first.font, replacement, page).width(replacement) * first.size;
        if (!fitsInPlace(page, text, match, width)) {
          reflowBlock(doc, page, text, match, replacement, fonts);
          reflowed = true;
        }
      } finally {
        page.destroy();
      }
      if (reflowed) continue;
      let first = true;
      replaceOnPage(doc, edit.page - 1, pattern, { find: edit.find, replace: replacement, regex: false, caseSensitive: true }, fonts,
        (match) => {
          // One occurrence per edit: the first in the box.
          if (!first || !inBox(match)) return false;
          first = false;
          return true;
        });
    }
    // A stand-in face is embedded whole (Carlito is 620 kB): only the glyphs the pages use are
    // kept. MuPDF subsets every font of the document: not where form fields may type text in
    // a font of the form's own later.
    if (fonts.embeddedFiles && !hasFormFields(doc)) doc.subsetFonts();
  } finally {
    fonts.destroy();
  }
}

/** Edit mode's page content, page by page: images of the page moved or removed, new text blocks and pictures drawn. */
function editContent(doc: mupdf.PDFDocument, imageEdits: ImageEdit[], textBlocks: NewTextBlock[], images: NewImage[]): void {
  const pages = [...new Set([...imageEdits, ...textBlocks, ...images].map((e) => e.page))];
  for (const pageNumber of pages) {
    const page = doc.loadPage(pageNumber - 1);
    try {
      editPageImages(doc, page, imageEdits.filter((e) => e.page === pageNumber));
      drawNewContent(doc, page, textBlocks.filter((b) => b.page === pageNumber), images.filter((i) => i.page === pageNumber));
    } finally {
      page.destroy();
    }
  }
}

/** Whether the document has an interactive form with fields. */
function hasFormFields(doc: mupdf.PDFDocument): boolean {
  const fields = doc.getTrailer().get('Root', 'AcroForm', 'Fields');
  return fields.isArray() && fields.length > 0;
}

/** Deletes the existing annotations the editor removed or changed; INVALID_PARAMS for one the page does not have. */
function removeExisting(page: mupdf.PDFPage, pageNumber: number, refs: number[]): void {
  const annots = page.getAnnotations();
  for (const ref of refs) {
    const annot = annots.find((a) => a.getObject().asIndirect() === ref);
    if (!annot) throw documentFail('INVALID_PARAMS', `page ${pageNumber} has no annotation ${ref}`);
    page.deleteAnnotation(annot);
  }
}

/**
 * What an export did to the signatures already in the PDF. `none`: it had none. `kept`: the
 * edits (annotations, form values) were appended as an incremental update, each signature is
 * valid for the revision it signed, and the later changes are of the kind a signed form allows.
 * `modified`: appended as well, but the pages' content changed (edit mode's text, a flattened
 * form): each signature is still valid for its revision and no longer covers what the document
 * shows (viewers report it modified since signing). `broken`: the input could not be updated in
 * place (encrypted or repaired) and was rewritten: its signatures no longer verify.
 */
export type EditSignatures = 'none' | 'kept' | 'modified' | 'broken';

/**
 * Writes the editor's content into a copy of the PDF: edit mode's words replaced in place, the
 * existing annotations it removed or changed deleted, its annotations written, the form fields
 * filled in (flattened only when asked). Errors: PAGE_RANGE_INVALID (an annotation on a page past the last),
 * INVALID_PARAMS (a removed annotation the page does not have, a field it does not have or a
 * value the field cannot take), and the open errors of every
 * tool (3122, INCORRECT_PASSWORD, FILE_DAMAGED, FILE_TYPE_ERROR). `annotations` is the number
 * written, `removed` the number deleted. A signed input is saved as an incremental update
 * (saveKeepingSignatures); `signatures` tells what became of its signatures (EditSignatures).
 */
export async function annotatePdf(
  input: PdfInput, outputPath: string,
  options: {
    annotations: EditorAnnotation[]; removed?: ExistingAnnotation[]; textEdits?: TextEdit[]; fields?: FormFieldFill[]; flattenForms?: boolean;
    textBlocks?: NewTextBlock[]; images?: NewImage[]; imageEdits?: ImageEdit[];
  },
  onProgress?: ProgressFn,
): Promise<{ annotations: number; removed: number; textEdits: number; fields: number; textBlocks: number; images: number; imageEdits: number; signatures: EditSignatures }> {
  const annotations = options?.annotations;
  const removed = options?.removed ?? [];
  const textEdits = options?.textEdits ?? [];
  const fields = options?.fields ?? [];
  const textBlocks = options?.textBlocks ?? [];
  const images = options?.images ?? [];
  const imageEdits = options?.imageEdits ?? [];
  if (!Array.isArray(annotations) || !Array.isArray(removed)) throw documentFail('INVALID_PARAMS', 'no annotation list');
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount, encrypted } = await openInput(input);
  let data: Uint8Array;
  let signatures: EditSignatures;
  try {
    const outside = [...annotations, ...removed, ...textEdits, ...textBlocks, ...images, ...imageEdits].find((a) => a.page < 1 || a.page > pageCount);
    if (outside) throw documentFail('PAGE_RANGE_INVALID', `page ${outside.page} of ${pageCount}`);
    // The page's own images first: the editor counted and placed them in the content as it was.
    editContent(doc, imageEdits, [], []);
    applyTextEdits(doc, textEdits);
    editContent(doc, [], textBlocks, images);
    const byPage = new Map<number, EditorAnnotation[]>();
    for (const a of annotations) byPage.set(a.page, [...(byPage.get(a.page) ?? []), a]);
    const removedByPage = new Map<number, number[]>();
    for (const r of removed) removedByPage.set(r.page, [...(removedByPage.get(r.page) ?? []), r.ref]);
    const pages = [...new Set([...removedByPage.keys(), ...byPage.keys()])];
    let done = 0;
    for (const pageNumber of pages) {
      const page = doc.loadPage(pageNumber - 1);
      try {
        removeExisting(page, pageNumber, removedByPage.get(pageNumber) ?? []);
        for (const a of byPage.get(pageNumber) ?? []) {
          const annot = page.createAnnotation(subtypeOfKind[a.kind]);
          write(annot, a);
          annot.update();
          if (a.kind === 'free text') styleFreeText(doc, page, annot, a, rgb(a.font.color));
          if (a.kind === 'stamp') stampAppearance(doc, page, annot, a, rgb(a.color));
        }
      } finally {
        page.destroy();
      }
      report(5 + (++done / pages.length) * 85);
    }
    fillFormFields(doc, fields);
    if (options.flattenForms) flattenForm(doc);
    const saved = saveKeepingSignatures(doc, encrypted);
    data = saved.data;
    signatures = !saved.signed ? 'none' : !saved.incremental ? 'broken' : textEdits.length + textBlocks.length + images.length + imageEdits.length > 0 || options.flattenForms ? 'modified' : 'kept';
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    doc.destroy();
  }
  report(95);
  await writeFileAtomic(outputPath, data);
  report(100);
  return {
    annotations: annotations.length, removed: removed.length, textEdits: textEdits.length, fields: fields.length,
    textBlocks: textBlocks.length, images: images.length, imageEdits: imageEdits.length, signatures,
  };
}
