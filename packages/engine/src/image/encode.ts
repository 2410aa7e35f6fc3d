/**
 * Rasters into files of the target formats. sharp writes JPEG, PNG, GIF, TIFF and WebP; BMP
 * and ICO are written here; PDF pages are MuPDF's (the machinery of images-to-PDF: JPEGs are
 * embedded as they are, other images losslessly, the page at the image's resolution).
 */
import { CatalogueError, type ImageTargetFormat } from '@pagewright/contracts';
import { mupdf } from '../mupdf.js';
import { reasonOf } from '../errors.js';
import type { Fail } from '../pdf/open.js';
import { saveOptions, savePdf } from '../pdf/save.js';
import { addFramePage, embedImageFile, moveInfoToTrailer, placeFrame } from '../imagepdf/embed.js';
import { encodeBmp } from './bmp.js';
import { encodeIco } from './ico.js';
import { firstFrame, frameAt, fromRaster, type Raster } from './raster.js';

/** Formats that hold several frames (animation, pages). */
export const MULTI_FRAME_FORMATS: ReadonlySet<ImageTargetFormat> = new Set(['gif', 'webp', 'tiff', 'pdf']);

/** The largest side each format (or its encoder) takes. */
const MAX_SIDE: Partial<Record<ImageTargetFormat, number>> = { jpg: 65_500, webp: 16_383, gif: 65_535, png: 0x7fffffff, tiff: 0x7fffffff, bmp: 0x7fffffff };

/** Converter quality of lossy outputs: visually lossless, as a format conversion should be. */
const CONVERT_JPEG_QUALITY = 92;
const CONVERT_WEBP_QUALITY = 90;
const GIF_CONVERT_EFFORT = 3;

export interface EncodeContext {
  /** The input was lossy (JPEG, lossy WebP): a WebP output is lossy too, PDF pages JPEG. */
  lossySource: boolean;
  /** TIFF input with one bit per sample: a TIFF output stays bilevel (CCITT G4). */
  bilevelSource: boolean;
  /** Sides of the ICO entries. */
  icoSizes: number[];
  /** The resolution to state where the format has a field for it. */
  dpi?: number;
  /** The original file's bytes, when they may go into a PDF as they are (an untouched JPEG). */
  embedAsIs?: Uint8Array;
}

export function checkSides(width: number, height: number, format: ImageTargetFormat): void {
  const max = MAX_SIDE[format];
  if (max !== undefined && (width > max || height > max)) {
    throw new CatalogueError('INVALID_PARAMS', `${format.toUpperCase()} images may be at most ${max} pixels a side (got ${width} x ${height})`);
  }
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255 };

export async function encodeRaster(raster: Raster, format: ImageTargetFormat, context: EncodeContext): Promise<Uint8Array> {
  checkSides(raster.width, raster.height, format);
  const animation = { ...(raster.delay ? { delay: raster.delay } : {}), ...(raster.loop !== undefined ? { loop: raster.loop } : {}) };
  const alpha = raster.channels === 2 || raster.channels === 4;
  switch (format) {
    case 'jpg': {
      let pipeline = fromRaster(firstFrame(raster));
      if (alpha) pipeline = pipeline.flatten({ background: WHITE });
      return withJfifDensity(await pipeline.jpeg({ quality: CONVERT_JPEG_QUALITY }).toBuffer(), context.dpi);
    }
    case 'png':
      return withPngDensity(await fromRaster(firstFrame(raster)).png().toBuffer(), context.dpi);
    case 'webp':
      return fromRaster(raster).webp(context.lossySource ? { quality: CONVERT_WEBP_QUALITY, ...animation } : { lossless: true, ...animation }).toBuffer();
    case 'gif':
      // Effort 3 quantises a 3-megapixel photo in about 1.5 s instead of 7 s at the default.
      return fromRaster(raster).gif({ effort: GIF_CONVERT_EFFORT, ...animation }).toBuffer();
    case 'tiff':
      if (context.bilevelSource && raster.channels === 1) return fromRaster(raster).toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1, ...tiffDensity(context.dpi) }).toBuffer();
      return fromRaster(raster).tiff({ compression: 'lzw', predictor: 'horizontal', ...tiffDensity(context.dpi) }).toBuffer();
    case 'bmp':
      return encodeBmp(firstFrame(raster), context.dpi);
    case 'ico':
      return encodeIcoFrom(firstFrame(raster), context.icoSizes);
    case 'pdf':
      return encodePdf(raster, context);
  }
}

/*
 * The resolution of the input, so that a scan keeps its printed size. sharp states one only
 * with withMetadata(), which also adds an ICC profile and EXIF (600 bytes on every file):
 * the density fields are written here instead.
 */

/** TIFF resolution tags (sharp takes pixels per millimetre). */
function tiffDensity(dpi: number | undefined): { xres?: number; yres?: number; resolutionUnit?: 'inch' } {
  return dpi ? { xres: dpi / 25.4, yres: dpi / 25.4, resolutionUnit: 'inch' } : {};
}

/** A pHYs chunk (pixels per metre) right after IHDR, replacing sharp's when it wrote one. */
export function withPngDensity(png: Buffer, dpi: number | undefined): Buffer {
  if (!dpi) return png;
  const ppm = Math.round(dpi / 0.0254);
  const body = Buffer.alloc(9);
  body.writeUInt32BE(ppm, 0);
  body.writeUInt32BE(ppm, 4);
  body[8] = 1;
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  body.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 17)), 17);
  const parts: Buffer[] = [png.subarray(0, 33), chunk]; // signature and IHDR come first
  for (let pos = 33; pos + 12 <= png.length; ) {
    const end = pos + 12 + png.readUInt32BE(pos);
    if (png.toString('latin1', pos + 4, pos + 8) !== 'pHYs') parts.push(png.subarray(pos, end));
    pos = end;
  }
  return Buffer.concat(parts);
}

/** States the density in dots per inch in a JFIF header (APP0 after SOI): patched, or added when sharp wrote none. */
export function withJfifDensity(jpeg: Buffer, dpi: number | undefined): Buffer {
  if (!dpi) return jpeg;
  const value = Math.min(65_535, Math.max(1, Math.round(dpi)));
  if (jpeg.toString('latin1', 6, 11) === 'JFIF\0') {
    jpeg[13] = 1; // units: dots per inch
    jpeg.writeUInt16BE(value, 14);
    jpeg.writeUInt16BE(value, 16);
    return jpeg;
  }
  const app0 = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, value >> 8, value & 0xff, value >> 8, value & 0xff, 0, 0]);
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

let crcTable: Int32Array | undefined;

function crc32(bytes: Uint8Array): number {
  crcTable ??= Int32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  let crc = -1;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** One PNG entry per size: the image scaled to fit the square, centred, transparent around. */
async function encodeIcoFrom(raster: Raster, sizes: number[]): Promise<Uint8Array> {
  const entries = [];
  for (const size of sizes) {
    const png = await fromRaster(raster)
      .resize(size, size, { fit: 'contain', background: TRANSPARENT, kernel: 'lanczos3' })
      .toColourspace('srgb')
      .ensureAlpha()
      .png({ compressionLevel: 9 })
      .toBuffer();
    entries.push({ size, png });
  }
  return encodeIco(entries);
}

/** One page per frame, each the frame's size at `context.dpi` (72 when none). */
async function encodePdf(raster: Raster, context: EncodeContext): Promise<Uint8Array> {
  const frames: Uint8Array[] = [];
  if (context.embedAsIs) {
    frames.push(context.embedAsIs);
  } else {
    for (let i = 0; i < raster.frames; i++) {
      const pipeline = fromRaster(frameAt(raster, i));
      // A photograph stays a JPEG (MuPDF copies its stream); anything else goes in losslessly.
      frames.push(await (context.lossySource && raster.channels !== 2 && raster.channels !== 4 ? pipeline.jpeg({ quality: CONVERT_JPEG_QUALITY }) : pipeline.png({ compressionLevel: 1 })).toBuffer());
    }
  }
  const doc = new mupdf.PDFDocument();
  try {
    const fail: Fail = (code, reason) => new CatalogueError(code, reason);
    for (const bytes of frames) {
      const { frames: embedded, probe } = await embedImageFile(doc, bytes, fail);
      for (const frame of embedded) {
        // The re-encoded frames carry no resolution: state the input's.
        if (!context.embedAsIs || !probe.dpi) {
          frame.dpi = { x: context.dpi ?? 72, y: context.dpi ?? 72 };
        }
        addFramePage(doc, frame, placeFrame(frame, { pageSize: 'fit', orientation: 'auto', margin: 0 }));
      }
    }
    moveInfoToTrailer(doc);
    return savePdf(doc, saveOptions.plain);
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw new CatalogueError('UNKNOWN', `cannot write the PDF: ${reasonOf(err)}`);
  } finally {
    doc.destroy();
  }
}
