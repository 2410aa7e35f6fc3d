/**
 * Reads what MuPDF does not tell about an image file: its format (from the magic bytes), the
 * resolution it declares (JFIF/EXIF, PNG pHYs, BMP header, TIFF tags per frame; `undefined`
 * when the file has none), the EXIF orientation of a JPEG and whether a PNG carries alpha.
 * Only headers are read; pixel data is MuPDF's business.
 */

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'bmp' | 'tiff';

export interface Resolution {
  x: number;
  y: number;
}

export interface ImageProbe {
  format: ImageFormat;
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
/** A bound on the IFDs walked in a TIFF (a loop in the IFD chain must not hang). */
const MAX_TIFF_FRAMES = 10_000;

export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const b = (i: number): number => bytes[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47 && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) return 'png';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38 && (b(4) === 0x37 || b(4) === 0x39) && b(5) === 0x61) return 'gif';
  if (b(0) === 0x42 && b(1) === 0x4d && bytes.length > 26) return 'bmp';
  if ((b(0) === 0x49 && b(1) === 0x49 && b(2) === 0x2a && b(3) === 0x00) || (b(0) === 0x4d && b(1) === 0x4d && b(2) === 0x00 && b(3) === 0x2a)) return 'tiff';
  return undefined;
}

/** Probes an image file; `undefined` when the bytes are not one of the supported formats. */
export function probeImage(bytes: Uint8Array): ImageProbe | undefined {
  const format = sniffImageFormat(bytes);
  if (!format) return undefined;
  const probe: ImageProbe = { format, dpi: undefined, frameDpi: [], orientation: 1, alpha: false };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (format === 'jpeg') probeJpeg(view, probe);
    else if (format === 'png') probePng(view, probe);
    else if (format === 'bmp') probeBmp(view, probe);
    else if (format === 'tiff') {
      probe.frameDpi = readTiffFrames(view).map((ifd) => ifd.dpi);
      probe.dpi = probe.frameDpi[0];
    }
  } catch {
    // A malformed header leaves the defaults; MuPDF decides whether the image is readable.
  }
  return probe;
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

/* ------------------------------------------------------------------------------- JPEG */

function probeJpeg(view: DataView, probe: ImageProbe): void {
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
    if (marker === 0xe0 && length >= 16 && ascii(view, start, 5) === 'JFIF\0') {
      const units = view.getUint8(start + 7);
      const x = view.getUint16(start + 8);
      const y = view.getUint16(start + 10);
      if (units === 1) jfif = sane(x, y);
      else if (units === 2) jfif = sane(x * 2.54, y * 2.54);
    } else if (marker === 0xe1 && length >= 16 && ascii(view, start, 6) === 'Exif\0\0') {
      const ifd = readTiffFrames(new DataView(view.buffer, view.byteOffset + start + 6, end - start - 6), 1)[0];
      if (ifd) {
        exif = ifd.dpi;
        if (ifd.orientation >= 1 && ifd.orientation <= 8) probe.orientation = ifd.orientation;
      }
    }
    pos = end;
  }
  // JFIF's density is the JPEG's own header; EXIF's is what the camera or editor wrote.
  // Most writers keep both equal; when only one is there, it is the one.
  probe.dpi = jfif ?? exif;
}

/* -------------------------------------------------------------------------------- PNG */

function probePng(view: DataView, probe: ImageProbe): void {
  let pos = 8;
  while (pos + 12 <= view.byteLength) {
    const length = view.getUint32(pos);
    const type = ascii(view, pos + 4, 4);
    const data = pos + 8;
    if (data + length > view.byteLength) break;
    if (type === 'IHDR' && length >= 13) {
      const colorType = view.getUint8(data + 9);
      if (colorType === 4 || colorType === 6) probe.alpha = true;
    } else if (type === 'tRNS') {
      probe.alpha = true;
    } else if (type === 'pHYs' && length >= 9) {
      // Unit 1: pixels per metre. Unit 0 gives only the aspect ratio: no resolution.
      if (view.getUint8(data + 8) === 1) probe.dpi = sane(view.getUint32(data) * 0.0254, view.getUint32(data + 4) * 0.0254);
    } else if (type === 'IDAT' || type === 'IEND') {
      break;
    }
    pos = data + length + 4;
  }
}

/* -------------------------------------------------------------------------------- BMP */

function probeBmp(view: DataView, probe: ImageProbe): void {
  const headerSize = view.getUint32(14, true);
  if (headerSize >= 40 && view.byteLength >= 46) {
    probe.dpi = sane(view.getInt32(38, true) * 0.0254, view.getInt32(42, true) * 0.0254);
  }
}

/* ------------------------------------------------------------------------------- TIFF */

interface TiffIfd {
  dpi: Resolution | undefined;
  orientation: number;
}

/** Walks the IFD chain of TIFF data (a TIFF file, or the TIFF block of an EXIF segment). */
function readTiffFrames(view: DataView, limit = MAX_TIFF_FRAMES): TiffIfd[] {
  const order = ascii(view, 0, 2);
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

function ascii(view: DataView, at: number, length: number): string {
  let s = '';
  for (let i = 0; i < length && at + i < view.byteLength; i++) s += String.fromCharCode(view.getUint8(at + i));
  return s;
}
