/**
 * Edit mode's page content (CONTENT_EDIT): new text blocks and pictures drawn into a page's
 * content stream (not annotations: they are the page's own text and images afterwards), and
 * the page's own images moved, resized or removed by rewriting the `Do` that draws them.
 */
import type { EditorBox, NewImage, ImageEdit, NewTextBlock } from '@pagewright/contracts';
import { baseFontObject, faceOf, pictureOf, textOps } from './annotate-appearance.js';
import { mupdf, type PDFDocument, type PDFObject } from './mupdf.js';
import { Lexer, readInlineImage } from './pdf/content.js';
import { addResource, appendContent, displayToUser, num, ownResources } from './pdf/page-content.js';
import { documentFail } from './pdf/single.js';
import { FontChooser, winAnsiCode } from './pdf/text-fonts.js';

type Rgb = [number, number, number];

/** One place where the page's own content draws an image XObject. */
export interface PageImageUse {
  /** 0-based, in drawing order, over the images the page's content draws as XObjects. */
  use: number;
  /** The XObject's resource name and object number (0 for a direct stream). */
  name: string;
  ref: number;
  /** Where it is displayed: points from the page's top-left corner, rotation and crop applied. */
  box: EditorBox;
  /** The transformation in effect when it is drawn (image space to the page's user space). */
  ctm: mupdf.Matrix;
  /** Byte offsets of `/Name Do` (with the white space before it) in the page's joined content. */
  start: number;
  end: number;
}

/** A page's content streams joined in order: they are one stream split anywhere between tokens. */
function pageContent(pageObj: PDFObject): Uint8Array {
  const contents = pageObj.get('Contents');
  const streams: PDFObject[] = [];
  if (contents.isArray()) for (let i = 0; i < contents.length; i++) streams.push(contents.get(i));
  else if (!contents.isNull()) streams.push(contents);
  const parts: Buffer[] = [];
  for (const stream of streams) {
    if (!stream.isStream()) continue;
    const buffer = stream.readStream();
    try {
      parts.push(Buffer.from(buffer.asUint8Array()), Buffer.from('\n'));
    } finally {
      buffer.destroy();
    }
  }
  return new Uint8Array(Buffer.concat(parts));
}

function boxOfMatrix(m: mupdf.Matrix, toDisplay: mupdf.Matrix): EditorBox {
  const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => {
    const [a, b, c, d, e, f] = mupdf.Matrix.concat(m, toDisplay);
    return [x! * a + y! * c + e, x! * b + y! * d + f] as const;
  });
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/**
 * The images a page's own content draws as XObjects, in drawing order, with where each is
 * displayed. Images inside form XObjects, inline images and annotations' pictures are not
 * listed: moving one would move every other use of its form, or is not a page element.
 */
export function pageImageUses(page: mupdf.PDFPage): PageImageUse[] {
  return scanImageUses(page, pageContent(page.getObject()));
}

function scanImageUses(page: mupdf.PDFPage, content: Uint8Array): PageImageUse[] {
  const xobjects = page.getObject().getInheritable('Resources').get('XObject');
  const toDisplay = page.getTransform();
  const lexer = new Lexer(content);
  const uses: PageImageUse[] = [];
  const saved: mupdf.Matrix[] = [];
  let ctm: mupdf.Matrix = [1, 0, 0, 1, 0, 0];
  let numbers: number[] = [];
  let lastName: { value: string; start: number } | null = null;
  for (;;) {
    const start = lexer.pos;
    const token = lexer.next();
    if (!token) break;
    if (token.kind === 'number') {
      numbers.push(token.value);
      continue;
    }
    if (token.kind === 'name') {
      lastName = { value: token.value, start };
      continue;
    }
    if (token.kind !== 'word') continue;
    switch (token.value) {
      case 'q':
        saved.push(ctm);
        break;
      case 'Q':
        ctm = saved.pop() ?? ctm;
        break;
      case 'cm':
        if (numbers.length >= 6) ctm = mupdf.Matrix.concat(numbers.slice(-6) as unknown as mupdf.Matrix, ctm);
        break;
      case 'Do': {
        if (!lastName) break;
        const xobject = xobjects.isDictionary() ? xobjects.get(lastName.value) : null;
        if (xobject?.isStream() && xobject.get('Subtype').isName() && xobject.get('Subtype').asName() === 'Image') {
          uses.push({
            use: uses.length, name: lastName.value, ref: xobject.isIndirect() ? xobject.asIndirect() : 0,
            box: boxOfMatrix(ctm, toDisplay), ctm, start: lastName.start, end: lexer.pos,
          });
        }
        break;
      }
      case 'BI':
        if (!readInlineImage(lexer)) return uses;
        break;
    }
    numbers = [];
    lastName = null;
  }
  return uses;
}

/** How far a use may be from the box the editor showed it at, in points (pdf.js and MuPDF round differently). */
function near(a: EditorBox, b: EditorBox): boolean {
  // A use drawn flat (no width or height) cannot be carried onto a box: it is never matched.
  if (a.w < 0.5 || a.h < 0.5) return false;
  const slack = (size: number) => 2 + size * 0.02;
  return Math.abs(a.x - b.x) <= slack(a.w) && Math.abs(a.y - b.y) <= slack(a.h)
    && Math.abs(a.w - b.w) <= slack(a.w) && Math.abs(a.h - b.h) <= slack(a.h);
}

/**
 * The use an edit means: the one it counts to when it is where the editor showed it, else the
 * one not taken yet that is there (the browser may count differently on odd pages).
 * INVALID_PARAMS for an image the page does not draw there.
 */
function useOf(uses: PageImageUse[], edit: ImageEdit, taken: Set<number>): PageImageUse {
  const counted = uses[edit.use];
  if (counted && !taken.has(counted.use) && near(counted.box, edit.box)) return counted;
  const found = uses.find((u) => !taken.has(u.use) && near(u.box, edit.box));
  if (!found) throw documentFail('INVALID_PARAMS', `page ${edit.page} has no image ${edit.use} at ${num(edit.box.x)},${num(edit.box.y)}`);
  return found;
}

/**
 * Moves, resizes or removes uses of the page's images: a removed use's `Do` is taken out; a
 * moved one is drawn under one more `cm` that carries its old displayed box onto the new one.
 * Only the edited uses change; another use of the same image stays where it was.
 */
export function editPageImages(doc: PDFDocument, page: mupdf.PDFPage, edits: ImageEdit[]): void {
  if (edits.length === 0) return;
  const bytes = pageContent(page.getObject());
  const uses = scanImageUses(page, bytes);
  const taken = new Set<number>();
  const toDisplay = page.getTransform();
  const toUser = mupdf.Matrix.invert(toDisplay);
  const changes = edits.map((edit) => {
    const use = useOf(uses, edit, taken);
    taken.add(use.use);
    if (!edit.to) return { use, ops: ' ' };
    // Old displayed box onto the new one, in display space, then seen from the image's own space.
    const from = use.box;
    const to = edit.to;
    const sx = to.w / from.w;
    const sy = to.h / from.h;
    const move: mupdf.Matrix = [sx, 0, 0, sy, to.x - from.x * sx, to.y - from.y * sy];
    const inUser = mupdf.Matrix.concat(mupdf.Matrix.concat(toDisplay, move), toUser);
    const m = mupdf.Matrix.concat(mupdf.Matrix.concat(use.ctm, inUser), mupdf.Matrix.invert(use.ctm));
    return { use, ops: `\nq ${m.map(num).join(' ')} cm${Buffer.from(bytes.subarray(use.start, use.end)).toString('latin1')} Q\n` };
  });
  const parts: Buffer[] = [];
  let at = 0;
  for (const { use, ops } of changes.sort((a, b) => a.use.start - b.use.start)) {
    parts.push(Buffer.from(bytes.subarray(at, use.start)), Buffer.from(ops, 'latin1'));
    at = use.end;
  }
  parts.push(Buffer.from(bytes.subarray(at)));
  page.getObject().put('Contents', doc.addStream(Buffer.concat(parts), {}));
}

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/**
 * Draws new text blocks and pictures over the page's content, each in a frame whose origin is
 * its box's displayed lower left (so that it reads upright on a turned page too): text in the
 * standard font of its family and style (so that it is extractable text), or, for text beyond
 * WinAnsi, in the font the text replacement chooses in its place; pictures as image
 * XObjects. INVALID_PARAMS for a picture MuPDF cannot read.
 */
export function drawNewContent(doc: PDFDocument, page: mupdf.PDFPage, blocks: NewTextBlock[], images: NewImage[]): void {
  if (blocks.length + images.length === 0) return;
  const pageObj = page.getObject();
  const resources = ownResources(doc, pageObj);
  const toUser = displayToUser(page);
  const ops: string[] = [];
  const fonts = new Map<string, string>();
  for (const image of images) {
    const picture = pictureOf(image.image);
    let name: string;
    try {
      name = addResource(doc, resources, 'XObject', 'PWI', doc.addImage(picture));
    } catch {
      throw documentFail('INVALID_PARAMS', 'a picture that is not a readable PNG or JPEG');
    } finally {
      picture.destroy();
    }
    const { x, y, w, h } = image.rect;
    // Image space's unit square, y up, onto the box as displayed.
    const m = mupdf.Matrix.concat([w, 0, 0, -h, x, y + h], toUser);
    ops.push(`q ${m.map(num).join(' ')} cm /${name} Do Q`);
  }
  let chooser: FontChooser | undefined;
  try {
    for (const block of blocks) {
      const { baseFont } = faceOf(block.font);
      const { x, y, w, h } = block.rect;
      const frame = mupdf.Matrix.concat([1, 0, 0, -1, x, y + h], toUser);
      const visible = block.text.replace(/\s/g, ' ');
      if ([...visible].every((ch) => winAnsiCode(ch.codePointAt(0)!) !== undefined)) {
        let name = fonts.get(baseFont);
        if (!name) {
          name = addResource(doc, resources, 'Font', 'PWT', baseFontObject(doc, baseFont));
          fonts.set(baseFont, name);
        }
        ops.push(`q ${frame.map(num).join(' ')} cm`, ...textOps(block.text, block.font, w, h, name, rgb(block.font.color)), 'Q');
        continue;
      }
      // Text the base-14 faces cannot show (Greek, Cyrillic, Chinese, Japanese...): the font the
      // text replacement would choose in place of that face (embedded, or a CID font).
      chooser ??= new FontChooser(doc);
      const standard = new mupdf.Font(baseFont);
      try {
        const font = chooser.choose(standard, visible);
        const name = addResource(doc, resources, 'Font', 'PWT', font.ref);
        ops.push(`q ${frame.map(num).join(' ')} cm`, ...textOps(block.text, block.font, w, h, name, rgb(block.font.color), font), 'Q');
      } finally {
        standard.destroy();
      }
    }
  } finally {
    chooser?.destroy();
  }
  appendContent(doc, pageObj, ops.join('\n'));
}
