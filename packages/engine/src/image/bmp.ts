/**
 * BMP, which sharp (libvips) neither reads nor writes. Decodes the BMPs found in practice:
 * palettised 1/4/8-bit (also RLE4/RLE8), 16-bit (5-5-5 or bit fields), 24-bit and 32-bit (bit
 * fields, alpha when the file declares an alpha mask); OS/2 core headers too. Encodes 24-bit,
 * or 32-bit with alpha (BITMAPV4HEADER with bit fields, as Windows and browsers read it).
 */
import { CatalogueError } from '@pagewright/contracts';
import { bmpInfo, type BmpInfo } from './probe.js';

export interface RawImage {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  /** Rows top to bottom, `width * channels` bytes each, no padding. */
  data: Buffer;
}

function damaged(reason: string): CatalogueError {
  return new CatalogueError('FILE_DAMAGED', `damaged BMP: ${reason}`);
}

interface Mask {
  mask: number;
  shift: number;
  max: number;
}

function mask(value: number): Mask {
  const m = value >>> 0;
  if (m === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((m >>> shift) & 1) === 0) shift++;
  return { mask: m, shift, max: m >>> shift };
}

function channelOf(pixel: number, m: Mask): number {
  if (m.max === 0) return 0;
  const v = (pixel & m.mask) >>> m.shift;
  return m.max === 255 ? v : Math.round((v * 255) / m.max);
}

/** The palette as RGB triples (BGR or BGRx in the file). */
function readPalette(view: DataView, info: BmpInfo): Uint8Array {
  const entry = info.headerSize === 12 ? 3 : 4;
  let at = 14 + info.headerSize;
  // A 40-byte header with bit fields has its masks after it; not for palettised files.
  const palette = new Uint8Array(256 * 3);
  for (let i = 0; i < info.paletteSize; i++, at += entry) {
    if (at + 3 > view.byteLength) throw damaged('palette cut short');
    palette[i * 3] = view.getUint8(at + 2);
    palette[i * 3 + 1] = view.getUint8(at + 1);
    palette[i * 3 + 2] = view.getUint8(at);
  }
  return palette;
}

/** Decodes a BMP file. Errors: variants not supported -> 3102, cut or inconsistent data -> FILE_DAMAGED. */
export function decodeBmp(bytes: Uint8Array): RawImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let info: BmpInfo;
  try {
    info = bmpInfo(view);
  } catch (err) {
    if (err instanceof RangeError) throw damaged('header cut short');
    throw err;
  }
  const { width, height, bitCount, compression } = info;
  if (width <= 0 || height <= 0) throw damaged('no width or height');
  const rowOf = (fileRow: number): number => (info.topDown ? fileRow : height - 1 - fileRow);

  if (bitCount <= 8) {
    const palette = readPalette(view, info);
    const indices = compression === 0 ? unpackIndices(bytes, info) : decodeRle(bytes, info);
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      const out = rowOf(y) * width * 3;
      for (let x = 0; x < width; x++) {
        const index = indices[y * width + x]!;
        data[out + x * 3] = palette[index * 3]!;
        data[out + x * 3 + 1] = palette[index * 3 + 1]!;
        data[out + x * 3 + 2] = palette[index * 3 + 2]!;
      }
    }
    return { width, height, channels: 3, data };
  }

  const rowSize = Math.ceil((width * bitCount) / 32) * 4;
  if (info.dataOffset + rowSize * height > bytes.length) throw damaged('pixel rows missing');
  if (bitCount === 24) {
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      const src = info.dataOffset + y * rowSize;
      const out = rowOf(y) * width * 3;
      for (let x = 0; x < width; x++) {
        data[out + x * 3] = bytes[src + x * 3 + 2]!;
        data[out + x * 3 + 1] = bytes[src + x * 3 + 1]!;
        data[out + x * 3 + 2] = bytes[src + x * 3]!;
      }
    }
    return { width, height, channels: 3, data };
  }

  // 16 and 32 bits: channels by mask. BI_RGB has fixed masks and no alpha.
  let masks: [number, number, number, number];
  if (compression === 0) {
    masks = bitCount === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0];
  } else {
    // Masks sit in a V2+ header, or right after a 40-byte header.
    const at = 54;
    const withAlpha = info.headerSize >= 56 || compression === 6;
    masks = [view.getUint32(at, true), view.getUint32(at + 4, true), view.getUint32(at + 8, true), withAlpha ? view.getUint32(at + 12, true) : 0];
  }
  const [r, g, b, a] = masks.map(mask) as [Mask, Mask, Mask, Mask];
  const pixelAt = bitCount === 16 ? (at: number): number => view.getUint16(at, true) : (at: number): number => view.getUint32(at, true);
  const step = bitCount / 8;
  const data = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const src = info.dataOffset + y * rowSize;
    const out = rowOf(y) * width * 4;
    for (let x = 0; x < width; x++) {
      const pixel = pixelAt(src + x * step);
      data[out + x * 4] = channelOf(pixel, r);
      data[out + x * 4 + 1] = channelOf(pixel, g);
      data[out + x * 4 + 2] = channelOf(pixel, b);
      const alpha = a.max ? channelOf(pixel, a) : 255;
      data[out + x * 4 + 3] = alpha;
      if (alpha !== 0) anyAlpha = true;
    }
  }
  const alphaUsed = a.max > 0 && anyAlpha && data.some((v, i) => i % 4 === 3 && v !== 255);
  if (alphaUsed) return { width, height, channels: 4, data };
  // No alpha mask, or an alpha channel that is all zero (writers that leave it unset): opaque.
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
    rgb[j] = data[i]!;
    rgb[j + 1] = data[i + 1]!;
    rgb[j + 2] = data[i + 2]!;
  }
  return { width, height, channels: 3, data: rgb };
}

/** Palette indices of an uncompressed 1/4/8-bit BMP, in file row order. */
function unpackIndices(bytes: Uint8Array, info: BmpInfo): Uint8Array {
  const { width, height, bitCount } = info;
  const rowSize = Math.ceil((width * bitCount) / 32) * 4;
  if (info.dataOffset + rowSize * height > bytes.length) throw damaged('pixel rows missing');
  const indices = new Uint8Array(width * height);
  const perByte = 8 / bitCount;
  const maskBits = (1 << bitCount) - 1;
  for (let y = 0; y < height; y++) {
    const src = info.dataOffset + y * rowSize;
    for (let x = 0; x < width; x++) {
      const byte = bytes[src + Math.floor(x / perByte)]!;
      const shift = 8 - bitCount * ((x % perByte) + 1);
      const index = (byte >> shift) & maskBits;
      if (index >= info.paletteSize) throw damaged(`colour index ${index} outside the palette`);
      indices[y * width + x] = index;
    }
  }
  return indices;
}

/**
 * Run-length encoded 8- or 4-bit data into palette indices (file row order). Pixels the data
 * skips (delta, early end of line or of bitmap) keep index 0.
 */
function decodeRle(bytes: Uint8Array, info: BmpInfo): Uint8Array {
  const { width, height } = info;
  const four = info.compression === 2;
  const indices = new Uint8Array(width * height);
  let pos = info.dataOffset;
  let x = 0;
  let y = 0;
  const put = (index: number): void => {
    if (index >= info.paletteSize) throw damaged(`colour index ${index} outside the palette`);
    if (x < width && y < height) indices[y * width + x] = index;
    x++;
  };
  const next = (): number => {
    if (pos >= bytes.length) throw damaged('run-length data cut short');
    return bytes[pos++]!;
  };
  while (y < height) {
    const count = next();
    const value = next();
    if (count > 0) {
      for (let i = 0; i < count; i++) put(four ? (i % 2 === 0 ? value >> 4 : value & 15) : value);
    } else if (value === 0) {
      x = 0;
      y++;
    } else if (value === 1) {
      break;
    } else if (value === 2) {
      x += next();
      y += next();
    } else {
      // Absolute mode: `value` literal pixels, padded to a 16-bit boundary.
      const literalBytes = four ? Math.ceil(value / 2) : value;
      for (let i = 0; i < value; i++) {
        if (four) {
          const byte = bytes[pos + (i >> 1)];
          if (byte === undefined) throw damaged('run-length data cut short');
          put(i % 2 === 0 ? byte >> 4 : byte & 15);
        } else {
          put(next());
        }
      }
      if (four) pos += literalBytes;
      if (literalBytes % 2 === 1) pos++;
    }
  }
  return indices;
}

/**
 * Encodes raw pixels as a BMP: 24-bit when there is no alpha, else 32-bit with an alpha bit
 * field (BITMAPV4HEADER). Grey is expanded to RGB. `dpi` sets the resolution fields.
 */
export function encodeBmp(image: RawImage, dpi?: number): Buffer {
  const { width, height, channels, data } = image;
  const alpha = channels === 2 || channels === 4;
  const bpp = alpha ? 32 : 24;
  const headerSize = alpha ? 108 : 40;
  const rowSize = Math.ceil((width * bpp) / 32) * 4;
  const offset = 14 + headerSize;
  const out = Buffer.alloc(offset + rowSize * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(headerSize, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22); // positive: bottom-up rows, what every reader handles
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bpp, 28);
  out.writeUInt32LE(alpha ? 3 : 0, 30);
  out.writeUInt32LE(rowSize * height, 34);
  const ppm = dpi ? Math.round(dpi / 0.0254) : 2835; // 72 dpi when none is known
  out.writeInt32LE(ppm, 38);
  out.writeInt32LE(ppm, 42);
  if (alpha) {
    out.writeUInt32LE(0x00ff0000, 54);
    out.writeUInt32LE(0x0000ff00, 58);
    out.writeUInt32LE(0x000000ff, 62);
    out.writeUInt32LE(0xff000000, 66);
    out.write('BGRs', 70, 'latin1'); // LCS_sRGB, stored little-endian as 'sRGB'
  }
  const grey = channels <= 2;
  for (let y = 0; y < height; y++) {
    const dst = offset + (height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const src = (y * width + x) * channels;
      const r = data[src]!;
      const g = grey ? r : data[src + 1]!;
      const b = grey ? r : data[src + 2]!;
      const at = dst + x * (bpp / 8);
      out[at] = b;
      out[at + 1] = g;
      out[at + 2] = r;
      if (alpha) out[at + 3] = data[src + channels - 1]!;
    }
  }
  return out;
}
