/**
 * Fixtures of the compress, redact, replace-text and sign tests, made with MuPDF and sharp at
 * test time, and helpers reading results back (MuPDF, pdftotext, qpdf).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { mupdf, walkText, type PDFDocument } from '../src/mupdf.js';
import { greyPages, type GreyImage } from '../src/pdf/ssim.js';
import { savedBytes } from './fixtures.js';
import { toolsAvailable } from './tools.js';

/** Deterministic pseudo-random numbers (a photograph needs noise). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A photograph-like picture: smooth colour gradients with fine noise and a few soft blobs. */
export function photoPixels(width: number, height: number, channels: 1 | 3 = 3, seed = 1): Uint8Array {
  const next = random(seed);
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const blob = 60 * Math.exp(-((u - 0.3) ** 2 + (v - 0.4) ** 2) * 20) + 40 * Math.sin(u * 9 + v * 5);
      const noise = (next() - 0.5) * 24;
      const base = [90 + 120 * u + blob + noise, 60 + 150 * v - blob / 2 + noise, 140 + 80 * Math.cos(u * 6) + noise];
      for (let c = 0; c < channels; c++) out[(y * width + x) * channels + c] = Math.max(0, Math.min(255, Math.round(channels === 1 ? (base[0]! + base[1]!) / 2 : base[c]!)));
    }
  }
  return out;
}

export type FixtureImage =
  | { kind: 'photo-jpeg'; width: number; height: number; quality?: number }
  | { kind: 'photo-flate'; width: number; height: number; grey?: boolean }
  | { kind: 'alpha-png'; width: number; height: number }
  | { kind: 'cmyk-flate'; width: number; height: number };

export interface ImagePlacement {
  image: FixtureImage;
  /** Points, PDF user space (bottom-left origin). */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TextLine {
  text: string;
  x: number;
  y: number;
  size?: number;
  /** A base-14 font name (default Helvetica). */
  font?: string;
  /** Fill colour as 'r g b'. */
  rgb?: string;
}

export interface PageSpec {
  size?: [number, number];
  rotate?: 0 | 90 | 180 | 270;
  texts?: TextLine[];
  images?: ImagePlacement[];
  /** A grey background rectangle over the whole page (drawn first). */
  background?: boolean;
  /** Text drawn inside a form XObject placed at (x, y). */
  formText?: TextLine;
  link?: { rect: [number, number, number, number]; uri: string };
}

export interface DocSpec {
  pages: PageSpec[];
  outline?: string[];
  title?: string;
  encrypt?: { user: string; owner: string };
  /** A FreeText annotation on page 1 with this text. */
  freeText?: string;
}

async function imageBytes(image: FixtureImage): Promise<{ bytes?: Uint8Array; raw?: { pixels: Uint8Array; channels: 1 | 3 | 4; cmyk?: boolean } }> {
  const { width, height } = image;
  switch (image.kind) {
    case 'photo-jpeg':
      return { bytes: await sharp(photoPixels(width, height), { raw: { width, height, channels: 3 } }).jpeg({ quality: image.quality ?? 95 }).toBuffer() };
    case 'photo-flate':
      return { raw: { pixels: photoPixels(width, height, image.grey ? 1 : 3), channels: image.grey ? 1 : 3 } };
    case 'alpha-png': {
      const rgba = new Uint8Array(width * height * 4);
      const rgb = photoPixels(width, height);
      for (let i = 0; i < width * height; i++) {
        rgba.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
        // Left half opaque, right half fully transparent.
        rgba[i * 4 + 3] = i % width < width / 2 ? 255 : 0;
      }
      return { bytes: await sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer() };
    }
    case 'cmyk-flate': {
      const rgb = photoPixels(width, height);
      const cmyk = new Uint8Array(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
        const k = 255 - Math.max(r, g, b);
        cmyk.set([255 - r - k, 255 - g - k, 255 - b - k, k].map((v) => Math.max(0, v)), i * 4);
      }
      return { raw: { pixels: cmyk, channels: 4, cmyk: true } };
    }
  }
}

async function addImage(doc: PDFDocument, image: FixtureImage) {
  const { bytes, raw } = await imageBytes(image);
  if (bytes) {
    const img = new mupdf.Image(bytes);
    try {
      return doc.addImage(img);
    } finally {
      img.destroy();
    }
  }
  const { pixels, channels, cmyk } = raw!;
  const colorSpace = cmyk ? 'DeviceCMYK' : channels === 1 ? 'DeviceGray' : 'DeviceRGB';
  return doc.addStream(pixels, {
    Type: doc.newName('XObject'),
    Subtype: doc.newName('Image'),
    Width: image.width,
    Height: image.height,
    BitsPerComponent: 8,
    ColorSpace: doc.newName(colorSpace),
  });
}

const escape = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);

function textOps(line: TextLine, fontName: string): string {
  return `BT /${fontName} ${line.size ?? 14} Tf ${line.rgb ?? '0 0 0'} rg ${line.x} ${line.y} Td (${escape(line.text)}) Tj ET`;
}

export async function buildDoc(spec: DocSpec): Promise<Uint8Array> {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = new Map<string, ReturnType<PDFDocument['addSimpleFont']>>();
    const fontRef = (name: string) => {
      let ref = fonts.get(name);
      if (!ref) {
        ref = doc.addSimpleFont(new mupdf.Font(name));
        fonts.set(name, ref);
      }
      return ref;
    };
    for (const page of spec.pages) {
      const [w, h] = page.size ?? [400, 500];
      const fontDict: Record<string, unknown> = {};
      const xobjects: Record<string, unknown> = {};
      const ops: string[] = [];
      if (page.background) ops.push(`q 0.85 0.85 0.85 rg 0 0 ${w} ${h} re f Q`);
      for (const [i, placement] of (page.images ?? []).entries()) {
        xobjects[`Im${i}`] = await addImage(doc, placement.image);
        ops.push(`q ${placement.w} 0 0 ${placement.h} ${placement.x} ${placement.y} cm /Im${i} Do Q`);
      }
      for (const [i, line] of (page.texts ?? []).entries()) {
        const name = `F${i}`;
        fontDict[name] = fontRef(line.font ?? 'Helvetica');
        ops.push(textOps(line, name));
      }
      if (page.formText) {
        const form = doc.addStream(textOps({ ...page.formText, x: 0, y: 5 }, 'FF'), {
          Type: doc.newName('XObject'),
          Subtype: doc.newName('Form'),
          BBox: [0, 0, 300, 40],
          Resources: { Font: { FF: fontRef(page.formText.font ?? 'Helvetica') } },
        });
        xobjects.Fm = form;
        ops.push(`q 1 0 0 1 ${page.formText.x} ${page.formText.y} cm /Fm Do Q`);
      }
      const pageObj = doc.addPage([0, 0, w, h], page.rotate ?? 0, { Font: fontDict, XObject: xobjects }, ops.join('\n'));
      if (page.link) {
        const annot = doc.newDictionary();
        annot.put('Type', doc.newName('Annot'));
        annot.put('Subtype', doc.newName('Link'));
        annot.put('Rect', page.link.rect);
        annot.put('Border', [0, 0, 0]);
        const action = doc.newDictionary();
        action.put('S', doc.newName('URI'));
        action.put('URI', doc.newString(page.link.uri));
        annot.put('A', action);
        const annots = doc.newArray();
        annots.push(doc.addObject(annot));
        pageObj.put('Annots', annots);
      }
      doc.insertPage(-1, pageObj);
    }
    if (spec.outline) {
      const root = doc.addObject(doc.newDictionary());
      const items = spec.outline.map(() => doc.addObject(doc.newDictionary()));
      items.forEach((item, i) => {
        item.put('Title', doc.newString(spec.outline![i]!));
        item.put('Parent', root);
        const dest = doc.newArray();
        dest.push(doc.findPage(Math.min(i, spec.pages.length - 1)));
        dest.push(doc.newName('Fit'));
        item.put('Dest', dest);
        if (i > 0) item.put('Prev', items[i - 1]!);
        if (i < items.length - 1) item.put('Next', items[i + 1]!);
      });
      root.put('First', items[0]!);
      root.put('Last', items.at(-1)!);
      root.put('Count', items.length);
      doc.getTrailer().get('Root').put('Outlines', root);
    }
    if (spec.title) doc.setMetaData('info:Title', spec.title);
    if (spec.freeText !== undefined) {
      const page = doc.loadPage(0);
      const annot = page.createAnnotation('FreeText');
      annot.setRect([20, 20, 220, 50]);
      annot.setContents(spec.freeText);
      annot.update();
      page.destroy();
    }
    const options = spec.encrypt ? `compress,encrypt=aes-256,user-password=${spec.encrypt.user},owner-password=${spec.encrypt.owner}` : 'compress';
    return savedBytes(doc, options);
  } finally {
    doc.destroy();
  }
}

export async function writeDoc(dir: string, name: string, spec: DocSpec): Promise<string> {
  const path = join(dir, name);
  writeFileSync(path, await buildDoc(spec));
  return path;
}

export function openPdf(path: string, password?: string): mupdf.PDFDocument {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf').asPDF()!;
  if (password !== undefined) doc.authenticatePassword(password);
  return doc;
}

/** One character of a page as MuPDF reads it back (display space, y down). */
export interface PageChar {
  c: string;
  /** The origin: the left end of the baseline. */
  x: number;
  baseline: number;
  /** The right edge of the glyph's box. */
  right: number;
  size: number;
  font: string;
  color: number[];
}

/** Every character of page `index` (0-based), in MuPDF's reading order. */
export function pageChars(path: string, index = 0): PageChar[] {
  const doc = openPdf(path);
  try {
    const page = doc.loadPage(index);
    const stext = page.toStructuredText('preserve-whitespace');
    const chars: PageChar[] = [];
    walkText(stext, {
      onChar(c, origin, font, size, quad, color) {
        chars.push({ c, x: origin[0], baseline: origin[1], right: Math.max(quad[2], quad[6]), size, font: font.getName(), color: [...color] });
      },
    });
    stext.destroy();
    page.destroy();
    return chars;
  } finally {
    doc.destroy();
  }
}

/** The box of the first occurrence of `word` on page 1, as the editor sends it. */
export function wordBox(path: string, word: string): { x: number; y: number; w: number; h: number } {
  const doc = openPdf(path);
  try {
    const q = doc.loadPage(0).search(word, '')[0]![0]!;
    return { x: q[0], y: q[1], w: q[6] - q[0], h: q[7] - q[1] };
  } finally {
    doc.destroy();
  }
}

/** pdftotext of the whole file (layout off), or MuPDF's text when poppler is missing (a failure under CI). */
export function extractText(path: string, password?: string): string {
  if (toolsAvailable('pdftotext as the independent text reader (MuPDF reads instead)', 'pdftotext')) {
    const args = password === undefined ? [path, '-'] : ['-upw', password, path, '-'];
    const result = spawnSync('pdftotext', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout;
  }
  const doc = openPdf(path, password);
  try {
    const texts: string[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const stext = page.toStructuredText('preserve-whitespace');
      texts.push(stext.asText());
      stext.destroy();
      page.destroy();
    }
    return texts.join('\n');
  } finally {
    doc.destroy();
  }
}

/** Every stream of the file decompressed (qpdf --qdf, no object streams), as latin1 text. */
export function decompressedFile(path: string, dir: string): string {
  const out = join(dir, `qdf-${Math.random().toString(36).slice(2)}.pdf`);
  const result = spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, out], { encoding: 'utf8' });
  // qpdf exits 3 on warnings; the file is still written.
  if (result.status !== 0 && result.status !== 3) throw new Error(`qpdf failed: ${result.stderr}`);
  return readFileSync(out).toString('latin1');
}

export interface ImageInfo {
  num: number;
  width: number;
  height: number;
  filter: string;
  colorSpace: string;
  smask: boolean;
  bytes: number;
}

/** The image XObjects of a file. */
export function imagesOf(path: string, password?: string): ImageInfo[] {
  const doc = openPdf(path, password);
  try {
    const images: ImageInfo[] = [];
    for (let num = 1; num < doc.countObjects(); num++) {
      const obj = doc.newIndirect(num);
      if (!obj.isStream() || obj.get('Subtype').toString() !== '/Image') continue;
      const raw = obj.readRawStream();
      images.push({
        num,
        width: obj.get('Width').asNumber(),
        height: obj.get('Height').asNumber(),
        filter: obj.get('Filter').toString(),
        colorSpace: obj.get('ColorSpace').isIndirect() ? obj.get('ColorSpace').resolve().toString() : obj.get('ColorSpace').toString(),
        smask: obj.get('SMask').isIndirect(),
        bytes: raw.getLength(),
      });
      raw.destroy();
    }
    return images;
  } finally {
    doc.destroy();
  }
}

/** A page rendered at `dpi` (RGB, annotations shown): sample colours at display points. */
export function renderRgb(path: string, index: number, dpi = 72, password?: string): { width: number; height: number; at(x: number, y: number): [number, number, number] } {
  const doc = openPdf(path, password);
  try {
    const page = doc.loadPage(index);
    const scale = dpi / 72;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const pixels = Uint8Array.from(pixmap.getPixels());
    pixmap.destroy();
    page.destroy();
    return {
      width,
      height,
      at(x, y) {
        const px = Math.min(width - 1, Math.max(0, Math.floor(x * scale)));
        const py = Math.min(height - 1, Math.max(0, Math.floor(y * scale)));
        const at = py * stride + px * 3;
        return [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
      },
    };
  } finally {
    doc.destroy();
  }
}

/** Grey renders of the pages (the first `maxPages`) at `dpi`, for SSIM comparisons. */
export function renderGrey(path: string, dpi = 100, password?: string, maxPages = Infinity): GreyImage[] {
  const doc = openPdf(path, password);
  try {
    return greyPages(doc, dpi, maxPages);
  } finally {
    doc.destroy();
  }
}
