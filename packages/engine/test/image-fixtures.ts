/**
 * Image fixtures for images-to-PDF and OCR tests, made at test time: text rendered by MuPDF
 * into "scans", small encoders for the formats MuPDF does not write (TIFF with several
 * frames, BMP), EXIF orientation spliced into a JPEG; and helpers that read PDFs back.
 */
import { spawnSync } from 'node:child_process';
import { mupdf, type PDFObject } from '../src/mupdf.js';

/** A PDF page with big Helvetica lines (one page), for rendering into a scan. */
export function textPdf(lines: string[], size: [number, number] = [595, 842], fontSize = 40): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    const ops = lines.map((line, i) => `BT /F1 ${fontSize} Tf 50 ${size[1] - 80 - i * fontSize * 1.6} Td (${line}) Tj ET`).join('\n');
    doc.insertPage(-1, doc.addPage([0, 0, size[0], size[1]], 0, { Font: { F1: font } }, ops));
    return save(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** Page 1 of `pdf` rendered at `dpi`, as a pixmap carrying that resolution. The caller destroys it. */
export function renderPixmap(pdf: Uint8Array, dpi: number, colorspace: 'gray' | 'rgb' = 'gray'): InstanceType<typeof mupdf.Pixmap> {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(0);
    try {
      const cs = colorspace === 'gray' ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB;
      const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), cs, false);
      pixmap.setResolution(dpi, dpi);
      return pixmap;
    } finally {
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}

/** A "scan": the text lines rendered at `dpi`, as PNG (or JPEG) bytes. */
export function scanImage(lines: string[], dpi: number, format: 'png' | 'jpeg' = 'png', size?: [number, number]): Uint8Array {
  const pixmap = renderPixmap(textPdf(lines, size), dpi, format === 'jpeg' ? 'rgb' : 'gray');
  try {
    return Buffer.from(format === 'png' ? pixmap.asPNG() : pixmap.asJPEG(90));
  } finally {
    pixmap.destroy();
  }
}

/**
 * A scanned PDF: each image the only content of its page, filling the page at `dpi`.
 * `rotate` sets /Rotate on every page; `encrypt` protects the file.
 */
export function scannedPdf(images: Uint8Array[], dpi: number, options: { rotate?: 0 | 90 | 180 | 270; encrypt?: { user: string; owner: string } } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    for (const bytes of images) {
      const image = new mupdf.Image(bytes);
      const w = (image.getWidth() * 72) / dpi;
      const h = (image.getHeight() * 72) / dpi;
      const ref = doc.addImage(image);
      image.destroy();
      doc.insertPage(-1, doc.addPage([0, 0, w, h], options.rotate ?? 0, { XObject: { Scan: ref } }, `q ${w} 0 0 ${h} 0 0 cm /Scan Do Q`));
    }
    const opts = options.encrypt
      ? `compress,encrypt=aes-256,user-password=${options.encrypt.user},owner-password=${options.encrypt.owner}`
      : 'compress';
    return save(doc, opts);
  } finally {
    doc.destroy();
  }
}

function save(doc: InstanceType<typeof mupdf.PDFDocument>, options: string): Uint8Array {
  const buffer = doc.saveToBuffer(options);
  try {
    return Buffer.from(buffer.asUint8Array());
  } finally {
    buffer.destroy();
  }
}

/* ------------------------------------------------------------------------------ encoders */

export interface RgbFrame {
  width: number;
  height: number;
  /** width*height*3 bytes, rows top to bottom. */
  rgb: Uint8Array;
  dpi?: number;
}

/** An RGB frame filled with `color`, with optional rectangles [x, y, w, h, color] (pixels, top-left origin). */
export function rgbFrame(width: number, height: number, color: [number, number, number], rects: Array<[number, number, number, number, [number, number, number]]> = [], dpi?: number): RgbFrame {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(color, i * 3);
  for (const [x0, y0, w, h, c] of rects) {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) rgb.set(c, (y * width + x) * 3);
  }
  return dpi === undefined ? { width, height, rgb } : { width, height, rgb, dpi };
}

/** An uncompressed little-endian TIFF with one IFD per frame (RGB, 8 bits, one strip each). */
export function tiffFile(frames: RgbFrame[]): Uint8Array {
  const entriesPer = 12;
  const ifdSize = 2 + entriesPer * 12 + 4;
  const extraSize = 6 + 16; // BitsPerSample (3 shorts) + two rationals
  let size = 8;
  const layout = frames.map((frame) => {
    const ifd = size;
    const extra = ifd + ifdSize;
    const data = extra + extraSize;
    size = data + frame.rgb.length;
    size += size % 2;
    return { ifd, extra, data };
  });
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, layout[0]!.ifd, true);
  frames.forEach((frame, i) => {
    const { ifd, extra, data } = layout[i]!;
    const dpi = frame.dpi ?? 72;
    const entries: Array<[number, number, number, number]> = [
      [256, 4, 1, frame.width],
      [257, 4, 1, frame.height],
      [258, 3, 3, extra],
      [259, 3, 1, 1],
      [262, 3, 1, 2],
      [273, 4, 1, data],
      [277, 3, 1, 3],
      [278, 4, 1, frame.height],
      [279, 4, 1, frame.rgb.length],
      [282, 5, 1, extra + 6],
      [283, 5, 1, extra + 14],
      [296, 3, 1, 2],
    ];
    view.setUint16(ifd, entries.length, true);
    entries.forEach(([tag, type, count, value], k) => {
      const at = ifd + 2 + k * 12;
      view.setUint16(at, tag, true);
      view.setUint16(at + 2, type, true);
      view.setUint32(at + 4, count, true);
      if (type === 3 && count === 1) view.setUint16(at + 8, value, true);
      else view.setUint32(at + 8, value, true);
    });
    view.setUint32(ifd + 2 + entries.length * 12, i + 1 < frames.length ? layout[i + 1]!.ifd : 0, true);
    view.setUint16(extra, 8, true);
    view.setUint16(extra + 2, 8, true);
    view.setUint16(extra + 4, 8, true);
    view.setUint32(extra + 6, dpi, true);
    view.setUint32(extra + 10, 1, true);
    view.setUint32(extra + 14, dpi, true);
    view.setUint32(extra + 18, 1, true);
    out.set(frame.rgb, data);
  });
  return out;
}

/** A 24-bit BMP (bottom-up rows, padded to 4 bytes), with its resolution when given. */
export function bmpFile(frame: RgbFrame): Uint8Array {
  const rowSize = Math.ceil((frame.width * 3) / 4) * 4;
  const dataSize = rowSize * frame.height;
  const out = new Uint8Array(54 + dataSize);
  const view = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  view.setUint32(2, out.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, frame.width, true);
  view.setInt32(22, frame.height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, dataSize, true);
  const ppm = frame.dpi ? Math.round(frame.dpi / 0.0254) : 0;
  view.setInt32(38, ppm, true);
  view.setInt32(42, ppm, true);
  for (let y = 0; y < frame.height; y++) {
    const row = 54 + (frame.height - 1 - y) * rowSize;
    for (let x = 0; x < frame.width; x++) {
      const src = (y * frame.width + x) * 3;
      out[row + x * 3] = frame.rgb[src + 2]!;
      out[row + x * 3 + 1] = frame.rgb[src + 1]!;
      out[row + x * 3 + 2] = frame.rgb[src]!;
    }
  }
  return out;
}

/** A MuPDF pixmap of the frame (RGB, or RGBA when `alpha` gives one byte per pixel). */
export function framePixmap(frame: RgbFrame, alpha?: Uint8Array): InstanceType<typeof mupdf.Pixmap> {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, frame.width, frame.height], alpha !== undefined);
  const n = alpha ? 4 : 3;
  const samples = new Uint8Array(frame.width * frame.height * n);
  for (let i = 0; i < frame.width * frame.height; i++) {
    // MuPDF's pixmaps hold premultiplied colour.
    const a = alpha ? alpha[i]! : 255;
    samples[i * n] = Math.round((frame.rgb[i * 3]! * a) / 255);
    samples[i * n + 1] = Math.round((frame.rgb[i * 3 + 1]! * a) / 255);
    samples[i * n + 2] = Math.round((frame.rgb[i * 3 + 2]! * a) / 255);
    if (alpha) samples[i * n + 3] = a;
  }
  pixmap.getPixels().set(samples);
  if (frame.dpi) pixmap.setResolution(frame.dpi, frame.dpi);
  return pixmap;
}

/** A PNG of the frame; without `frame.dpi` it has no pHYs chunk (MuPDF would write 96 dpi). */
export function pngFile(frame: RgbFrame, alpha?: Uint8Array): Uint8Array {
  const pixmap = framePixmap(frame, alpha);
  try {
    const png = Buffer.from(pixmap.asPNG());
    return frame.dpi === undefined ? dropPngChunk(png, 'pHYs') : png;
  } finally {
    pixmap.destroy();
  }
}

function dropPngChunk(png: Buffer, type: string): Buffer {
  const parts: Buffer[] = [png.subarray(0, 8)];
  for (let pos = 8; pos + 12 <= png.length; ) {
    const length = png.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (png.toString('latin1', pos + 4, pos + 8) !== type) parts.push(png.subarray(pos, end));
    pos = end;
  }
  return Buffer.concat(parts);
}

export function jpegFile(frame: RgbFrame, quality = 90): Uint8Array {
  const pixmap = framePixmap(frame);
  try {
    return Buffer.from(pixmap.asJPEG(quality));
  } finally {
    pixmap.destroy();
  }
}

/** The JPEG with an EXIF segment (APP1) holding only the orientation tag, right after SOI. */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = new Uint8Array(8 + 2 + 12 + 4);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]);
  view.setUint32(4, 8);
  view.setUint16(8, 1);
  view.setUint16(10, 0x0112);
  view.setUint16(12, 3);
  view.setUint32(14, 1);
  view.setUint16(18, orientation);
  view.setUint32(22, 0);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/* ---------------------------------------------------------------------------- reading back */

export interface PlacedImage {
  /** The image XObject's raw (still encoded) stream bytes. */
  raw: Uint8Array;
  filter: string;
  width: number;
  height: number;
  smask: boolean;
}

/** Every image XObject of every page (by page), with its raw stream. */
export function pageImages(pdf: Uint8Array): PlacedImage[][] {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const out: PlacedImage[][] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const list: PlacedImage[] = [];
      const xobjects = doc.findPage(i).getInheritable('Resources').get('XObject');
      if (xobjects.isDictionary()) {
        xobjects.forEach((value: PDFObject) => {
          if (value.get('Subtype').asName?.() !== 'Image') return;
          const raw = value.readRawStream();
          const filter = value.get('Filter');
          list.push({
            raw: Buffer.from(raw.asUint8Array()),
            filter: filter.isName() ? filter.asName() : filter.isArray() ? filter.get(0).asName() : '',
            width: value.get('Width').asNumber(),
            height: value.get('Height').asNumber(),
            smask: value.get('SMask').isStream(),
          });
          raw.destroy();
        });
      }
      out.push(list);
    }
    return out;
  } finally {
    doc.destroy();
  }
}

/** Page sizes as displayed (rotation applied), in points. */
export function pageSizes(pdf: Uint8Array): Array<[number, number]> {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const sizes: Array<[number, number]> = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const [x0, y0, x1, y1] = page.getBounds();
      sizes.push([x1 - x0, y1 - y0]);
      page.destroy();
    }
    return sizes;
  } finally {
    doc.destroy();
  }
}

/** Where each image of page `index` lands, in page space (top-left origin): [x0, y0, x1, y1]. */
export function imageRects(pdf: Uint8Array, index: number): Array<[number, number, number, number]> {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(index);
    const rects: Array<[number, number, number, number]> = [];
    const device = new mupdf.Device({
      fillImage(_image, ctm) {
        rects.push(mupdf.Rect.transform([0, 0, 1, 1], ctm) as [number, number, number, number]);
      },
    });
    page.run(device, mupdf.Matrix.identity);
    device.close();
    device.destroy();
    page.destroy();
    return rects;
  } finally {
    doc.destroy();
  }
}

/** Page `index` rendered at `dpi` (RGB, no alpha): width, height and the samples. */
export function renderPage(pdf: Uint8Array, index: number, dpi = 72): { width: number; height: number; pixels: Uint8Array } {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(index);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false);
    const out = { width: pixmap.getWidth(), height: pixmap.getHeight(), pixels: Uint8Array.from(pixmap.getPixels()) };
    pixmap.destroy();
    page.destroy();
    return out;
  } finally {
    doc.destroy();
  }
}

/** The RGB of a pixel of a rendering. */
export function pixelAt(render: { width: number; pixels: Uint8Array }, x: number, y: number): [number, number, number] {
  const i = (Math.floor(y) * render.width + Math.floor(x)) * 3;
  return [render.pixels[i]!, render.pixels[i + 1]!, render.pixels[i + 2]!];
}

/** pdftotext's text of the file (all pages, form feeds between them), or of one page. */
export function pdftotext(path: string, page?: number): string {
  const args = page === undefined ? [path, '-'] : ['-f', String(page), '-l', String(page), path, '-'];
  const result = spawnSync('pdftotext', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
  return result.stdout;
}

/** The words of `text`, lower-cased, punctuation dropped. */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** How many of `expected` appear among the words of `text` (OCR may misread one). */
export function found(text: string, expected: string[]): number {
  const have = new Set(words(text));
  return expected.filter((word) => have.has(word.toLowerCase())).length;
}
