import { copyFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { CatalogueError, messageFor, type ErrorCode } from '@pagewright/contracts';
import { asCatalogueError, reasonOf } from './errors.js';
import { imageMetadata } from './image/probe.js';
import { writeAtomically, writeFileAtomic } from './files.js';
import type { PdfInput } from './merge.js';
import { mupdf, type PDFDocument, type PDFObject } from './mupdf.js';
import { collectImageUses, nameValue, type ImageUse } from './pdf/image-uses.js';
import { openPdfBytes, readInput, type Fail } from './pdf/open.js';
import { saveOptions, savePdf } from './pdf/save.js';
import { halve, ssim, toGrey, type GreyImage } from './pdf/ssim.js';
import { progressReporter, type ProgressFn } from './progress.js';

export type CompressLevelName = 'high' | 'medium' | 'low';
export type CompressOptions = { level: CompressLevelName } | { targetSize: number };

export interface CompressResult {
  inputSize: number;
  outputSize: number;
  /** Nothing could be saved: the output is a copy of the input. */
  unchanged: boolean;
}

/** One setting of the image pass. `lossless` leaves images alone (structure-only savings). */
export interface CompressSetting {
  /** Images displayed above dpi x DOWNSAMPLE_THRESHOLD are resampled to dpi. */
  dpi: number;
  /** JPEG quality (mozjpeg) for photographic images. */
  quality: number;
  /** The JPEG must keep at least this structural similarity to the samples it replaces. */
  minSsim: number;
  lossless?: boolean;
}

/**
 * The named levels. high is the strongest. Tuned with `npm run bench -- compress-pdf`
 * (mean SSIM at 100 dpi against the original, and bytes against Ghostscript /ebook).
 */
export const COMPRESS_LEVELS: Record<CompressLevelName, CompressSetting> = {
  low: { dpi: 220, quality: 85, minSsim: 0.97 },
  medium: { dpi: 150, quality: 70, minSsim: 0.95 },
  high: { dpi: 100, quality: 55, minSsim: 0.93 },
};

/** Settings tried for a target size, from the mildest to the strongest. */
export const COMPRESS_LADDER: CompressSetting[] = [
  { dpi: Infinity, quality: 100, minSsim: 1, lossless: true },
  COMPRESS_LEVELS.low,
  { dpi: 180, quality: 78, minSsim: 0.96 },
  COMPRESS_LEVELS.medium,
  { dpi: 120, quality: 62, minSsim: 0.94 },
  COMPRESS_LEVELS.high,
  { dpi: 72, quality: 45, minSsim: 0.9 },
  { dpi: 50, quality: 35, minSsim: 0.85 },
  { dpi: 36, quality: 25, minSsim: 0.8 },
];

/** Resample only when an image has this much more resolution than the target (as Ghostscript's 1.5). */
const DOWNSAMPLE_THRESHOLD = 1.25;
/** Larger images are left alone: decoding them whole would take too much WebAssembly memory. */
const MAX_IMAGE_PIXELS = 64_000_000;
/** Image streams smaller than this are not worth a re-encode. */
const MIN_IMAGE_BYTES = 2048;
/** A re-encode of a JPEG at the same size must save at least this share to replace it (generation loss). */
const REENCODE_MIN_SAVING = 0.1;
/** Neighbouring samples differing by at most this much (mean per component) differ "slightly". */
const SLIGHT_DIFFERENCE = 16;
/** Photographic: at least this share of neighbours differ slightly (drawings and text: under 0.02). */
const PHOTO_SLIGHT_SHARE = 0.2;
/** ...or many colours and at least this share (a screenshot holding a photograph). */
const MANY_COLOURS = 1024;
const MIXED_SLIGHT_SHARE = 0.08;
/** A JPEG below the fidelity floor is tried once more this much higher, up to the maximum. */
const JPEG_RETRY_STEP = 15;
const JPEG_RETRY_MAX_QUALITY = 92;

const fail: Fail = (code: ErrorCode, reason?: string) =>
  new CatalogueError(code, reason ? `${messageFor(code)} (${reason})` : undefined);

/**
 * Makes the PDF smaller: images displayed above the level's resolution are resampled,
 * photographic images re-encoded as JPEG (mozjpeg), soft masks kept (lossless), unused objects
 * dropped, small objects packed into object streams, embedded fonts subset (not in forms),
 * application-private data (/PieceInfo) and page thumbnails dropped. Text, links, bookmarks,
 * annotations and form fields stay. The output is never larger than the input: when nothing is
 * saved the input is copied and `unchanged` is true. With `targetSize` the mildest setting
 * that reaches the size is used, or the smallest result when none does (an input already
 * under the target only gets the lossless savings). An encrypted input is opened with its
 * password and the output is not encrypted, except when nothing was saved: the copy of the
 * input is then as encrypted as the input.
 */
export async function compressPdf(input: PdfInput, outputPath: string, options: CompressOptions, onProgress?: ProgressFn): Promise<CompressResult> {
  if (!input || typeof input.path !== 'string' || input.path === '') throw fail('INVALID_PARAMS', 'no input file');
  const settings = settingsOf(options);
  const report = progressReporter(onProgress);
  report(0);
  const bytes = await readInput(input.path, fail);
  const inputSize = bytes.byteLength;

  // Analysis once: where every image is drawn. Also checks the file and the password.
  const { doc, pageCount } = openPdfBytes(bytes, input.password, fail);
  let uses: ImageUse[];
  try {
    uses = collectImageUses(doc, pageCount, (done) => report((done / pageCount) * 15));
  } catch (err) {
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    doc.destroy();
  }

  let best: Uint8Array | undefined;
  if ('level' in options) {
    best = await compressPass(bytes, input.password, settings[0]!, uses, (p) => report(15 + p * 0.8));
  } else if (inputSize <= options.targetSize) {
    // Already small enough: only lossless savings.
    best = await compressPass(bytes, input.password, settings[0]!, uses, (p) => report(15 + p * 0.8));
  } else {
    // Binary search for the mildest setting that fits; sizes shrink along the ladder.
    const target = options.targetSize;
    const tried = new Map<number, Uint8Array>();
    const steps = Math.ceil(Math.log2(settings.length + 1)) + 1;
    const attempt = async (index: number): Promise<Uint8Array> => {
      let out = tried.get(index);
      if (!out) {
        const base = 15 + (tried.size / steps) * 80;
        out = await compressPass(bytes, input.password, settings[index]!, uses, (p) => report(base + (p * 0.8) / steps));
        tried.set(index, out);
      }
      return out;
    };
    let lo = 0;
    let hi = settings.length - 1;
    let fit = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((await attempt(mid)).byteLength <= target) {
        fit = mid;
        hi = mid - 1;
      } else {
        lo = mid + 1;
      }
    }
    if (fit >= 0) best = tried.get(fit);
    else {
      await attempt(settings.length - 1);
      for (const out of tried.values()) if (!best || out.byteLength < best.byteLength) best = out;
    }
  }
  report(96);
  if (!best || best.byteLength >= inputSize) {
    await writeAtomically(outputPath, (temp) => copyFile(input.path, temp));
    report(100);
    return { inputSize, outputSize: inputSize, unchanged: true };
  }
  await writeFileAtomic(outputPath, best);
  report(100);
  return { inputSize, outputSize: best.byteLength, unchanged: false };
}

function settingsOf(options: CompressOptions): CompressSetting[] {
  if (options && 'level' in options) {
    const setting = COMPRESS_LEVELS[options.level];
    if (!setting || !Object.hasOwn(COMPRESS_LEVELS, options.level)) throw fail('INVALID_PARAMS', `unknown level '${String(options.level)}'`);
    return [setting];
  }
  if (options && 'targetSize' in options) {
    const size = options.targetSize;
    if (!Number.isFinite(size) || size <= 0) throw fail('INVALID_PARAMS', 'targetSize must be a positive number of bytes');
    return COMPRESS_LADDER;
  }
  throw fail('INVALID_PARAMS', 'compress needs a level or a targetSize');
}

/** One full pass over a fresh copy of the document; returns the saved bytes. */
async function compressPass(bytes: Uint8Array, password: string | undefined, setting: CompressSetting, uses: ImageUse[], progress: (percent: number) => void): Promise<Uint8Array> {
  const { doc } = openPdfBytes(bytes, password, fail);
  try {
    dropPrivateData(doc);
    if (!setting.lossless) {
      for (const [i, use] of uses.entries()) {
        try {
          await recompressImage(doc, use, setting);
        } catch {
          // An image MuPDF or sharp cannot handle stays as it is.
        }
        progress(((i + 1) / uses.length) * 85);
      }
    }
    subsetFonts(doc);
    progress(90);
    try {
      return savePdf(doc, saveOptions.plain);
    } catch (err) {
      throw fail('FILE_DAMAGED', reasonOf(err));
    }
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    doc.destroy();
  }
}

/** /PieceInfo (application-private data, can hold whole earlier versions) and page /Thumb images. */
function dropPrivateData(doc: PDFDocument): void {
  try {
    doc.getTrailer().get('Root').delete('PieceInfo');
    const count = doc.countPages();
    for (let i = 0; i < count; i++) {
      const page = doc.findPage(i);
      page.delete('PieceInfo');
      page.delete('Thumb');
    }
  } catch {
    // Best effort.
  }
}

/** Subsets embedded fonts to the glyphs used, unless the document has form fields (typing needs the whole font). */
function subsetFonts(doc: PDFDocument): void {
  try {
    const fields = doc.getTrailer().get('Root', 'AcroForm', 'Fields');
    if (fields.isArray() && fields.length > 0) return;
    doc.subsetFonts();
  } catch {
    // Fonts MuPDF cannot subset stay whole.
  }
}

function filterNames(obj: PDFObject): string[] {
  const filter = obj.get('Filter');
  if (filter.isName()) return [filter.asName()];
  const names: string[] = [];
  if (filter.isArray()) for (let i = 0; i < filter.length; i++) {
    const name = nameValue(filter.get(i));
    if (name) names.push(name);
  }
  return names;
}

/** The colour space entry to keep for re-encoded samples with `channels` components, if the original fits. */
function keptColorSpace(obj: PDFObject, channels: 1 | 3): PDFObject | undefined {
  const cs = obj.get('ColorSpace');
  const name = cs.isName() ? cs.asName() : cs.isArray() ? nameValue(cs.get(0)) : undefined;
  if (channels === 1 && (name === 'DeviceGray' || name === 'CalGray' || name === 'G')) return cs;
  if (channels === 3 && (name === 'DeviceRGB' || name === 'CalRGB' || name === 'RGB')) return cs;
  if (name === 'ICCBased' && cs.isArray()) {
    const n = cs.get(1).get('N');
    if (n.isNumber() && n.asNumber() === channels) return cs;
  }
  return undefined;
}

/**
 * Photographs and smooth artwork (JPEG is fine) against drawings, text and screenshots (JPEG
 * rings around edges): in photographs many neighbouring pixels differ a little; in drawings
 * they are equal or differ a lot. Sampled over at most 128 rows.
 */
function looksPhotographic(pixels: Uint8Array, width: number, height: number, channels: number): boolean {
  let equal = 0;
  let slight = 0;
  let sharp = 0;
  const colours = new Set<number>();
  const rowStep = Math.max(1, Math.floor(height / 128));
  for (let y = 0; y < height; y += rowStep) {
    const row = y * width * channels;
    for (let x = 1; x < width; x++) {
      const at = row + x * channels;
      let diff = 0;
      for (let c = 0; c < channels; c++) diff += Math.abs(pixels[at + c]! - pixels[at + c - channels]!);
      diff /= channels;
      if (diff === 0) equal++;
      else if (diff <= SLIGHT_DIFFERENCE) slight++;
      else sharp++;
      if (colours.size <= MANY_COLOURS) colours.add(channels === 1 ? pixels[at]! : (pixels[at]! << 16) | (pixels[at + 1]! << 8) | pixels[at + 2]!);
    }
  }
  const total = equal + slight + sharp;
  if (total === 0) return false;
  const share = slight / total;
  return share >= PHOTO_SLIGHT_SHARE || (colours.size > MANY_COLOURS && share >= MIXED_SLIGHT_SHARE);
}

function isGrey(pixels: Uint8Array): boolean {
  for (let i = 0; i + 2 < pixels.length; i += 3) {
    if (pixels[i] !== pixels[i + 1] || pixels[i] !== pixels[i + 2]) return false;
  }
  return true;
}

/**
 * JPEG (mozjpeg, MS-SSIM-tuned quantisation tables) of packed samples, checked against them:
 * the structural similarity (on a half-size view, as a page shows a dense image) must reach
 * the setting's floor; else one more try at a higher quality, else undefined.
 */
async function encodeJpeg(samples: Uint8Array, width: number, height: number, channels: 1 | 3, setting: CompressSetting): Promise<Uint8Array | undefined> {
  const original = toGrey(samples, width, height, channels);
  const view = (image: GreyImage): GreyImage => (image.width >= 64 && image.height >= 64 ? halve(image) : image);
  const reference = view(original);
  for (const quality of [setting.quality, Math.min(JPEG_RETRY_MAX_QUALITY, setting.quality + JPEG_RETRY_STEP)]) {
    let pipeline = sharp(samples, { raw: { width, height, channels } });
    if (channels === 1) pipeline = pipeline.toColourspace('b-w');
    const jpeg = await pipeline.jpeg({ quality, mozjpeg: true, quantisationTable: 2 }).toBuffer();
    if ((await imageMetadata(jpeg)).channels !== channels) return undefined;
    const decoded = await sharp(jpeg).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    if (decoded.info.width !== width || decoded.info.height !== height || decoded.info.channels !== 1) return undefined;
    if (ssim(reference, view({ width, height, grey: decoded.data })) >= setting.minSsim) return jpeg;
    if (quality >= JPEG_RETRY_MAX_QUALITY) break;
  }
  return undefined;
}

/** Copies a pixmap's samples (no alpha) out of the WebAssembly heap, packed rows. */
function samplesOf(pixmap: mupdf.Pixmap): Uint8Array {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const n = pixmap.getNumberOfComponents();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  if (stride === width * n) return Uint8Array.from(pixels);
  const out = new Uint8Array(width * height * n);
  for (let y = 0; y < height; y++) out.set(pixels.subarray(y * stride, y * stride + width * n), y * width * n);
  return out;
}

/**
 * Re-encodes one image XObject when that saves bytes: resampled to the setting's resolution
 * when drawn above it, JPEG for photographic colour or grey images, Flate otherwise and for
 * soft masks. Left alone: stencil masks, colour-key masked images, JPX with a soft mask inside,
 * spot/Lab colour, images with alpha, tiny streams, huge images; and any image whose new
 * encoding would not be smaller (bilevel scans in JBIG2 or CCITT, for instance).
 */
async function recompressImage(doc: PDFDocument, use: ImageUse, setting: CompressSetting): Promise<void> {
  const obj = doc.newIndirect(use.num);
  if (obj.get('ImageMask').isBoolean() && obj.get('ImageMask').asBoolean()) return;
  // A colour-key mask needs exact colours; a soft mask overrides it (ISO 32000 8.9.5.1).
  const colourKey = obj.get('Mask').isArray();
  if (colourKey && !obj.get('SMask').isIndirect()) return;
  const smaskInData = obj.get('SMaskInData');
  if (smaskInData.isNumber() && smaskInData.asNumber() !== 0) return;
  if (use.softMask && obj.get('Matte').isArray()) return;
  const rawLength = (() => {
    const raw = obj.readRawStream();
    try {
      return raw.getLength();
    } finally {
      raw.destroy();
    }
  })();
  if (rawLength < MIN_IMAGE_BYTES) return;
  const filters = filterNames(obj);
  const wasLossy = filters.includes('DCTDecode') || filters.includes('JPXDecode');

  const declaredWidth = obj.get('Width');
  const declaredHeight = obj.get('Height');
  if (!declaredWidth.isNumber() || !declaredHeight.isNumber() || declaredWidth.asNumber() * declaredHeight.asNumber() > MAX_IMAGE_PIXELS) return;
  const image = doc.loadImage(obj);
  let pixmap: mupdf.Pixmap | undefined;
  let width: number;
  let height: number;
  let channels: number;
  let samples: Uint8Array;
  try {
    pixmap = image.toPixmap();
    if (pixmap.getAlpha()) return;
    const type = pixmap.getColorSpace()?.getType();
    if (type === 'CMYK') {
      const rgb = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
      pixmap.destroy();
      pixmap = rgb;
    } else if (type !== 'Gray' && type !== 'RGB') {
      return;
    }
    width = pixmap.getWidth();
    height = pixmap.getHeight();
    channels = pixmap.getNumberOfComponents();
    if (channels !== 1 && channels !== 3) return;
    samples = samplesOf(pixmap);
  } finally {
    pixmap?.destroy();
    image.destroy();
  }
  if (use.softMask && channels !== 1) return;

  // Pixels the largest use needs at the target resolution; resample when well above.
  const scale = Math.min(1, Math.max((use.widthIn * setting.dpi) / width, (use.heightIn * setting.dpi) / height));
  const resample = scale * DOWNSAMPLE_THRESHOLD < 1;
  const newWidth = resample ? Math.max(1, Math.round(width * scale)) : width;
  const newHeight = resample ? Math.max(1, Math.round(height * scale)) : height;

  let outChannels: 1 | 3 = channels === 1 ? 1 : 3;
  if (outChannels === 3 && isGrey(samples)) {
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = samples[i * 3]!;
    samples = grey;
    outChannels = 1;
  }
  const lossy = !use.softMask && (wasLossy || looksPhotographic(samples, width, height, outChannels));
  if (!resample && !lossy) return; // Flate of the same samples would hardly beat the original.

  // Resampled samples first: the JPEG is checked against them.
  let source = samples;
  if (resample) {
    let pipeline = sharp(samples, { raw: { width, height, channels: outChannels } })
      .resize(newWidth, newHeight, { fit: 'fill', kernel: lossy ? 'lanczos3' : 'mitchell' });
    // sharp turns one band into sRGB unless told to keep it.
    if (outChannels === 1) pipeline = pipeline.toColourspace('b-w');
    const raw = await pipeline.raw().toBuffer({ resolveWithObject: true });
    if (raw.info.channels !== outChannels || raw.info.width !== newWidth || raw.info.height !== newHeight) return;
    source = raw.data;
  }
  let encoded: Uint8Array | undefined;
  let filter = 'FlateDecode';
  if (lossy) {
    encoded = await encodeJpeg(source, newWidth, newHeight, outChannels, setting);
    if (encoded) filter = 'DCTDecode';
  }
  // Drawings, soft masks and photos JPEG would spoil: Flate of the resampled samples.
  if (!encoded && resample) encoded = deflateSync(source, { level: 9 });
  if (!encoded) return;
  const needed = resample ? rawLength : rawLength * (wasLossy ? 1 - REENCODE_MIN_SAVING : 1);
  if (encoded.byteLength >= needed) return;

  const colorSpace = keptColorSpace(obj, outChannels) ?? doc.newName(outChannels === 1 ? 'DeviceGray' : 'DeviceRGB');
  obj.writeRawStream(encoded);
  obj.put('Filter', doc.newName(filter));
  obj.delete('DecodeParms');
  obj.delete('Decode');
  obj.delete('SMaskInData');
  if (colourKey) obj.delete('Mask');
  obj.put('Width', newWidth);
  obj.put('Height', newHeight);
  obj.put('BitsPerComponent', 8);
  obj.put('ColorSpace', colorSpace);
}
