/**
 * Adding drawing to an existing page: resources under fresh names and a content stream
 * appended after the page's own, which are wrapped in q/Q so whatever state they leave
 * (a transformation, a colour, clipping) does not leak into the new drawing.
 */
import { mupdf, type PDFDocument, type PDFObject } from '../mupdf.js';

/** The page's own /Resources dictionary; inherited resources are copied onto the page first. */
export function ownResources(doc: PDFDocument, page: PDFObject): PDFObject {
  const own = page.get('Resources');
  if (own.isDictionary()) return own;
  const inherited = page.getInheritable('Resources');
  const copy = doc.newDictionary();
  if (inherited.isDictionary()) inherited.forEach((value, key) => copy.put(key, value));
  page.put('Resources', copy);
  return page.get('Resources');
}

/** Adds `value` under a name not used yet in resources[category]; returns the name. */
export function addResource(doc: PDFDocument, resources: PDFObject, category: 'Font' | 'XObject' | 'ExtGState', prefix: string, value: PDFObject): string {
  let dict = resources.get(category);
  if (!dict.isDictionary()) {
    resources.put(category, doc.newDictionary());
    dict = resources.get(category);
  }
  let n = 1;
  while (!dict.get(`${prefix}${n}`).isNull()) n++;
  const name = `${prefix}${n}`;
  dict.put(name, value);
  return name;
}

/** Appends `ops` to the page's content, after the existing content wrapped in q ... Q. */
export function appendContent(doc: PDFDocument, page: PDFObject, ops: string): void {
  const contents = page.get('Contents');
  const streams: PDFObject[] = [];
  if (contents.isArray()) {
    for (let i = 0; i < contents.length; i++) streams.push(contents.get(i));
  } else if (!contents.isNull()) {
    streams.push(contents);
  }
  const array = doc.newArray();
  if (streams.length > 0) {
    array.push(doc.addStream('q\n', {}));
    for (const stream of streams) array.push(stream);
    array.push(doc.addStream(`\nQ\n${ops}\n`, {}));
  } else {
    array.push(doc.addStream(`${ops}\n`, {}));
  }
  page.put('Contents', array);
}

/** Page space (top-left origin, as displayed) to the page's PDF user space. */
export function displayToUser(page: mupdf.PDFPage): mupdf.Matrix {
  return mupdf.Matrix.invert(page.getTransform());
}

export function transformPoint([x, y]: mupdf.Point, [a, b, c, d, e, f]: mupdf.Matrix): mupdf.Point {
  return [x * a + y * c + e, x * b + y * d + f];
}

/** A number for a content stream: short, no exponent. */
export function num(value: number): string {
  const rounded = Math.round(value * 10000) / 10000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/**
 * Applies only our redactions: Redact annotations already in the document (marked for later,
 * not ours to apply) are hidden from MuPDF meanwhile by a temporary subtype.
 */
export function applyOnly(doc: PDFDocument, page: mupdf.PDFPage, ours: mupdf.PDFAnnotation[], apply: () => void): void {
  const mine = new Set(ours.map((annot) => annot.getObject().asIndirect()));
  const held: PDFObject[] = [];
  for (const annot of page.getAnnotations()) {
    if (annot.getType() !== 'Redact') continue;
    const obj = annot.getObject();
    if (mine.has(obj.asIndirect())) continue;
    obj.put('Subtype', doc.newName('PagewrightHeldRedact'));
    held.push(obj);
  }
  try {
    apply();
  } finally {
    for (const obj of held) obj.put('Subtype', doc.newName('Redact'));
  }
  // Applied redactions leave an empty /Annots behind.
  const pageObj = page.getObject();
  const annots = pageObj.get('Annots');
  if (annots.isArray() && annots.length === 0) pageObj.delete('Annots');
}
