/**
 * The one image probe: what an image file's own bytes say, without decoding its pixels.
 *
 * - `sniffImage`: the format from the magic bytes, never from the extension.
 * - `readImageHeader`: format, size, frames and orientation from the headers, and a walk over
 *   the file's structure (chunks, segments, blocks, strips) that finds truncated files.
 * - `checkPixels` / `probeImageHeader`: the decompression-bomb guard. A header declaring more
 *   than IMAGE_MAX_PIXELS is refused (IMAGE_TOO_MANY_PIXELS) before any decoder allocates them.
 * - `readDeclaredFacts`: what MuPDF does not tell about an image put into a PDF: the declared
 *   resolution, the EXIF orientation of a JPEG, alpha in a PNG. Lenient: a malformed header
 *   leaves the defaults.
 * - `imageMetadata`: sharp's (libvips') metadata() under the same pixel limit, for what only a
 *   decoder library knows (bands and colour space, animation timing, a density in other formats).
 *
 * sharp's metadata cannot be the header reader itself: libvips reads neither BMP nor ICO, does
 * not notice a file cut short (it reads the header only), accepts SVG and HEIF, and reports a
 * GIF's logical screen where decoders grow the canvas to a larger frame.
 */
import sharp, { type Metadata } from 'sharp';
import { CatalogueError, IMAGE_MAX_PIXELS } from '@pagewright/contracts';
import { reasonOf } from '../errors.js';

/** The image formats read, named as the tool's target formats are. */
export type ImageFormat = 'jpg' | 'png' | 'bmp' | 'gif' | 'tiff' | 'webp';

export interface ImageHeader {
  format: ImageFormat;
  /** Of the first frame (TIFF), or the canvas (GIF logical screen, WebP VP8X canvas). */
  width: number;
  height: number;
  /** Frames a decoder returns: GIF images, WebP ANMF chunks, TIFF IFDs; 1 for the others. */
  frames: number;
  /** TIFF: the size of every frame (pages may differ); one entry for the other formats. */
  frameSizes: Array<[number, number]>;
  /** Bits per sample of a TIFF's first frame (1: bilevel); 8 elsewhere. */
  bitsPerSample: number;
  /** WebP: stored losslessly (VP8L) rather than as lossy VP8. */
  lossless: boolean;
  /** JPEG (EXIF) and TIFF: orientation 1..8 (5..8 swap the displayed width and height); 1 elsewhere. */
  orientation: number;
}

/**
 * TIFF directories walked at most (the chain may loop back on itself through other offsets
 * than the ones seen). GIF blocks and RIFF chunks always move forward: they are walked whole,
 * so a file of a million tiny frames counts them all against the pixel limit.
 */
const MAX_TIFF_FRAMES = 10_000;

const NOT_SUPPORTED = 'not a JPG, PNG, BMP, GIF, TIFF or WebP image';

function damaged(reason: string): CatalogueError {
  return new CatalogueError('FILE_DAMAGED', `damaged image: ${reason}`);
}

function unsupported(reason = NOT_SUPPORTED): CatalogueError {
  return new CatalogueError(3102, reason);
}

function tooManyPixels(reason: string): CatalogueError {
  return new CatalogueError('IMAGE_TOO_MANY_PIXELS', reason);
}

/** Sizes of the BMP info headers decoded here (core, v1..v5 and their OS/2 and Adobe variants). */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/* ----------------------------------------------------------------------------- sniff */

/** The signature image types (SPEC §5), known by the file's first bytes (the extension is not trusted). */
export const SIGN_IMAGE_FORMATS: ReadonlySet<ImageFormat> = new Set(['jpg', 'png', 'gif', 'bmp']);

/**
 * The format from the magic bytes; undefined for anything else (PDF, text, SVG, HEIC...). A BMP
 * is "BM" and more than its file header: text files start with "BM" too, so `readImageHeader`
 * also wants a known info header, while MuPDF (signatures, images into PDF) decides by itself.
 */
export function sniffImage(bytes: Uint8Array): ImageFormat | undefined {
  const b = (i: number): number => bytes[i] ?? -1;
  const ascii = (at: number, text: string): boolean => [...text].every((c, i) => b(at + i) === c.charCodeAt(0));
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if (b(0) === 0x89 && ascii(1, 'PNG\r\n\x1a\n')) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'II*\0') || ascii(0, 'MM\0*')) return 'tiff';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, 'BM') && bytes.length > 26) return 'bmp';
  return undefined;
}

/* ---------------------------------------------------------------------- pixel guard */

/** The pixels a decode of the first (or every) frame holds; IMAGE_TOO_MANY_PIXELS above the limit. */
export function checkPixels(header: ImageHeader, allFrames: boolean): void {
  const sizes = allFrames ? header.frameSizes : header.frameSizes.slice(0, 1);
  // GIF and WebP frames are drawn on the canvas: each one is a canvas of pixels.
  const total = header.format === 'tiff' ? sizes.reduce((sum, [w, h]) => sum + w * h, 0) : header.width * header.height * (allFrames ? header.frames : 1);
  if (total > IMAGE_MAX_PIXELS) {
    throw tooManyPixels(`${header.width} x ${header.height}${allFrames && header.frames > 1 ? ` x ${header.frames} frames` : ''} is more than ${IMAGE_MAX_PIXELS} pixels`);
  }
}

/**
 * The header of an input image, refused when its first frame, or any one frame, declares more
 * than IMAGE_MAX_PIXELS. The errors of `readImageHeader`, and IMAGE_TOO_MANY_PIXELS.
 */
export function probeImageHeader(bytes: Uint8Array): ImageHeader {
  const header = readImageHeader(bytes);
  checkPixels(header, false);
  for (const [w, h] of header.frameSizes) {
    if (w * h > IMAGE_MAX_PIXELS) throw tooManyPixels(`a frame of ${w} x ${h} is more than ${IMAGE_MAX_PIXELS} pixels`);
  }
  return header;
}

/**
 * sharp's metadata of an image (its first frame) under the decoding pixel limit: above it ->
 * IMAGE_TOO_MANY_PIXELS; any other failure is libvips' own error.
 */
export async function imageMetadata(bytes: Uint8Array): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  } catch (err) {
    const reason = reasonOf(err);
    if (/pixel limit/i.test(reason)) throw tooManyPixels(reason);
    throw err;
  }
}

/* --------------------------------------------------------------------------- header */

/**
 * Reads the header of an image file. Not one of the supported formats (or a variant no decoder
 * here reads) -> CatalogueError 3102; a header or structure that is cut short or inconsistent
 * -> FILE_DAMAGED. Pixel limits are `probeImageHeader`'s.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  const format = sniffImage(bytes);
  if (!format) throw unsupported();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // "BM" alone is too weak (text files start with it): the info header size must be a known one.
  if (format === 'bmp' && !BMP_HEADER_SIZES.has(view.getUint32(14, true))) throw unsupported();
  const header = (() => {
    try {
      switch (format) {
        case 'jpg': return jpegHeader(bytes, view);
        case 'png': return pngHeader(view);
        case 'gif': return gifHeader(view);
        case 'bmp': return bmpHeader(view);
        case 'tiff': return tiffHeader(view);
        case 'webp': return webpHeader(view);
      }
    } catch (err) {
      if (err instanceof CatalogueError) throw err;
      // A DataView read past the end: the file stops inside a header.
      if (err instanceof RangeError) throw damaged('the file ends inside a header');
      throw err;
    }
  })();
  if (!(header.width > 0 && header.height > 0)) throw damaged('no width or height');
  return { format, ...header };
}

type Parsed = Omit<ImageHeader, 'format'>;

function still(width: number, height: number, extra: Partial<Parsed> = {}): Parsed {
  return { width, height, frames: 1, frameSizes: [[width, height]], bitsPerSample: 8, lossless: false, orientation: 1, ...extra };
}

/** `length` bytes at `at` as Latin-1; RangeError past the end. */
function text(view: DataView, at: number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(view.getUint8(at + i));
  return s;
}

/* ------------------------------------------------------------------------------- JPEG */

/** SOF markers of lossless and hierarchical JPEG, which libjpeg does not decode. */
const UNSUPPORTED_SOF = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegHeader(bytes: Uint8Array, view: DataView): Parsed {
  let pos = 2;
  let size: [number, number] | undefined;
  let orientation = 1;
  for (;;) {
    if (pos + 4 > view.byteLength) throw damaged('JPEG ends before its image data');
    if (view.getUint8(pos) !== 0xff) throw damaged('JPEG marker expected');
    const marker = view.getUint8(pos + 1);
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    if (marker === 0xd9) throw damaged('JPEG ends before its image data');
    const length = view.getUint16(pos + 2);
    if (length < 2 || pos + 2 + length > view.byteLength) throw damaged('JPEG segment runs past the end of the file');
    if (marker === 0xda) {
      if (!size) throw damaged('JPEG has no frame header');
      // Scan data runs to the end-of-image marker; a file cut short has none after the scan.
      if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(Buffer.from([0xff, 0xd9])) < pos) throw damaged('JPEG is truncated (no end of image)');
      break;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (UNSUPPORTED_SOF.has(marker)) throw unsupported('lossless or hierarchical JPEG is not supported');
      size = [view.getUint16(pos + 7), view.getUint16(pos + 5)];
    } else if (marker === 0xe1 && length >= 16 && text(view, pos + 4, 6) === 'Exif\0\0') {
      orientation = exifOrientation(new DataView(view.buffer, view.byteOffset + pos + 10, length - 8));
    }
    pos += 2 + length;
  }
  return still(size[0], size[1], { orientation });
}

function exifOrientation(view: DataView): number {
  try {
    const order = text(view, 0, 2);
    if (order !== 'II' && order !== 'MM') return 1;
    const le = order === 'II';
    const ifd = view.getUint32(4, le);
    const count = view.getUint16(ifd, le);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (view.getUint16(entry, le) === 0x0112) {
        const value = view.getUint16(entry + 8, le);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  } catch {
    // A broken EXIF block is ignored, as decoders do.
  }
  return 1;
}

/* -------------------------------------------------------------------------------- PNG */

const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function pngHeader(view: DataView): Parsed {
  if (view.byteLength < 33 || view.getUint32(8) !== 13 || text(view, 12, 4) !== 'IHDR') throw damaged('PNG has no IHDR chunk');
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const depth = view.getUint8(24);
  const colorType = view.getUint8(25);
  if (width > 0x7fffffff || height > 0x7fffffff) throw damaged('PNG size out of range');
  if (!PNG_DEPTHS[colorType]?.includes(depth)) throw damaged(`PNG colour type ${colorType} with depth ${depth}`);
  // Walk the chunk lengths (no CRC, no inflating) to the end chunk: a cut file has none.
  let pos = 8;
  let idat = false;
  for (;;) {
    if (pos + 12 > view.byteLength) throw damaged('PNG is truncated (no IEND chunk)');
    const length = view.getUint32(pos);
    const type = text(view, pos + 4, 4);
    if (length > 0x7fffffff || pos + 12 + length > view.byteLength) throw damaged(`PNG chunk ${JSON.stringify(type)} runs past the end of the file`);
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') break;
    pos += 12 + length;
  }
  if (!idat) throw damaged('PNG has no image data');
  // An APNG's extra frames are not read by the decoder: it is the still default image.
  return still(width, height);
}

/* -------------------------------------------------------------------------------- GIF */

function gifHeader(view: DataView): Parsed {
  const width = view.getUint16(6, true);
  const height = view.getUint16(8, true);
  const flags = view.getUint8(10);
  let pos = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let frames = 0;
  let right = 0;
  let bottom = 0;
  /** Skips data sub-blocks (length byte, data) up to the zero terminator. */
  const skipBlocks = (): void => {
    for (;;) {
      const length = view.getUint8(pos);
      pos += 1 + length;
      if (length === 0) return;
    }
  };
  try {
    for (;;) {
      if (pos >= view.byteLength) break; // no trailer: tolerated, as every decoder does
      const introducer = view.getUint8(pos);
      if (introducer === 0x3b) break;
      if (introducer === 0x21) {
        pos += 2;
        skipBlocks();
      } else if (introducer === 0x2c) {
        // A frame reaching past the logical screen makes decoders enlarge the canvas.
        right = Math.max(right, view.getUint16(pos + 1, true) + view.getUint16(pos + 5, true));
        bottom = Math.max(bottom, view.getUint16(pos + 3, true) + view.getUint16(pos + 7, true));
        const local = view.getUint8(pos + 9);
        pos += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1; // descriptor, colour table, LZW code size
        skipBlocks();
        if (pos > view.byteLength) throw new RangeError('frame cut short');
        frames++;
      } else {
        if (frames > 0) break; // garbage after the last frame
        throw damaged(`GIF block 0x${introducer.toString(16)} is not a frame`);
      }
    }
  } catch (err) {
    if (err instanceof RangeError) throw damaged('GIF is truncated inside a frame');
    throw err;
  }
  if (frames === 0) throw damaged('GIF holds no frame');
  return { ...still(Math.max(width, right), Math.max(height, bottom)), frames };
}

/* -------------------------------------------------------------------------------- BMP */

export interface BmpInfo {
  width: number;
  /** Rows are stored bottom-up unless the header's height is negative. */
  height: number;
  topDown: boolean;
  bitCount: number;
  /** 0 BI_RGB, 1 RLE8, 2 RLE4, 3 BI_BITFIELDS, 6 BI_ALPHABITFIELDS. */
  compression: number;
  dataOffset: number;
  headerSize: number;
  /** Colours in the palette (palettised images). */
  paletteSize: number;
}

/** Parses a BMP's file and info headers; 3102 for variants not decoded here (JPEG/PNG inside, odd depths). */
export function bmpInfo(view: DataView): BmpInfo {
  const dataOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  let width: number;
  let rawHeight: number;
  let bitCount: number;
  let compression = 0;
  let colorsUsed = 0;
  if (headerSize === 12) {
    width = view.getUint16(18, true);
    rawHeight = view.getUint16(20, true);
    bitCount = view.getUint16(24, true);
  } else {
    width = view.getInt32(18, true);
    rawHeight = view.getInt32(22, true);
    bitCount = view.getUint16(28, true);
    compression = view.getUint32(30, true);
    colorsUsed = view.getUint32(46, true);
  }
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw unsupported(`BMP with ${bitCount} bits per pixel is not supported`);
  const known = compression === 0 || (compression === 1 && bitCount === 8) || (compression === 2 && bitCount === 4) || ((compression === 3 || compression === 6) && (bitCount === 16 || bitCount === 32));
  if (!known) throw unsupported(`BMP compression ${compression} is not supported`);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  const paletteSize = bitCount <= 8 ? colorsUsed || 2 ** bitCount : 0;
  if (paletteSize > 2 ** bitCount) throw damaged('BMP palette larger than its depth allows');
  return { width, height, topDown, bitCount, compression, dataOffset, headerSize, paletteSize };
}

function bmpHeader(view: DataView): Parsed {
  const info = bmpInfo(view);
  if (info.width <= 0 || info.height === 0) throw damaged('BMP has no width or height');
  if (info.compression === 0 || info.compression === 3 || info.compression === 6) {
    const rowSize = Math.ceil((info.width * info.bitCount) / 32) * 4;
    if (info.dataOffset + rowSize * info.height > view.byteLength) throw damaged('BMP is truncated (pixel rows missing)');
  } else if (info.dataOffset >= view.byteLength) {
    throw damaged('BMP has no pixel data');
  }
  return still(info.width, info.height);
}

/* ------------------------------------------------------------------------------- TIFF */

const TIFF_TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };

function tiffHeader(view: DataView): Parsed {
  const le = view.getUint8(0) === 0x49;
  const u16 = (at: number): number => view.getUint16(at, le);
  const u32 = (at: number): number => view.getUint32(at, le);
  /** The values of an IFD entry holding SHORTs or LONGs. */
  const values = (entry: number): number[] => {
    const type = u16(entry + 2);
    const count = u32(entry + 4);
    const size = TIFF_TYPE_SIZE[type] ?? 0;
    if ((type !== 3 && type !== 4) || count > view.byteLength) return [];
    const at = size * count <= 4 ? entry + 8 : u32(entry + 8);
    if (at + size * count > view.byteLength) throw damaged('TIFF tag values lie past the end of the file');
    return Array.from({ length: count }, (_, i) => (type === 3 ? u16(at + 2 * i) : u32(at + 4 * i)));
  };
  const frameSizes: Array<[number, number]> = [];
  let bitsPerSample = 8;
  let orientation = 1;
  const seen = new Set<number>();
  let offset = u32(4);
  while (offset !== 0) {
    if (frameSizes.length === MAX_TIFF_FRAMES) throw new CatalogueError('IMAGE_TOO_MANY_PIXELS', `TIFF with more than ${MAX_TIFF_FRAMES} pages`);
    if (seen.has(offset)) break; // a loop in the IFD chain
    seen.add(offset);
    if (offset + 2 > view.byteLength) throw damaged('TIFF directory lies past the end of the file');
    const count = u16(offset);
    if (offset + 2 + count * 12 + 4 > view.byteLength) throw damaged('TIFF directory is cut short');
    let width = 0;
    let height = 0;
    let bits = 1; // the TIFF default
    let dataOffsets: number[] = [];
    let dataCounts: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12;
      const tag = u16(entry);
      // Any value stored out of line (tables, strips lists, text) must lie inside the file.
      const extent = (TIFF_TYPE_SIZE[u16(entry + 2)] ?? 0) * u32(entry + 4);
      if (extent > 4 && u32(entry + 8) + extent > view.byteLength) throw damaged(`TIFF tag ${tag} lies past the end of the file`);
      if (tag === 256) width = values(entry)[0] ?? 0;
      else if (tag === 257) height = values(entry)[0] ?? 0;
      else if (tag === 258) bits = values(entry)[0] ?? 1;
      else if (tag === 274 && frameSizes.length === 0) orientation = values(entry)[0] ?? 1;
      else if (tag === 273 || tag === 324) dataOffsets = values(entry);
      else if (tag === 279 || tag === 325) dataCounts = values(entry);
    }
    if (!(width > 0 && height > 0)) throw damaged(`TIFF frame ${frameSizes.length + 1} has no size`);
    if (dataOffsets.length === 0) throw damaged(`TIFF frame ${frameSizes.length + 1} has no image data`);
    dataOffsets.forEach((at, i) => {
      if (at + (dataCounts[i] ?? 0) > view.byteLength) throw damaged(`TIFF frame ${frameSizes.length + 1} is truncated`);
    });
    if (frameSizes.length === 0) bitsPerSample = bits;
    frameSizes.push([width, height]);
    offset = u32(offset + 2 + count * 12);
  }
  if (frameSizes.length === 0) throw damaged('TIFF holds no frame');
  const [width, height] = frameSizes[0]!;
  return { ...still(width, height), frames: frameSizes.length, frameSizes, bitsPerSample, orientation: orientation >= 1 && orientation <= 8 ? orientation : 1 };
}

/* ------------------------------------------------------------------------------- WebP */

function webpHeader(view: DataView): Parsed {
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > view.byteLength) throw damaged('WebP is truncated');
  let pos = 12;
  let canvas: [number, number] | undefined;
  let first: [number, number] | undefined;
  let frames = 0;
  let lossless = false;
  let lossy = false;
  /** The size in a VP8 or VP8L bitstream's header (`at`: the chunk's data). */
  const bitstream = (type: string, at: number, length: number): [number, number] | undefined => {
    if (type === 'VP8 ' && length >= 10) {
      lossy = true;
      if (view.getUint8(at + 3) !== 0x9d || view.getUint8(at + 4) !== 0x01 || view.getUint8(at + 5) !== 0x2a) throw damaged('WebP VP8 start code missing');
      return [view.getUint16(at + 6, true) & 0x3fff, view.getUint16(at + 8, true) & 0x3fff];
    }
    if (type === 'VP8L' && length >= 5) {
      lossless = true;
      if (view.getUint8(at) !== 0x2f) throw damaged('WebP VP8L signature missing');
      const bits = view.getUint32(at + 1, true);
      return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
    }
    return undefined;
  };
  while (pos + 8 <= riffEnd) {
    const type = text(view, pos, 4);
    const length = view.getUint32(pos + 4, true);
    const data = pos + 8;
    if (data + length > riffEnd) throw damaged(`WebP chunk ${JSON.stringify(type)} runs past the end`);
    if (type === 'VP8X' && length >= 10) {
      canvas = [1 + (view.getUint32(data + 4, true) & 0xffffff), 1 + (view.getUint32(data + 7, true) & 0xffffff)];
    } else if (type === 'ANMF' && length >= 16) {
      frames++;
      // A frame holds sub-chunks (ALPH, VP8/VP8L) after its 16-byte header.
      for (let sub = data + 16; sub + 8 <= data + length; ) {
        const subType = text(view, sub, 4);
        const subLength = view.getUint32(sub + 4, true);
        bitstream(subType, sub + 8, subLength);
        sub += 8 + subLength + (subLength & 1);
      }
    } else {
      first ??= bitstream(type, data, length);
    }
    pos = data + length + (length & 1);
  }
  const size = canvas ?? first;
  if (!size || (frames === 0 && !first)) throw damaged('WebP holds no image');
  return { ...still(size[0], size[1]), frames: Math.max(1, frames), lossless: lossless && !lossy };
}

/* =================================================================== declared facts */

export interface Resolution {
  x: number;
  y: number;
}

export interface DeclaredFacts {
  /** The declared resolution in dots per inch (of the first frame for TIFF), if any. */
  dpi: Resolution | undefined;
  /** TIFF only: the declared resolution of every frame (IFD), in file order. */
  frameDpi: Array<Resolution | undefined>;
  /** EXIF orientation 1..8 of a JPEG (1 when absent or not a JPEG). */
  orientation: number;
  /** A PNG with an alpha channel or a tRNS chunk. */
  alpha: boolean;
}

/** Declared resolutions outside this range are treated as absent (placeholders, garbage). */
const MIN_DPI = 10;
const MAX_DPI = 10_000;

/**
 * What MuPDF does not tell about an image file: the resolution it declares (JFIF/EXIF, PNG
 * pHYs, BMP header, TIFF tags per frame; `undefined` when the file has none), the EXIF
 * orientation of a JPEG and whether a PNG carries alpha. Only headers are read, leniently: a
 * malformed one leaves the defaults (pixel data is MuPDF's business); GIF and WebP declare none.
 */
export function readDeclaredFacts(bytes: Uint8Array, format = sniffImage(bytes)): DeclaredFacts {
  const facts: DeclaredFacts = { dpi: undefined, frameDpi: [], orientation: 1, alpha: false };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (format === 'jpg') declaredJpeg(view, facts);
    else if (format === 'png') declaredPng(view, facts);
    else if (format === 'bmp') declaredBmp(view, facts);
    else if (format === 'tiff') {
      facts.frameDpi = readTiffFrames(view).map((ifd) => ifd.dpi);
      facts.dpi = facts.frameDpi[0];
    }
  } catch {
    // A malformed header leaves the defaults; MuPDF decides whether the image is readable.
  }
  return facts;
}

function sane(rawX: number, rawY: number): Resolution | undefined {
  // Per-metre units give 299.9994 for 300 dpi: snap to the whole number when that close.
  const snap = (v: number): number => (Math.abs(v - Math.round(v)) < 0.05 ? Math.round(v) : v);
  const x = snap(rawX);
  const y = snap(rawY);
  const ok = (v: number): boolean => Number.isFinite(v) && v >= MIN_DPI && v <= MAX_DPI;
  if (ok(x) && ok(y)) return { x, y };
  if (ok(x) && !(y > 0)) return { x, y: x };
  if (ok(y) && !(x > 0)) return { x: y, y };
  return undefined;
}

/* -------------------------------------------------------------------- declared: JPEG */

function declaredJpeg(view: DataView, facts: DeclaredFacts): void {
  let jfif: Resolution | undefined;
  let exif: Resolution | undefined;
  let pos = 2;
  while (pos + 4 <= view.byteLength) {
    if (view.getUint8(pos) !== 0xff) break;
    const marker = view.getUint8(pos + 1);
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image: no more headers
    const length = view.getUint16(pos + 2);
    const start = pos + 4;
    const end = pos + 2 + length;
    if (length < 2 || end > view.byteLength) break;
    if (marker === 0xe0 && length >= 16 && text(view, start, 5) === 'JFIF\0') {
      const units = view.getUint8(start + 7);
      const x = view.getUint16(start + 8);
      const y = view.getUint16(start + 10);
      if (units === 1) jfif = sane(x, y);
      else if (units === 2) jfif = sane(x * 2.54, y * 2.54);
    } else if (marker === 0xe1 && length >= 16 && text(view, start, 6) === 'Exif\0\0') {
      const ifd = readTiffFrames(new DataView(view.buffer, view.byteOffset + start + 6, end - start - 6), 1)[0];
      if (ifd) {
        exif = ifd.dpi;
        if (ifd.orientation >= 1 && ifd.orientation <= 8) facts.orientation = ifd.orientation;
      }
    }
    pos = end;
  }
  // JFIF's density is the JPEG's own header; EXIF's is what the camera or editor wrote.
  // Most writers keep both equal; when only one is there, it is the one.
  facts.dpi = jfif ?? exif;
}

/* --------------------------------------------------------------------- declared: PNG */

function declaredPng(view: DataView, facts: DeclaredFacts): void {
  let pos = 8;
  while (pos + 12 <= view.byteLength) {
    const length = view.getUint32(pos);
    const type = text(view, pos + 4, 4);
    const data = pos + 8;
    if (data + length > view.byteLength) break;
    if (type === 'IHDR' && length >= 13) {
      const colorType = view.getUint8(data + 9);
      if (colorType === 4 || colorType === 6) facts.alpha = true;
    } else if (type === 'tRNS') {
      facts.alpha = true;
    } else if (type === 'pHYs' && length >= 9) {
      // Unit 1: pixels per metre. Unit 0 gives only the aspect ratio: no resolution.
      if (view.getUint8(data + 8) === 1) facts.dpi = sane(view.getUint32(data) * 0.0254, view.getUint32(data + 4) * 0.0254);
    } else if (type === 'IDAT' || type === 'IEND') {
      break;
    }
    pos = data + length + 4;
  }
}

/* --------------------------------------------------------------------- declared: BMP */

function declaredBmp(view: DataView, facts: DeclaredFacts): void {
  const headerSize = view.getUint32(14, true);
  if (headerSize >= 40 && view.byteLength >= 46) {
    facts.dpi = sane(view.getInt32(38, true) * 0.0254, view.getInt32(42, true) * 0.0254);
  }
}

/* -------------------------------------------------------------------- declared: TIFF */

interface TiffIfd {
  dpi: Resolution | undefined;
  orientation: number;
}

/** Walks the IFD chain of TIFF data (a TIFF file, or the TIFF block of an EXIF segment). */
function readTiffFrames(view: DataView, limit = MAX_TIFF_FRAMES): TiffIfd[] {
  const order = text(view, 0, 2);
  if (order !== 'II' && order !== 'MM') return [];
  const le = order === 'II';
  const u16 = (at: number): number => view.getUint16(at, le);
  const u32 = (at: number): number => view.getUint32(at, le);
  const frames: TiffIfd[] = [];
  const seen = new Set<number>();
  let offset = u32(4);
  while (offset > 0 && offset + 2 <= view.byteLength && frames.length < Math.min(limit, MAX_TIFF_FRAMES) && !seen.has(offset)) {
    seen.add(offset);
    const count = u16(offset);
    let xres = 0;
    let yres = 0;
    let unit = 2; // TIFF default: inches
    let orientation = 1;
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12;
      if (entry + 12 > view.byteLength) break;
      const tag = u16(entry);
      const type = u16(entry + 2);
      if (tag === 0x011a || tag === 0x011b) {
        // RATIONAL (5): two LONGs at the offset the entry holds.
        const at = u32(entry + 8);
        if (type === 5 && at + 8 <= view.byteLength) {
          const den = u32(at + 4);
          const value = den === 0 ? 0 : u32(at) / den;
          if (tag === 0x011a) xres = value;
          else yres = value;
        }
      } else if (tag === 0x0128) {
        unit = type === 3 ? u16(entry + 8) : type === 4 ? u32(entry + 8) : unit;
      } else if (tag === 0x0112) {
        orientation = type === 3 ? u16(entry + 8) : orientation;
      }
    }
    let dpi: Resolution | undefined;
    if (unit === 2) dpi = sane(xres, yres);
    else if (unit === 3) dpi = sane(xres * 2.54, yres * 2.54);
    frames.push({ dpi, orientation });
    const nextAt = offset + 2 + count * 12;
    offset = nextAt + 4 <= view.byteLength ? u32(nextAt) : 0;
  }
  return frames;
}
