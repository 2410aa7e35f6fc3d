/**
 * Image files into PDF image XObjects and pages. JPEGs go in as they are (MuPDF copies the DCT
 * stream); every other format is decoded by MuPDF and stored losslessly (Flate, alpha as an
 * /SMask). A multi-page TIFF gives one frame per page, a GIF its first frame.
 */
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { mupdf, type PDFDocument, type PDFObject } from '../mupdf.js';
import { reasonOf } from '../errors.js';
import type { Fail } from '../pdf/open.js';
import { readDeclaredFacts, sniffImage, type DeclaredFacts, type ImageFormat, type Resolution } from '../image/probe.js';

const deflateAsync = promisify(deflate);

/** The resolution of an image that declares none (the PDF point: one pixel per point). */
export const DEFAULT_IMAGE_DPI = 72;

/** A PDF page side may not exceed 14,400 units (PDF 1.7, Annex C); nor be under 3. */
export const MAX_PAGE_SIDE = 14_400;
export const MIN_PAGE_SIDE = 3;

export interface EmbeddedFrame {
  /** The image XObject (indirect). */
  image: PDFObject;
  /** Stored pixel size (before EXIF orientation). */
  width: number;
  height: number;
  /** Colour components (1 grey, 3 RGB, 4 CMYK). */
  components: number;
  /** The resolution used for the natural size: the declared one, or DEFAULT_IMAGE_DPI. */
  dpi: Resolution;
  declaredDpi: boolean;
  /** EXIF orientation 1..8 (1: as stored). */
  orientation: number;
}

/** An image file's format (JPG, PNG, BMP, GIF or TIFF) and what it declares. */
export interface ImageProbe extends DeclaredFacts {
  format: Exclude<ImageFormat, 'webp'>;
}

export interface EmbeddedImage {
  probe: ImageProbe;
  frames: EmbeddedFrame[];
}

/**
 * Adds every frame of the image file `bytes` to `doc` as image XObjects. Not an image of a
 * supported format -> `fail(notImageCode)`; MuPDF cannot decode it -> `fail('FILE_DAMAGED')`.
 */
export async function embedImageFile(doc: PDFDocument, bytes: Uint8Array, fail: Fail, notImageCode: 3102 | 'FILE_TYPE_ERROR' = 3102): Promise<EmbeddedImage> {
  const format = sniffImage(bytes);
  if (!format || format === 'webp') throw fail(notImageCode, 'not a JPG, PNG, BMP, GIF or TIFF image');
  const probe: ImageProbe = { format, ...readDeclaredFacts(bytes, format) };
  const frames: EmbeddedFrame[] = [];
  try {
    if (probe.format === 'tiff') {
      const tiff = mupdf.Document.openDocument(bytes, 'image/tiff');
      try {
        const count = tiff.countPages();
        for (let i = 0; i < count; i++) {
          const image = frameImage(tiff, i);
          try {
            frames.push(await addFrame(doc, image, probe.format, probe.frameDpi[i], 1));
          } finally {
            image.destroy();
          }
        }
      } finally {
        tiff.destroy();
      }
    } else {
      const image = new mupdf.Image(bytes);
      try {
        frames.push(await addFrame(doc, image, probe.format, probe.dpi, probe.format === 'jpg' ? probe.orientation : 1));
      } finally {
        image.destroy();
      }
    }
  } catch (err) {
    throw fail('FILE_DAMAGED', reasonOf(err));
  }
  if (frames.length === 0) throw fail('FILE_DAMAGED', 'no image in the file');
  return { probe, frames };
}

/** The image of page `index` of an image document (MuPDF's TIFF frames). */
function frameImage(doc: InstanceType<typeof mupdf.Document>, index: number): InstanceType<typeof mupdf.Image> {
  const page = doc.loadPage(index);
  try {
    let found: InstanceType<typeof mupdf.Image> | undefined;
    const device = new mupdf.Device({
      fillImage(image) {
        // The callback's image is released after the call: keep a reference of our own.
        found ??= new mupdf.Image(image.toPixmap());
      },
    });
    try {
      page.run(device, mupdf.Matrix.identity);
      device.close();
    } finally {
      device.destroy();
    }
    if (!found) throw new Error(`frame ${index + 1} holds no image`);
    return found;
  } finally {
    page.destroy();
  }
}

async function addFrame(doc: PDFDocument, image: InstanceType<typeof mupdf.Image>, format: ImageFormat, declared: Resolution | undefined, orientation: number): Promise<EmbeddedFrame> {
  const width = image.getWidth();
  const height = image.getHeight();
  if (!(width > 0 && height > 0)) throw new Error('empty image');
  const ref = doc.addImage(image);
  if (format !== 'jpg') await deflateStream(doc, ref);
  const mask = ref.get('SMask');
  if (mask.isStream()) await deflateStream(doc, mask);
  return { image: ref, width, height, components: image.getNumberOfComponents(), dpi: declared ?? { x: DEFAULT_IMAGE_DPI, y: DEFAULT_IMAGE_DPI }, declaredDpi: declared !== undefined, orientation };
}

/**
 * MuPDF stores decoded images unfiltered and compresses them only when the document is saved:
 * compress each one as soon as it is added (zlib off the main thread) so that many large
 * images do not sit decoded in the WebAssembly heap together.
 */
async function deflateStream(doc: PDFDocument, ref: PDFObject): Promise<void> {
  if (!ref.get('Filter').isNull()) return;
  const raw = ref.readRawStream();
  let data: Uint8Array;
  try {
    data = Buffer.from(raw.asUint8Array());
  } finally {
    raw.destroy();
  }
  const packed = await deflateAsync(data);
  ref.writeRawStream(packed);
  ref.put('Filter', doc.newName('FlateDecode'));
  ref.delete('DecodeParms');
}

/**
 * MuPDF 1.28 puts the /Info dictionary of a new document into the catalogue, where readers do
 * not look: move it to the trailer before saving.
 */
export function moveInfoToTrailer(doc: PDFDocument): void {
  const root = doc.getTrailer().get('Root');
  const info = root.get('Info');
  if (info.isNull()) return;
  if (doc.getTrailer().get('Info').isNull()) doc.getTrailer().put('Info', info.isIndirect() ? info : doc.addObject(info));
  root.delete('Info');
}

/* ------------------------------------------------------------------------------ layout */

export type PageSizeOption = 'fit' | 'A4' | 'letter';
export type OrientationOption = 'auto' | 'portrait' | 'landscape';

export interface PageLayout {
  pageSize: PageSizeOption;
  orientation: OrientationOption;
  /** Points on every side. */
  margin: number;
}

const PAPER: Record<Exclude<PageSizeOption, 'fit'>, [number, number]> = {
  A4: [595.2756, 841.8898],
  letter: [612, 792],
};

/** Maps the image's unit square, as stored, to the unit square as displayed (EXIF orientation). */
export function orientationMatrix(orientation: number): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2: return [-1, 0, 0, 1, 1, 0];
    case 3: return [-1, 0, 0, -1, 1, 1];
    case 4: return [1, 0, 0, -1, 0, 1];
    case 5: return [0, -1, -1, 0, 1, 1];
    case 6: return [0, -1, 1, 0, 0, 1];
    case 7: return [0, 1, 1, 0, 0, 0];
    case 8: return [0, 1, -1, 0, 1, 0];
    default: return [1, 0, 0, 1, 0, 0];
  }
}

/** The displayed size in points at the frame's resolution (orientation 5..8 swap the sides). */
export function naturalSize(frame: Pick<EmbeddedFrame, 'width' | 'height' | 'dpi' | 'orientation'>): [number, number] {
  const w = (frame.width * 72) / frame.dpi.x;
  const h = (frame.height * 72) / frame.dpi.y;
  return frame.orientation >= 5 ? [h, w] : [w, h];
}

export interface FramePlacement {
  /** Page width and height in points. */
  page: [number, number];
  /** Where the displayed image goes: x, y (bottom-left), width, height. */
  rect: [number, number, number, number];
  /** The image's unit square (as stored) to page space: the `cm` before `Do`. */
  matrix: [number, number, number, number, number, number];
}

/**
 * Where a frame goes on its page:
 * - `fit`: the page is the image at its natural size (declared resolution, 72 dpi when none)
 *   plus the margin on every side; `orientation` does not apply.
 * - `A4` / `letter`: the paper in the asked orientation (`auto`: landscape when the displayed
 *   image is wider than tall), the image scaled down to fit inside the margins, centred, and
 *   never enlarged beyond its natural size.
 * A page side is kept within 3..14,400 points: a larger image is scaled down, a tiny one is
 * centred on a 3-point page.
 */
export function placeFrame(frame: Pick<EmbeddedFrame, 'width' | 'height' | 'dpi' | 'orientation'>, layout: PageLayout): FramePlacement {
  const [nw, nh] = naturalSize(frame);
  const m = layout.margin;
  let pageW: number;
  let pageH: number;
  let scale: number;
  if (layout.pageSize === 'fit') {
    scale = Math.min(1, (MAX_PAGE_SIDE - 2 * m) / nw, (MAX_PAGE_SIDE - 2 * m) / nh);
    pageW = Math.max(MIN_PAGE_SIDE, nw * scale + 2 * m);
    pageH = Math.max(MIN_PAGE_SIDE, nh * scale + 2 * m);
  } else {
    const [short, long] = PAPER[layout.pageSize];
    const landscape = layout.orientation === 'landscape' || (layout.orientation === 'auto' && nw > nh);
    [pageW, pageH] = landscape ? [long, short] : [short, long];
    scale = Math.min(1, (pageW - 2 * m) / nw, (pageH - 2 * m) / nh);
  }
  const w = nw * scale;
  const h = nh * scale;
  const x = (pageW - w) / 2;
  const y = (pageH - h) / 2;
  const placed = mupdf.Matrix.concat(orientationMatrix(frame.orientation), [w, 0, 0, h, x, y]);
  return { page: [pageW, pageH], rect: [x, y, w, h], matrix: placed as FramePlacement['matrix'] };
}

/** A number for a content stream: no exponent, at most 4 decimals. */
export function num(value: number): string {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Appends a page showing `frame` placed by `placement` to `doc`; returns the page object. */
export function addFramePage(doc: PDFDocument, frame: EmbeddedFrame, placement: FramePlacement): PDFObject {
  const [a, b, c, d, e, f] = placement.matrix;
  const content = `q ${[a, b, c, d, e, f].map(num).join(' ')} cm /Im0 Do Q\n`;
  const page = doc.addPage([0, 0, placement.page[0], placement.page[1]], 0, { XObject: { Im0: frame.image } }, content);
  doc.insertPage(-1, page);
  return page;
}
