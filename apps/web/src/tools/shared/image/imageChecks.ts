/**
 * What the image pages work out in the browser before anything is sent: the 20 MB limit
 * (SPEC §5, checked before upload), the batch recommendation, animated frames, and the
 * arithmetic of the resize and crop fields.
 */
import { IMAGE_BATCH_RECOMMENDED, imageSizeLimit, type ImageTargetFormat } from '@pagewright/contracts';

/** Files above the image limit are removed before they upload. */
export function isTooLarge(size: number): boolean {
  return size > imageSizeLimit;
}

export function overBatchRecommendation(count: number): boolean {
  return count > IMAGE_BATCH_RECOMMENDED;
}

/**
 * How many frames an animated GIF or WebP holds, read from its blocks (1 for a still image
 * or another format). GIF: image descriptors after walking extension and data sub-blocks;
 * WebP: ANMF chunks.
 */
export function frameCount(bytes: Uint8Array): number {
  const ascii = (at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return gifFrames(bytes);
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return webpFrames(bytes);
  return 1;
}

function gifFrames(b: Uint8Array): number {
  let i = 13;
  const flags = b[10] ?? 0;
  if (flags & 0x80) i += 3 * (1 << ((flags & 0x07) + 1));
  const skipSubBlocks = () => {
    while (i < b.length) {
      const size = b[i] ?? 0;
      i += 1;
      if (size === 0) return;
      i += size;
    }
  };
  let frames = 0;
  while (i < b.length) {
    const block = b[i];
    if (block === 0x3b) break;
    if (block === 0x21) {
      i += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      const local = b[i + 9] ?? 0;
      i += 10;
      if (local & 0x80) i += 3 * (1 << ((local & 0x07) + 1));
      i += 1; // LZW minimum code size
      skipSubBlocks();
    } else {
      break;
    }
  }
  return Math.max(1, frames);
}

function webpFrames(b: Uint8Array): number {
  let frames = 0;
  let i = 12;
  while (i + 8 <= b.length) {
    const id = String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
    const size = (b[i + 4]! | (b[i + 5]! << 8) | (b[i + 6]! << 16) | (b[i + 7]! << 24)) >>> 0;
    if (id === 'ANMF') frames += 1;
    i += 8 + size + (size % 2);
  }
  return Math.max(1, frames);
}

/** Target formats that can hold every frame of an animation (a PDF and a TIFF as pages). */
const MULTI_FRAME_TARGETS: ReadonlySet<ImageTargetFormat> = new Set(['gif', 'webp', 'tiff', 'pdf']);

export function keepsAllFrames(target: ImageTargetFormat): boolean {
  return MULTI_FRAME_TARGETS.has(target);
}

/** With the aspect lock on, the other side follows the one typed, from the image's own ratio. */
export function lockedSide(value: number, from: number, to: number): number {
  if (from <= 0) return value;
  return Math.max(1, Math.round((value * to) / from));
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** SPEC §3, §9: a crop box is at least 50 pixels wide and high. */
export const MIN_CROP = 50;

export type CropProblem = 'tooSmall' | 'outside' | null;

/** Why a crop box cannot be sent, for an image of `image` pixels; null when it can. */
export function cropProblem(box: CropBox, image: { width: number; height: number } | null): CropProblem {
  if (box.width < MIN_CROP || box.height < MIN_CROP) return 'tooSmall';
  if (box.x < 0 || box.y < 0) return 'outside';
  if (image && (box.x + box.width > image.width || box.y + box.height > image.height)) return 'outside';
  return null;
}

/** The box a new image starts with: the whole image, or its centre 80 % when that is still 50 pixels. */
export function initialCrop(image: { width: number; height: number }): CropBox {
  const width = Math.max(Math.min(image.width, MIN_CROP), Math.round(image.width * 0.8));
  const height = Math.max(Math.min(image.height, MIN_CROP), Math.round(image.height * 0.8));
  return { x: Math.round((image.width - width) / 2), y: Math.round((image.height - height) / 2), width, height };
}

/** Saving of a compression run, from the sizes the tasks reported. */
export function saving(input: number, output: number): { percent: number; saved: number } {
  if (input <= 0 || output >= input) return { percent: 0, saved: 0 };
  return { percent: Math.round(((input - output) / input) * 100), saved: input - output };
}

export type RotateAngle = 0 | 90 | 180 | 270;

/**
 * The preview of a turn then flips, as CSS: the rightmost function applies first, so the
 * rotation comes last in the list and the flips act on the turned image.
 */
export function previewTransform(angle: RotateAngle, flipHorizontal: boolean, flipVertical: boolean): string {
  return `scale(${flipHorizontal ? -1 : 1}, ${flipVertical ? -1 : 1}) rotate(${angle}deg)`;
}
