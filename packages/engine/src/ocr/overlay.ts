/**
 * Lays Tesseract's invisible text over a page without touching what the page shows: the text
 * page becomes a form XObject, drawn by one new content stream placed before the page's own
 * streams (a fresh graphics state, whatever the page's content leaves unbalanced). The page's
 * content streams and images are not rewritten; only its /Contents array and its /Resources
 * (a copy with one more /XObject entry) change.
 */
import { deflateSync } from 'node:zlib';
import { mupdf, type PDFDocument, type PDFObject } from '../mupdf.js';
import { num } from '../imagepdf/embed.js';

type Matrix = [number, number, number, number, number, number];

/**
 * Fonts of the text pages already copied into a document, by resource name. Tesseract writes
 * the same glyphless font (/f-0-0) in every page it makes, so one copy serves every page.
 */
export type FontCache = Map<string, PDFObject>;

export interface TextPage {
  /** Tesseract's page: [x0, y0, x1, y1]. */
  mediaBox: [number, number, number, number];
  /** The decoded content stream(s) of the page. */
  content: Uint8Array;
  hasText: boolean;
  doc: PDFDocument;
  page: PDFObject;
}

/** Opens Tesseract's one-page PDF; the caller destroys `doc`. */
export function readTextPage(pdf: Uint8Array): TextPage {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const page = doc.findPage(0);
    const box = page.getInheritable('MediaBox');
    const mediaBox = [0, 1, 2, 3].map((i) => box.get(i).asNumber()) as TextPage['mediaBox'];
    const parts: Uint8Array[] = [];
    const contents = page.get('Contents');
    const addStream = (stream: PDFObject): void => {
      const buffer = stream.readStream();
      try {
        parts.push(Buffer.from(buffer.asUint8Array()), Buffer.from('\n'));
      } finally {
        buffer.destroy();
      }
    };
    if (contents.isArray()) {
      for (let i = 0; i < contents.length; i++) addStream(contents.get(i));
    } else if (contents.isStream()) {
      addStream(contents);
    }
    const content = Buffer.concat(parts);
    return { mediaBox, content, hasText: /T[Jj]\b/.test(content.toString('latin1')), doc, page };
  } catch (err) {
    doc.destroy();
    throw err;
  }
}

/** An unused name for the page's new XObject. */
function freeName(xobjects: PDFObject): string {
  for (let i = 0; ; i++) {
    const name = i === 0 ? 'PWOcr' : `PWOcr${i}`;
    if (xobjects.get(name).isNull()) return name;
  }
}

/** A shallow copy of a dictionary (values shared, keys copied). */
function copyDict(doc: PDFDocument, dict: PDFObject): PDFObject {
  const out = doc.newDictionary();
  if (dict.isDictionary()) dict.forEach((value, key) => out.put(key, value));
  return out;
}

/**
 * Draws `text` on `pageObj` of `doc`, mapping the text page's coordinates into the page's
 * user space with `toPage` (given the text page's media box). Returns false when the text
 * page holds no words (nothing is added).
 */
export function overlayTextPage(doc: PDFDocument, pageObj: PDFObject, text: TextPage, toPage: Matrix, fonts: FontCache): boolean {
  if (!text.hasText) return false;
  const [x0, y0, x1, y1] = text.mediaBox;

  // The text page as a form XObject, its fonts copied once per document.
  const fontRes = doc.newDictionary();
  const srcFonts = text.page.getInheritable('Resources').get('Font');
  if (srcFonts.isDictionary()) {
    srcFonts.forEach((font, key) => {
      const name = String(key);
      let copied = fonts.get(name);
      if (!copied) {
        copied = doc.graftObject(font);
        if (!copied.isIndirect()) copied = doc.addObject(copied);
        fonts.set(name, copied);
      }
      fontRes.put(name, copied);
    });
  }
  const resources = doc.newDictionary();
  resources.put('Font', fontRes);
  const formDict = doc.newDictionary();
  formDict.put('Type', doc.newName('XObject'));
  formDict.put('Subtype', doc.newName('Form'));
  formDict.put('BBox', [x0, y0, x1, y1]);
  formDict.put('Resources', resources);
  formDict.put('Filter', doc.newName('FlateDecode'));
  const form = doc.addRawStream(deflateSync(text.content), formDict);

  // The page's resources: a copy (they may be inherited or shared with other pages).
  const pageResources = copyDict(doc, pageObj.getInheritable('Resources'));
  const xobjects = copyDict(doc, pageResources.get('XObject'));
  const name = freeName(xobjects);
  xobjects.put(name, form);
  pageResources.put('XObject', xobjects);
  pageObj.put('Resources', pageResources);

  // One new content stream in front of the page's own.
  const draw = doc.addStream(`q ${toPage.map(num).join(' ')} cm /${name} Do Q\n`, doc.newDictionary());
  const contents = doc.newArray();
  contents.push(draw);
  const old = pageObj.get('Contents');
  if (old.isArray()) {
    for (let i = 0; i < old.length; i++) contents.push(old.get(i));
  } else if (!old.isNull()) {
    contents.push(old);
  }
  pageObj.put('Contents', contents);
  return true;
}

/** Matrix helpers (MuPDF's row-vector convention: p' = p × M). */
export const concat = (...ms: Matrix[]): Matrix => ms.reduce((a, b) => mupdf.Matrix.concat(a, b) as Matrix);
export const invert = (m: Matrix): Matrix => mupdf.Matrix.invert(m) as Matrix;
