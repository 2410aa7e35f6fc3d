/**
 * The image tools (image-converter, image-to-others, image-resizer, image-compressor,
 * rotate-image, crop-image): one input image, one output file, one operation.
 */
import { readFile, stat } from 'node:fs/promises';
import {
  CatalogueError,
  IMAGE_MAX_PIXELS,
  icoSizes as ICO_SIZES,
  imageModes,
  imageSizeLimit,
  imageTargetFormats,
  type CompressLevel,
  type ImageMode,
  type ImageTargetFormat,
} from '@pagewright/contracts';
import { reasonOf } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { mupdf } from '../mupdf.js';
import { compressImage } from './compress.js';
import { MULTI_FRAME_FORMATS, checkSides, encodeRaster, type EncodeContext } from './encode.js';
import { imageMetadata, probeImageHeader, readDeclaredFacts, readImageHeader, type ImageHeader } from './probe.js';
import { readIco } from './ico.js';
import { cropRaster, decode, resizeRaster, rotateRaster, type Raster } from './raster.js';

export interface ImageProcessOptions {
  mode: ImageMode;
  /** converter: the output format (default png); the other modes keep the input's format. */
  targetFormat?: ImageTargetFormat;
  /** converter to ico: sides of the entries (16 32 48 64 128 256), several in one file; default 16. */
  icoSizes?: number[];
  /** resize: the same percentage for width and height... */
  resizePercentage?: number;
  /** ...or pixels; with only one of them the aspect ratio is kept. */
  width?: number;
  height?: number;
  /** crop: pixels from the top-left corner of the image as displayed; at least 50 a side. */
  crop?: { x: number; y: number; width: number; height: number };
  /** rotate: clockwise, then the flips. */
  angle?: 0 | 90 | 180 | 270;
  flipHorizontal?: boolean;
  flipVertical?: boolean;
  /** compress: 'high' compresses most (default medium); keepMetadata keeps EXIF and ICC. */
  level?: CompressLevel;
  keepMetadata?: boolean;
  /** Animated GIF / WebP and multi-page TIFF: every frame (default) or the first. */
  frames?: 'all' | 'first';
}

export interface ImageFacts {
  /** One of the target formats: jpg png bmp gif tiff webp ico pdf. */
  format: string;
  /** Pixels (of the first frame; of the largest ICO entry; of the first PDF page's image). */
  width: number;
  height: number;
  /** Frames (animation, TIFF pages), ICO entries or PDF pages. */
  frames: number;
  bytes: number;
}

/** The smallest crop box side, and the largest resize side (the request schema's bounds). */
export const IMAGE_CROP_MIN = 50;
export const IMAGE_RESIZE_MAX_SIDE = 20_000;
export const IMAGE_RESIZE_MAX_PERCENT = 1000;

interface Checked {
  mode: ImageMode;
  targetFormat: ImageTargetFormat | undefined;
  icoSizes: number[];
  resize: { percentage: number } | { width?: number; height?: number } | undefined;
  crop: { x: number; y: number; width: number; height: number } | undefined;
  angle: 0 | 90 | 180 | 270;
  flipHorizontal: boolean;
  flipVertical: boolean;
  level: CompressLevel;
  keepMetadata: boolean;
  frames: 'all' | 'first';
}

function invalid(reason: string): CatalogueError {
  return new CatalogueError('INVALID_PARAMS', reason);
}

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Checks the options of `mode`; INVALID_PARAMS naming the first bad one. */
export function checkImageOptions(options: ImageProcessOptions): Checked {
  if (!options || typeof options !== 'object') throw invalid('missing options');
  const { mode } = options;
  if (!imageModes.includes(mode)) throw invalid(`mode must be one of ${imageModes.join(', ')}, got ${String(mode)}`);
  const checked: Checked = {
    mode,
    targetFormat: undefined,
    icoSizes: [16],
    resize: undefined,
    crop: undefined,
    angle: 0,
    flipHorizontal: options.flipHorizontal === true,
    flipVertical: options.flipVertical === true,
    level: options.level ?? 'medium',
    keepMetadata: options.keepMetadata === true,
    frames: options.frames ?? 'all',
  };
  if (checked.frames !== 'all' && checked.frames !== 'first') throw invalid(`frames must be all or first, got ${String(options.frames)}`);
  if (mode === 'converter') {
    const target = options.targetFormat ?? 'png';
    if (!imageTargetFormats.includes(target)) throw invalid(`target format must be one of ${imageTargetFormats.join(', ')}, got ${String(target)}`);
    checked.targetFormat = target;
    if (options.icoSizes !== undefined) {
      if (!Array.isArray(options.icoSizes) || options.icoSizes.length === 0) throw invalid('icoSizes must list at least one size');
      for (const size of options.icoSizes) {
        if (!(ICO_SIZES as readonly number[]).includes(size)) throw invalid(`ICO sizes are ${ICO_SIZES.join(', ')}, got ${String(size)}`);
      }
      checked.icoSizes = [...new Set(options.icoSizes)].sort((a, b) => a - b);
    }
  } else if (mode === 'resize') {
    const { resizePercentage: percentage, width, height } = options;
    if (percentage !== undefined) {
      if (width !== undefined || height !== undefined) throw invalid('give a percentage or a width/height, not both');
      if (typeof percentage !== 'number' || !(percentage > 0 && percentage <= IMAGE_RESIZE_MAX_PERCENT)) throw invalid(`percentage must be above 0 and at most ${IMAGE_RESIZE_MAX_PERCENT}, got ${String(percentage)}`);
      checked.resize = { percentage };
    } else {
      if (width === undefined && height === undefined) throw invalid('resize needs a percentage, a width or a height');
      for (const [name, value] of [['width', width], ['height', height]] as const) {
        if (value !== undefined && !(isWhole(value) && value >= 1 && value <= IMAGE_RESIZE_MAX_SIDE)) throw invalid(`${name} must be a whole number of pixels 1..${IMAGE_RESIZE_MAX_SIDE}, got ${String(value)}`);
      }
      checked.resize = { ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) };
    }
  } else if (mode === 'crop') {
    const box = options.crop;
    if (!box || typeof box !== 'object') throw invalid('crop needs a box (x, y, width, height)');
    const { x, y, width, height } = box;
    if (!isWhole(x) || !isWhole(y) || x < 0 || y < 0) throw invalid(`the crop box's x and y must be whole numbers >= 0, got ${String(x)}, ${String(y)}`);
    if (!isWhole(width) || !isWhole(height) || width < IMAGE_CROP_MIN || height < IMAGE_CROP_MIN) throw invalid(`the crop box must be at least ${IMAGE_CROP_MIN} x ${IMAGE_CROP_MIN} pixels, got ${String(width)} x ${String(height)}`);
    checked.crop = { x, y, width, height };
  } else if (mode === 'rotate') {
    const angle = options.angle ?? 0;
    if (angle !== 0 && angle !== 90 && angle !== 180 && angle !== 270) throw invalid(`angle must be 0, 90, 180 or 270, got ${String(angle)}`);
    checked.angle = angle;
  } else if (mode === 'compress') {
    if (checked.level !== 'high' && checked.level !== 'medium' && checked.level !== 'low') throw invalid(`level must be high, medium or low, got ${String(checked.level)}`);
  }
  return checked;
}

/** The output file's extension: the target format for converter, else the input's own. */
export function imageOutputExtension(inputExtension: string, options: ImageProcessOptions): string {
  if (options.mode === 'converter') return options.targetFormat ?? 'png';
  return inputExtension.replace(/^\./, '').toLowerCase();
}

/** Reads the input: missing -> INVALID_PARAMS, above 20 MB -> IMAGE_TOO_LARGE. */
async function readImage(path: string): Promise<Uint8Array> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw invalid('the input is not a file');
    size = info.size;
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw invalid('file not found');
    throw new CatalogueError('UNKNOWN', `cannot read input: ${reasonOf(err)}`);
  }
  if (size > imageSizeLimit) throw new CatalogueError('IMAGE_TOO_LARGE', `${size} bytes is more than ${imageSizeLimit}`);
  try {
    return await readFile(path);
  } catch (err) {
    throw new CatalogueError('UNKNOWN', `cannot read input: ${reasonOf(err)}`);
  }
}

/**
 * Header-only probe (never decodes pixels): the format, size of the first frame as displayed
 * (EXIF / TIFF orientation applied), frame count and file size. 3102 for anything but JPG, PNG, BMP,
 * GIF, TIFF, WebP; IMAGE_TOO_LARGE above 20 MB; IMAGE_TOO_MANY_PIXELS when a frame declares
 * more than IMAGE_MAX_PIXELS; FILE_DAMAGED for a truncated or inconsistent file.
 */
export async function probeImage(inputPath: string): Promise<ImageFacts> {
  const bytes = await readImage(inputPath);
  const header = probeImageHeader(bytes);
  // As displayed: the tools apply the orientation, and crop boxes are given in these pixels.
  const turned = header.orientation >= 5;
  return { format: header.format, width: turned ? header.height : header.width, height: turned ? header.width : header.height, frames: header.frames, bytes: bytes.length };
}

/** Share of the progress bar at each step. */
const READ_DONE = 10;
const DECODE_DONE = 40;
const OPERATION_DONE = 60;
const ENCODE_DONE = 95;

/**
 * Runs one operation on the image at `inputPath` and writes `outputPath` (through a temporary
 * file; nothing is left on failure). Returns the facts of the written file, read back from its
 * bytes. Errors (CatalogueError): bad options or a crop box outside the image ->
 * INVALID_PARAMS; the errors of `probeImage`; a decoder failure -> FILE_DAMAGED; a result
 * above IMAGE_MAX_PIXELS -> IMAGE_TOO_MANY_PIXELS.
 */
export async function processImage(inputPath: string, outputPath: string, options: ImageProcessOptions, onProgress?: ProgressFn): Promise<ImageFacts> {
  const opts = checkImageOptions(options);
  const report = progressReporter(onProgress);
  report(0);
  const bytes = await readImage(inputPath);
  const header = probeImageHeader(bytes);
  report(READ_DONE);
  const format: ImageTargetFormat = opts.targetFormat ?? header.format;
  const allFrames = opts.frames === 'all' && MULTI_FRAME_FORMATS.has(format);

  let output: Uint8Array;
  if (opts.mode === 'compress') {
    const compressed = await compressImage(bytes, header, { level: opts.level, keepMetadata: opts.keepMetadata, allFrames });
    report(ENCODE_DONE);
    // Never larger than the input: keep the input's bytes, unless frames must be dropped.
    const mustChange = !allFrames && header.frames > 1;
    output = compressed && (compressed.length < bytes.length || mustChange) ? compressed : bytes;
  } else {
    let raster = await decode(bytes, header, allFrames);
    report(DECODE_DONE);
    raster = await operate(raster, opts);
    report(OPERATION_DONE);
    output = await encodeRaster(raster, format, await encodeContext(bytes, header, opts, raster));
    report(ENCODE_DONE);
  }
  const facts = factsOf(output, format);
  await writeFileAtomic(outputPath, output);
  report(100);
  return facts;
}

async function operate(raster: Raster, opts: Checked): Promise<Raster> {
  try {
    if (opts.resize) {
      const [width, height] = resizeTarget(raster, opts.resize);
      if (width * height * raster.frames > IMAGE_MAX_PIXELS) throw new CatalogueError('IMAGE_TOO_MANY_PIXELS', `resizing to ${width} x ${height} gives more than ${IMAGE_MAX_PIXELS} pixels`);
      return width === raster.width && height === raster.height ? raster : await resizeRaster(raster, width, height);
    }
    if (opts.crop) {
      const { x, y, width, height } = opts.crop;
      if (x + width > raster.width || y + height > raster.height) {
        throw invalid(`the crop box ${x},${y} ${width} x ${height} does not lie inside the ${raster.width} x ${raster.height} image`);
      }
      return await cropRaster(raster, opts.crop);
    }
    if (opts.mode === 'rotate' && (opts.angle !== 0 || opts.flipHorizontal || opts.flipVertical)) {
      return await rotateRaster(raster, opts.angle, opts.flipHorizontal, opts.flipVertical);
    }
    return raster;
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw new CatalogueError('UNKNOWN', `image operation failed: ${reasonOf(err)}`);
  }
}

/** Target pixels: a percentage of both sides, or the given sides (one alone keeps the aspect). */
function resizeTarget(raster: Raster, resize: NonNullable<Checked['resize']>): [number, number] {
  const scaled = (side: number, factor: number): number => Math.max(1, Math.round(side * factor));
  if ('percentage' in resize) return [scaled(raster.width, resize.percentage / 100), scaled(raster.height, resize.percentage / 100)];
  const { width, height } = resize;
  if (width !== undefined && height !== undefined) return [width, height];
  if (width !== undefined) return [width, scaled(raster.height, width / raster.width)];
  return [scaled(raster.width, height! / raster.height), height!];
}

async function encodeContext(bytes: Uint8Array, header: ImageHeader, opts: Checked, raster: Raster): Promise<EncodeContext> {
  const lossySource = header.format === 'jpg' || (header.format === 'webp' && !header.lossless);
  let dpi = readDeclaredFacts(bytes, header.format).dpi?.x;
  if (dpi === undefined && header.format !== 'bmp') dpi = (await imageMetadata(bytes).catch(() => undefined))?.density;
  // A resize changes the pixels, not the printed size: the resolution follows.
  if (dpi !== undefined && opts.resize && 'percentage' in opts.resize) dpi = (dpi * opts.resize.percentage) / 100;
  return {
    lossySource,
    bilevelSource: header.format === 'tiff' && header.bitsPerSample === 1,
    icoSizes: opts.icoSizes,
    ...(dpi !== undefined ? { dpi } : {}),
    // An unchanged JPEG goes into a PDF as it is (no recompression; EXIF orientation by the page's matrix).
    ...(opts.mode === 'converter' && header.format === 'jpg' && raster.frames === 1 ? { embedAsIs: bytes } : {}),
  };
}

/** The facts of an output, read from its bytes. */
function factsOf(output: Uint8Array, format: ImageTargetFormat): ImageFacts {
  if (format === 'ico') {
    const entries = readIco(output) ?? [];
    const largest = Math.max(...entries.map((e) => e.width));
    const entry = entries.find((e) => e.width === largest);
    return { format, width: entry?.width ?? 0, height: entry?.height ?? 0, frames: entries.length, bytes: output.length };
  }
  if (format === 'pdf') {
    const doc = mupdf.Document.openDocument(output, 'application/pdf');
    try {
      const frames = doc.countPages();
      let width = 0;
      let height = 0;
      const page = doc.loadPage(0);
      try {
        const device = new mupdf.Device({
          fillImage(image) {
            if (width === 0) {
              width = image.getWidth();
              height = image.getHeight();
            }
          },
        });
        try {
          page.run(device, mupdf.Matrix.identity);
          device.close();
        } finally {
          device.destroy();
        }
      } finally {
        page.destroy();
      }
      return { format, width, height, frames, bytes: output.length };
    } finally {
      doc.destroy();
    }
  }
  const header = readImageHeader(output);
  checkSides(header.width, header.height, format);
  // A compressed file copied through may still carry an EXIF turn: report it as displayed.
  const turned = header.orientation >= 5;
  return { format: header.format, width: turned ? header.height : header.width, height: turned ? header.width : header.height, frames: header.frames, bytes: output.length };
}
