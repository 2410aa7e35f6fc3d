/**
 * Decoded images ("rasters") and the operations on them: every frame as 8-bit samples in one
 * buffer, frames stacked top to bottom (libvips' multi-page layout, so sharp resizes and crops
 * every frame of an animation in one pass). Decoding is sharp's (libvips) except for BMP;
 * a decoder failure is FILE_DAMAGED, the decompression-bomb limit IMAGE_TOO_MANY_PIXELS.
 */
import sharp, { type Sharp } from 'sharp';
import { CatalogueError, IMAGE_MAX_PIXELS } from '@pagewright/contracts';
import { reasonOf } from '../errors.js';
import { decodeBmp } from './bmp.js';
import { checkPixels, imageMetadata, type ImageHeader } from './probe.js';

export interface Raster {
  /** Frames stacked: `width * height * channels` bytes per frame, rows top to bottom. */
  data: Buffer;
  width: number;
  /** Of one frame. */
  height: number;
  frames: number;
  /** 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA. */
  channels: 1 | 2 | 3 | 4;
  /** Animation timing (milliseconds per frame) and loop count, when the input had them. */
  delay?: number[];
  loop?: number;
}

/** How sharp reads untrusted input: abort on decoder errors and on the pixel limit. */
export function sharpInput(bytes: Uint8Array, pages: number): Sharp {
  return sharp(bytes, { pages, failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, autoOrient: true });
}

/** A decoder's failure as a catalogue error: the pixel limit, or a damaged file. */
export function decodeError(err: unknown): CatalogueError {
  if (err instanceof CatalogueError) return err;
  const reason = reasonOf(err);
  if (/pixel limit/i.test(reason)) return new CatalogueError('IMAGE_TOO_MANY_PIXELS', reason);
  const wrapped = new CatalogueError('FILE_DAMAGED', `cannot decode the image: ${reason}`);
  (wrapped as Error).cause = err;
  return wrapped;
}

function isGrey(channels: number | undefined, space: string | undefined): boolean {
  return channels === 1 || channels === 2 || space === 'b-w' || space === 'grey16';
}

/** sharp keeps one band only when told to; everything else leaves as 8-bit sRGB. */
function raw(pipeline: Sharp, grey: boolean): Sharp {
  return (grey ? pipeline.toColourspace('b-w') : pipeline.toColourspace('srgb')).raw({ depth: 'uchar' });
}

async function rasterOf(pipeline: Sharp, grey: boolean, frames: number): Promise<Raster> {
  const { data, info } = await raw(pipeline, grey).toBuffer({ resolveWithObject: true });
  const height = info.height / frames;
  if (!Number.isInteger(height)) throw new Error(`frames do not divide the height (${info.height} / ${frames})`);
  return { data, width: info.width, height, frames, channels: info.channels as Raster['channels'] };
}

/**
 * Decodes the image: every frame when `allFrames` (GIF, WebP and TIFF frames), else the first.
 * EXIF orientation is applied. TIFF pages of different sizes are placed top-left on the
 * largest page's canvas (transparent around).
 */
export async function decode(bytes: Uint8Array, header: ImageHeader, allFrames: boolean): Promise<Raster> {
  checkPixels(header, allFrames);
  try {
    if (header.format === 'bmp') {
      const image = decodeBmp(bytes);
      return { ...image, frames: 1 };
    }
    const frames = allFrames ? header.frames : 1;
    const sizes = header.frameSizes.slice(0, frames);
    if (header.format === 'tiff' && sizes.some(([w, h]) => w !== sizes[0]![0] || h !== sizes[0]![1])) return await mixedTiff(bytes, sizes);
    const meta = await imageMetadata(bytes);
    const raster = await rasterOf(sharpInput(bytes, frames > 1 ? -1 : 1), isGrey(meta.channels, meta.space), frames);
    if (frames > 1 && meta.delay) raster.delay = meta.delay.slice(0, frames);
    if (frames > 1 && meta.loop !== undefined) raster.loop = meta.loop;
    return raster;
  } catch (err) {
    throw decodeError(err);
  }
}

async function mixedTiff(bytes: Uint8Array, sizes: Array<[number, number]>): Promise<Raster> {
  const width = Math.max(...sizes.map(([w]) => w));
  const height = Math.max(...sizes.map(([, h]) => h));
  const frame = width * height * 4;
  const data = Buffer.alloc(frame * sizes.length); // transparent black
  for (let i = 0; i < sizes.length; i++) {
    const page = await sharp(bytes, { page: i, failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS }).toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const rowBytes = page.info.width * 4;
    for (let y = 0; y < page.info.height; y++) page.data.copy(data, i * frame + y * width * 4, y * rowBytes, (y + 1) * rowBytes);
  }
  return { data, width, height, frames: sizes.length, channels: 4 };
}

/** A sharp pipeline reading the raster (all frames, as a multi-page image). */
export function fromRaster(raster: Raster): Sharp {
  const pipeline = sharp(raster.data, {
    raw: { width: raster.width, height: raster.height * raster.frames, channels: raster.channels, ...(raster.frames > 1 ? { pageHeight: raster.height } : {}) },
  });
  return raster.channels <= 2 ? pipeline.toColourspace('b-w') : pipeline;
}

/** The first frame only. */
export function firstFrame(raster: Raster): Raster {
  if (raster.frames === 1) return raster;
  const { delay: _delay, loop: _loop, ...rest } = raster;
  return { ...rest, frames: 1, data: raster.data.subarray(0, raster.width * raster.height * raster.channels) };
}

/** Frame `index` as a raster of its own. */
export function frameAt(raster: Raster, index: number): Raster {
  const size = raster.width * raster.height * raster.channels;
  const { delay: _delay, loop: _loop, ...rest } = raster;
  return { ...rest, frames: 1, data: raster.data.subarray(index * size, (index + 1) * size) };
}

/** Runs `pipeline` (reading `raster`) back into a raster with the same frame count and timing. */
export async function through(raster: Raster, pipeline: Sharp): Promise<Raster> {
  const out = await rasterOf(pipeline, raster.channels <= 2, raster.frames);
  return withTiming(out, raster);
}

function withTiming(out: Raster, from: Raster): Raster {
  if (from.delay) out.delay = from.delay;
  if (from.loop !== undefined) out.loop = from.loop;
  return out;
}

/**
 * Runs `operation` on every frame. sharp's multi-page operations follow the page height of a
 * decoded file but not that of raw input (they would resize or crop the whole stack), so
 * frames go through one by one.
 */
async function perFrame(raster: Raster, operation: (pipeline: Sharp) => Sharp): Promise<Raster> {
  if (raster.frames === 1) return through(raster, operation(fromRaster(raster)));
  const done: Raster[] = [];
  for (let i = 0; i < raster.frames; i++) {
    const frame = frameAt(raster, i);
    done.push(await through(frame, operation(fromRaster(frame))));
  }
  const first = done[0]!;
  return withTiming({ ...first, frames: raster.frames, data: Buffer.concat(done.map((d) => d.data)) }, raster);
}

export function resizeRaster(raster: Raster, width: number, height: number): Promise<Raster> {
  // Lanczos keeps edges sharp when reducing; sharp uses it for enlarging too.
  return perFrame(raster, (p) => p.resize(width, height, { fit: 'fill', kernel: 'lanczos3' }));
}

export function cropRaster(raster: Raster, box: { x: number; y: number; width: number; height: number }): Promise<Raster> {
  return perFrame(raster, (p) => p.extract({ left: box.x, top: box.y, width: box.width, height: box.height }));
}

/**
 * Turns every frame clockwise by `angle`, then mirrors it. sharp mirrors before it turns, so
 * for a quarter turn the two mirrors trade places.
 */
export function rotateRaster(raster: Raster, angle: 0 | 90 | 180 | 270, flipHorizontal: boolean, flipVertical: boolean): Promise<Raster> {
  const quarter = angle === 90 || angle === 270;
  const [flop, flip] = quarter ? [flipVertical, flipHorizontal] : [flipHorizontal, flipVertical];
  return perFrame(raster, (pipeline) => {
    let p = pipeline;
    if (flip) p = p.flip();
    if (flop) p = p.flop();
    return angle === 0 ? p : p.rotate(angle);
  });
}
