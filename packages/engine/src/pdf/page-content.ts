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

/**
 * The text matrix (operands and Tm) that sets text at `at` running along `dir`, both in page
 * space, for a content stream in the page's user space (which the page may rotate and flips).
 */
export function textMatrix(at: mupdf.Point, dir: mupdf.Point, toUser: mupdf.Matrix): string {
  const [ox, oy] = transformPoint(at, toUser);
  const [ex, ey] = transformPoint([at[0] + dir[0], at[1] + dir[1]], toUser);
  const length = Math.hypot(ex - ox, ey - oy) || 1;
  const ux = (ex - ox) / length;
  const uy = (ey - oy) / length;
  return `${num(ux)} ${num(uy)} ${num(-uy)} ${num(ux)} ${num(ox)} ${num(oy)} Tm`;
}

/**
 * A name in resources[category] for each (indirect) object drawn with, the object added the
 * first time it is asked for.
 */
export function resourceNames(doc: PDFDocument, resources: PDFObject, category: 'Font' | 'XObject', prefix: string): (value: PDFObject) => string {
  const names = new Map<number, string>();
  return (value) => {
    let name = names.get(value.asIndirect());
    if (!name) {
      name = addResource(doc, resources, category, prefix, value);
      names.set(value.asIndirect(), name);
    }
    return name;
  };
}

/**
 * Removes the text the areas touch (each a set of quads, or a rectangle), leaving images and
 * line art; Redact annotations already in the document stay unapplied (applyOnly).
 */
export function removeText(doc: PDFDocument, page: mupdf.PDFPage, areas: ({ quads: mupdf.Quad[] } | { rect: mupdf.Rect })[]): void {
  const ours = areas.map((area) => {
    const annot = page.createAnnotation('Redact');
    if ('quads' in area) annot.setQuadPoints(area.quads);
    else annot.setRect(area.rect);
    annot.update();
    return annot;
  });
  applyOnly(doc, page, ours, () =>
    page.applyRedactions(false, mupdf.PDFPage.REDACT_IMAGE_NONE, mupdf.PDFPage.REDACT_LINE_ART_NONE, mupdf.PDFPage.REDACT_TEXT_REMOVE),
  );
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
