/**
 * PDFs of known content for the from-PDF converters, made with MuPDF at test time: styled text,
 * a picture, vector art, a JavaScript action, and tables of known cells placed in columns.
 */
import { mupdf } from '../src/mupdf.js';
import { savedBytes } from './fixtures.js';

/**
 * The text of each paragraph of a Word document's body (word/document.xml), its runs joined: a
 * line the converter narrows to fit is written a run per word, so a phrase is not one w:t.
 */
export function wordParagraphTexts(documentXml: string): string[] {
  return [...documentXml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => [...m[0].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Width of `text` in Helvetica (or Helvetica-Bold) at `size`, points. */
export function textWidth(font: InstanceType<typeof mupdf.Font>, text: string, size: number): number {
  let width = 0;
  for (const ch of text) width += font.advanceGlyph(font.encodeCharacter(ch)) * size;
  return width;
}

export const RICH = {
  size: [400, 300] as [number, number],
  title: 'Quarterly Report',
  body: 'Plain body text',
  red: 'Red words',
  script: '<script>alert(1)</script>',
  /** The picture's place, points from the top-left corner, and its pixel size. */
  image: { x: 250, y: 40, w: 100, h: 75, pixels: [40, 30] as [number, number] },
};

/**
 * One page 400 x 300 pt: a 24 pt bold title, a 12 pt body line, a red 14 pt italic line, a line
 * of text that looks like a script tag, a blue stroked rectangle and a curve, an RGB picture,
 * and a JavaScript OpenAction plus a JavaScript link (which no output may carry over).
 */
export function richPdf(pages = 1): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const [w, h] = RICH.size;
    const regular = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const bold = doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'));
    const italic = doc.addSimpleFont(new mupdf.Font('Helvetica-Oblique'));
    const [pw, ph] = RICH.image.pixels;
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, pw, ph], false);
    const pixels = pixmap.getPixels();
    for (let i = 0; i < pw * ph; i++) {
      pixels[i * 3] = (i * 7) % 256;
      pixels[i * 3 + 1] = 120;
      pixels[i * 3 + 2] = 200;
    }
    const image = doc.addImage(new mupdf.Image(pixmap));
    pixmap.destroy();
    const { x, y, w: iw, h: ih } = RICH.image;
    for (let p = 0; p < pages; p++) {
      const content = [
        `BT /F2 24 Tf 20 ${h - 50} Td ${pdfString(RICH.title)} Tj ET`,
        `BT /F1 12 Tf 20 ${h - 90} Td ${pdfString(RICH.body)} Tj ET`,
        `BT /F3 14 Tf 1 0 0 rg 20 ${h - 120} Td ${pdfString(RICH.red)} Tj ET`,
        `BT /F1 10 Tf 0 g 20 ${h - 150} Td ${pdfString(RICH.script)} Tj ET`,
        `q 0 0 1 RG 2 w 20 20 150 80 re S 200 30 m 250 120 300 0 380 60 c S Q`,
        `q ${iw} 0 0 ${ih} ${x} ${h - y - ih} cm /Im1 Do Q`,
      ].join('\n');
      const page = doc.addPage([0, 0, w, h], 0, { Font: { F1: regular, F2: bold, F3: italic }, XObject: { Im1: image } }, content);
      doc.insertPage(-1, page);
    }
    const root = doc.getTrailer().get('Root');
    const action = doc.newDictionary();
    action.put('S', doc.newName('JavaScript'));
    action.put('JS', doc.newString('app.alert("<script>")'));
    root.put('OpenAction', action);
    const link = doc.newDictionary();
    link.put('Type', doc.newName('Annot'));
    link.put('Subtype', doc.newName('Link'));
    link.put('Rect', [20, 20, 120, 40]);
    const linkAction = doc.newDictionary();
    linkAction.put('S', doc.newName('URI'));
    linkAction.put('URI', doc.newString('javascript:alert(1)'));
    link.put('A', linkAction);
    const pageObj = doc.findPage(0);
    pageObj.put('Annots', doc.newArray());
    pageObj.get('Annots').push(doc.addObject(link));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

export interface TableSpec {
  /** Rows of cell texts; the first is usually the header. */
  rows: string[][];
  /** Left edge of each column, points. */
  columns?: number[];
  /** Right-align cells that look numeric (as tables print numbers). */
  alignNumbers?: boolean;
  /** Draw cell borders. */
  ruled?: boolean;
  /** Lines of text above the table. */
  above?: string[];
  rowHeight?: number;
  fontSize?: number;
}

/** Page size of table fixtures (A4 portrait). */
export const TABLE_PAGE: [number, number] = [595, 842];

/** One page per spec: optional lines of text, then the table's cells placed in columns. */
export function tablePdf(specs: TableSpec[]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font('Helvetica');
  try {
    const ref = doc.addSimpleFont(font);
    const [, h] = TABLE_PAGE;
    for (const spec of specs) {
      const size = spec.fontSize ?? 10;
      const rowHeight = spec.rowHeight ?? 18;
      const ncols = Math.max(...spec.rows.map((r) => r.length));
      const columns = spec.columns ?? Array.from({ length: ncols }, (_, i) => 50 + i * 110);
      const colWidth = (i: number): number => (columns[i + 1] ?? columns[i]! + 110) - columns[i]! - 10;
      const ops: string[] = [];
      let top = h - 60;
      for (const line of spec.above ?? []) {
        ops.push(`BT /F1 12 Tf 50 ${top} Td ${pdfString(line)} Tj ET`);
        top -= 24;
      }
      top -= 10;
      spec.rows.forEach((row, r) => {
        const baseline = top - r * rowHeight;
        row.forEach((cell, c) => {
          if (cell === '') return;
          const numeric = spec.alignNumbers && /^[-+($€£]?[\d.,\s%)]+$/.test(cell) && /\d/.test(cell);
          const x = numeric ? columns[c]! + colWidth(c) - textWidth(font, cell, size) : columns[c]!;
          ops.push(`BT /F1 ${size} Tf ${x.toFixed(2)} ${baseline} Td ${pdfString(cell)} Tj ET`);
        });
      });
      if (spec.ruled) {
        const x0 = columns[0]! - 5;
        const x1 = columns[ncols - 1]! + colWidth(ncols - 1) + 5;
        for (let r = 0; r <= spec.rows.length; r++) {
          const y = top + rowHeight - 5 - r * rowHeight;
          ops.push(`0.5 w ${x0} ${y} m ${x1} ${y} l S`);
        }
        const yTop = top + rowHeight - 5;
        const yBottom = yTop - spec.rows.length * rowHeight;
        for (let c = 0; c <= ncols; c++) {
          const x = c < ncols ? columns[c]! - 5 : x1;
          ops.push(`0.5 w ${x} ${yTop} m ${x} ${yBottom} l S`);
        }
      }
      const page = doc.addPage([0, 0, TABLE_PAGE[0], h], 0, { Font: { F1: ref } }, ops.join('\n'));
      doc.insertPage(-1, page);
    }
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** A page with nothing on it (no text, no art). */
export function blankPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    doc.insertPage(-1, doc.addPage([0, 0, 200, 200], 0, {}, ''));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/**
 * One page with one 20 x 10 red picture whose soft mask (SMask) hides its left half: a
 * converter must keep the transparency rather than show the hidden half black.
 */
export function maskedImagePdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const base = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 20, 10], false);
    const pixels = base.getPixels();
    for (let i = 0; i < 200; i++) pixels.set([220, 30, 30], i * 3);
    const maskPixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 20, 10], false);
    const maskPixels = maskPixmap.getPixels();
    for (let i = 0; i < 200; i++) maskPixels[i] = i % 20 < 10 ? 0 : 255;
    const mask = new mupdf.Image(maskPixmap);
    const image = doc.addImage(new mupdf.Image(base, mask));
    base.destroy();
    maskPixmap.destroy();
    doc.insertPage(-1, doc.addPage([0, 0, 200, 100], 0, { XObject: { Im1: image } }, 'q 100 0 0 50 50 25 cm /Im1 Do Q'));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}
