/**
 * Appearances MuPDF does not synthesise the way the editor shows them: a free text set in bold
 * or italic (MuPDF draws every free text in the regular face of its family), and the stamps of
 * the STAMP, IMAGE and SIGN tools (MuPDF draws a stamp's label or picture sideways on a turned
 * page).
 */
import type { AnnotateFont, EditorAnnotation, EditorBox, StampContent, StampName } from '@pagewright/contracts';
import { mupdf } from './mupdf.js';
import { documentFail } from './pdf/single.js';
import { WIN_ANSI_HIGH, winAnsiCode } from './pdf/text-fonts.js';

type FreeText = Extract<EditorAnnotation, { kind: 'free text' }>;
type Rgb = [number, number, number];

/** The base-14 face of each family and style, and the resource name its /DA gives it. */
const faces: Record<AnnotateFont['family'], [regular: string, bold: string, italic: string, boldItalic: string]> = {
  Helvetica: ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'],
  Times: ['Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic'],
  Courier: ['Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique'],
};
const resourceNames: Record<AnnotateFont['family'], [string, string, string, string]> = {
  Helvetica: ['Helv', 'HeBo', 'HeOb', 'HeBO'],
  Times: ['TiRo', 'TiBo', 'TiIt', 'TiBI'],
  Courier: ['Cour', 'CoBo', 'CoOb', 'CoBO'],
};

/** The base-14 font of a free text's family, bold and italic, and its /DA resource name. */
export function faceOf(font: AnnotateFont): { baseFont: string; resource: string } {
  const index = (font.bold ? 1 : 0) + (font.italic ? 2 : 0);
  return { baseFont: faces[font.family][index]!, resource: resourceNames[font.family][index]! };
}

/** A character's WinAnsi code; '?' for one the base-14 fonts cannot show. */
function winAnsi(cp: number): number {
  return winAnsiCode(cp) ?? 0x3f;
}

function pdfString(codes: number[]): string {
  return `(${codes.map((c) => (c === 0x28 || c === 0x29 || c === 0x5c ? `\\${String.fromCharCode(c)}` : c < 0x20 || c > 0x7e ? `\\${c.toString(8).padStart(3, '0')}` : String.fromCharCode(c))).join('')})`;
}

const n = (v: number) => (Math.round(v * 1000) / 1000).toString();

/** The inner margin of a free text, in points, as the editor's text box has none but its border. */
const PAD = 2;
/** Line height over font size, as the editor's text box sets it (CSS line-height 1.2). */
const LINE_HEIGHT = 1.2;
/** Where the first baseline sits below a line's top, over the font size (the half-leading plus the ascent). */
const BASELINE = 0.87;

/**
 * The lines of a free text broken to fit `width` at word boundaries (a word longer than the
 * line is broken between characters), as the editor's box wraps it, each as WinAnsi codes.
 */
export function wrapLines(text: string, width: number, advance: (code: number) => number, encode: (codePoint: number) => number = winAnsi): number[][] {
  const lines: number[][] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line: number[] = [];
    let lineWidth = 0;
    for (const word of paragraph.split(/(?<= )/)) {
      const codes = Array.from(word, (c) => encode(c.codePointAt(0)!));
      const wordWidth = codes.reduce((sum, c) => sum + advance(c), 0);
      const trimmed = codes[codes.length - 1] === 0x20 ? wordWidth - advance(0x20) : wordWidth;
      if (line.length > 0 && lineWidth + trimmed > width) {
        lines.push(line);
        line = [];
        lineWidth = 0;
      }
      for (const code of codes) {
        const w = advance(code);
        if (line.length > 0 && code !== 0x20 && lineWidth + w > width) {
          lines.push(line);
          line = [];
          lineWidth = 0;
        }
        line.push(code);
        lineWidth += w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Replaces the normal appearance MuPDF made for a bold or italic free text with one set in the
 * right base-14 face (wrapped, aligned and with its underline or strike line as the editor
 * shows it), and names that face in the /DA. Regular text keeps MuPDF's own appearance.
 */
export function styleFreeText(doc: mupdf.PDFDocument, page: mupdf.PDFPage, annot: mupdf.PDFAnnotation, a: FreeText, color: Rgb): void {
  if (!a.font.bold && !a.font.italic) return;
  const { baseFont, resource } = faceOf(a.font);
  const { w, h } = a.rect;
  const ops = ['q', `0 0 ${n(w)} ${n(h)} re W n`, ...textOps(a.text, a.font, w, h, resource, color), 'Q'];
  setFrameAppearance(doc, page, annot, a.rect, ops.join('\n'), { Font: { [resource]: baseFontObject(doc, baseFont) } });
  annot.getObject().put('DA', doc.newString(`/${resource} ${n(a.font.size)} Tf ${color.map(n).join(' ')} rg`));
}

/**
 * A font other than the base-14 face to set a text box in (text beyond WinAnsi): the width of a
 * text in ems and the operation that shows it, as pdf/text-fonts' WritingFont gives them.
 */
export interface TextWriter {
  width(text: string): number;
  show(text: string): string;
}

/**
 * The drawing of a text box's text in its frame (origin at the box's lower left, y up): wrapped
 * to the box's width as the editor's box wraps it, aligned, in the base-14 face of its font
 * named `resource`, with its underline or strike line. Free texts and Edit mode's new text
 * blocks are set alike, so that what the editor shows is what the file gets.
 */
export function textOps(text: string, style: AnnotateFont, w: number, h: number, resource: string, color: Rgb, writer?: TextWriter): string[] {
  const font = new mupdf.Font(faceOf(style).baseFont);
  try {
    const size = style.size;
    const advance = writer
      ? (codePoint: number) => writer.width(String.fromCodePoint(codePoint)) * size
      : (code: number) => font.advanceGlyph(font.encodeCharacter(code >= 0x80 && code <= 0x9f ? codeToUnicode(code) : code), 0) * size;
    const lines = writer ? wrapLines(text, w - 2 * PAD, advance, (codePoint) => codePoint) : wrapLines(text, w - 2 * PAD, advance);
    const show = (codes: number[]) => (writer ? writer.show(String.fromCodePoint(...codes)) : `${pdfString(codes)} Tj`);
    const rgb = color.map(n).join(' ');
    const ops: string[] = [`${rgb} rg`, `${rgb} RG`, `${n(size * 0.06)} w`];
    lines.forEach((line, i) => {
      const trimmed = line[line.length - 1] === 0x20 ? line.slice(0, -1) : line;
      const lineWidth = trimmed.reduce((sum, c) => sum + advance(c), 0);
      const free = w - 2 * PAD - lineWidth;
      const x = PAD + (style.alignment === 'center' ? free / 2 : style.alignment === 'right' ? free : 0);
      const y = h - PAD - (i * LINE_HEIGHT + BASELINE) * size;
      ops.push('BT', `/${resource} ${n(size)} Tf`, `${n(x)} ${n(y)} Td`, show(trimmed), 'ET');
      const under = style.line_style === 'underline' || style.line_style === 'both';
      const strike = style.line_style === 'strikeout' || style.line_style === 'both';
      if (under) ops.push(`${n(x)} ${n(y - 0.12 * size)} m ${n(x + lineWidth)} ${n(y - 0.12 * size)} l S`);
      if (strike) ops.push(`${n(x)} ${n(y + 0.28 * size)} m ${n(x + lineWidth)} ${n(y + 0.28 * size)} l S`);
    });
    return ops;
  } finally {
    font.destroy();
  }
}

export function baseFontObject(doc: mupdf.PDFDocument, baseFont: string): mupdf.PDFObject {
  const fontDict = doc.newDictionary();
  fontDict.put('Type', doc.newName('Font'));
  fontDict.put('Subtype', doc.newName('Type1'));
  fontDict.put('BaseFont', doc.newName(baseFont));
  fontDict.put('Encoding', doc.newName('WinAnsiEncoding'));
  return doc.addObject(fontDict);
}

/**
 * Sets an annotation's normal appearance: `content` drawn in a frame of the box's size whose
 * origin is the box's displayed lower left, x to the right and y up as the page is displayed
 * (so that it reads upright on a turned page too).
 */
function setFrameAppearance(
  doc: mupdf.PDFDocument, page: mupdf.PDFPage, annot: mupdf.PDFAnnotation, rect: EditorBox,
  content: string, resources: Record<string, Record<string, mupdf.PDFObject>>,
): void {
  const frame: mupdf.Matrix = [1, 0, 0, -1, rect.x, rect.y + rect.h];
  const matrix = mupdf.Matrix.concat(frame, mupdf.Matrix.invert(page.getTransform()));
  const res = doc.newDictionary();
  for (const [category, entries] of Object.entries(resources)) {
    const dict = doc.newDictionary();
    for (const [name, value] of Object.entries(entries)) dict.put(name, value);
    res.put(category, dict);
  }
  const form = doc.newDictionary();
  form.put('Type', doc.newName('XObject'));
  form.put('Subtype', doc.newName('Form'));
  form.put('BBox', [0, 0, rect.w, rect.h]);
  form.put('Matrix', [...matrix]);
  form.put('Resources', res);
  const ap = doc.newDictionary();
  ap.put('N', doc.addStream(`${content}\n`, form));
  annot.getObject().put('AP', ap);
  // MuPDF's own update may have refitted the box to the appearance it drew; the box is the editor's.
  const corners = [[0, 0], [rect.w, 0], [0, rect.h], [rect.w, rect.h]].map(([x, y]) => [
    x! * matrix[0] + y! * matrix[2] + matrix[4], x! * matrix[1] + y! * matrix[3] + matrix[5],
  ] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  annot.getObject().put('Rect', [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
}

function codeToUnicode(code: number): number {
  return Number(Object.entries(WIN_ANSI_HIGH).find(([, c]) => c === code)?.[0] ?? 0x3f);
}

/** The bytes of a stamp's picture; INVALID_PARAMS for one that is not a PNG or JPEG MuPDF reads. */
export function pictureOf(dataUrl: string): mupdf.Image {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    const image = new mupdf.Image(bytes);
    if (image.getWidth() < 1 || image.getHeight() < 1) throw new Error('empty picture');
    return image;
  } catch {
    throw documentFail('INVALID_PARAMS', 'a stamp picture that is not a readable PNG or JPEG');
  }
}

/** A standard stamp's label as it is printed: 'NotApproved' is NOT APPROVED. */
export function stampLabel(name: StampName): string {
  return name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toUpperCase();
}

type Stamp = Extract<EditorAnnotation, { kind: 'stamp' }>;

/** The stamp's /Contents: what a viewer lists for it. */
function describe(stamp: StampContent): string {
  if (stamp.type === 'label') return stampLabel(stamp.name);
  return stamp.type === 'signature' ? 'Signature' : 'Image';
}

/** A stamp's geometry, /Name and /Contents, before MuPDF's update. */
export function writeStamp(annot: mupdf.PDFAnnotation, a: Stamp): void {
  annot.setRect([a.rect.x, a.rect.y, a.rect.x + a.rect.w, a.rect.y + a.rect.h]);
  annot.setContents(describe(a.stamp));
  // A standard stamp keeps its standard /Name, which viewers list it by; a picture is named as MuPDF names image stamps.
  annot.setIcon(a.stamp.type === 'label' ? a.stamp.name : 'Image');
}

/** The border of a standard stamp, in points, and the gap between its text and the border. */
const STAMP_BORDER = 2;
const STAMP_MARGIN = 6;

/**
 * A stamp's appearance, after MuPDF's update: a standard stamp's label in Times-Bold within a
 * rounded border of the stamp's colour, fitted to its box; a picture or a signature drawn over
 * the whole box. Either reads upright on a turned page.
 */
export function stampAppearance(doc: mupdf.PDFDocument, page: mupdf.PDFPage, annot: mupdf.PDFAnnotation, a: Stamp, color: Rgb): void {
  const { w, h } = a.rect;
  if (a.stamp.type === 'label') {
    const text = Array.from(stampLabel(a.stamp.name), (c) => winAnsi(c.codePointAt(0)!));
    const font = new mupdf.Font('Times-Bold');
    const em = text.reduce((sum, c) => sum + font.advanceGlyph(font.encodeCharacter(c), 0), 0);
    font.destroy();
    const size = Math.max(1, Math.min((h - 2 * STAMP_MARGIN) / 0.7, (w - 2 * STAMP_MARGIN) / em));
    const rgb = color.map(n).join(' ');
    const r = Math.min(6, w / 4, h / 4);
    const inset = STAMP_BORDER / 2;
    const ops = [
      'q', `${rgb} RG ${rgb} rg ${STAMP_BORDER} w`,
      roundedRect(inset, inset, w - 2 * inset, h - 2 * inset, r), 'S',
      'BT', `/TiBo ${n(size)} Tf`, `${n((w - em * size) / 2)} ${n((h - 0.66 * size) / 2)} Td`, `${pdfString(text)} Tj`, 'ET', 'Q',
    ];
    setFrameAppearance(doc, page, annot, a.rect, ops.join('\n'), { Font: { TiBo: baseFontObject(doc, 'Times-Bold') } });
    return;
  }
  const image = pictureOf(a.stamp.image);
  try {
    let picture: mupdf.PDFObject;
    try {
      picture = doc.addImage(image);
    } catch {
      throw documentFail('INVALID_PARAMS', 'a stamp picture that is not a readable PNG or JPEG');
    }
    const ops = ['q', `${n(w)} 0 0 ${n(h)} 0 0 cm`, '/Img Do', 'Q'];
    setFrameAppearance(doc, page, annot, a.rect, ops.join('\n'), { XObject: { Img: picture } });
  } finally {
    image.destroy();
  }
}

/** A closed path of a rectangle with rounded corners (Bézier quarter circles). */
function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  const k = r * 0.5523;
  return [
    `${n(x + r)} ${n(y)} m`, `${n(x + w - r)} ${n(y)} l`, `${n(x + w - r + k)} ${n(y)} ${n(x + w)} ${n(y + r - k)} ${n(x + w)} ${n(y + r)} c`,
    `${n(x + w)} ${n(y + h - r)} l`, `${n(x + w)} ${n(y + h - r + k)} ${n(x + w - r + k)} ${n(y + h)} ${n(x + w - r)} ${n(y + h)} c`,
    `${n(x + r)} ${n(y + h)} l`, `${n(x + r - k)} ${n(y + h)} ${n(x)} ${n(y + h - r + k)} ${n(x)} ${n(y + h - r)} c`,
    `${n(x)} ${n(y + r)} l`, `${n(x)} ${n(y + r - k)} ${n(x + r - k)} ${n(y)} ${n(x + r)} ${n(y)} c`, 'h',
  ].join('\n');
}
