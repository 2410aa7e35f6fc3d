/**
 * Structural similarity (Wang et al. 2004) of grey images over 8x8 windows moved by 4
 * samples: the fidelity check of lossy image re-encoding.
 */
import { mupdf } from '../mupdf.js';

export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
}

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
const WINDOW = 8;
const STEP = 4;

/** Mean SSIM; 1 for images too small for one window. Sizes must match. */
export function ssim(a: GreyImage, b: GreyImage): number {
  const { width, height } = a;
  if (b.width !== width || b.height !== height) throw new Error('ssim: sizes differ');
  const n = WINDOW * WINDOW;
  let sum = 0;
  let windows = 0;
  for (let y = 0; y + WINDOW <= height; y += STEP) {
    for (let x = 0; x + WINDOW <= width; x += STEP) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let j = 0; j < WINDOW; j++) {
        const row = (y + j) * width + x;
        for (let i = 0; i < WINDOW; i++) {
          const va = a.grey[row + i]!;
          const vb = b.grey[row + i]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      sum += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      windows++;
    }
  }
  return windows ? sum / windows : 1;
}

/** Luma (Rec. 601) of packed grey or RGB samples. */
export function toGrey(samples: Uint8Array, width: number, height: number, channels: number): GreyImage {
  if (channels === 1) return { width, height, grey: samples };
  const grey = new Uint8Array(width * height);
  for (let i = 0, at = 0; i < grey.length; i++, at += channels) {
    grey[i] = (samples[at]! * 299 + samples[at + 1]! * 587 + samples[at + 2]! * 114 + 500) / 1000;
  }
  return { width, height, grey };
}

/** Halves both sides by averaging 2x2 blocks (what a viewer shows of a dense image). */
export function halve(image: GreyImage): GreyImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const grey = new Uint8Array(width * height);
  const src = image.grey;
  for (let y = 0; y < height; y++) {
    const top = 2 * y * image.width;
    const bottom = top + image.width;
    for (let x = 0; x < width; x++) {
      const at = 2 * x;
      grey[y * width + x] = (src[top + at]! + src[top + at + 1]! + src[bottom + at]! + src[bottom + at + 1]! + 2) >> 2;
    }
  }
  return { width, height, grey };
}

/** Grey renders of a document's pages (the first `maxPages`) at `dpi`, for SSIM comparisons. */
export function greyPages(doc: mupdf.Document, dpi: number, maxPages = Infinity): GreyImage[] {
  const pages: GreyImage[] = [];
  const matrix = mupdf.Matrix.scale(dpi / 72, dpi / 72);
  for (let i = 0; i < Math.min(doc.countPages(), maxPages); i++) {
    const page = doc.loadPage(i);
    const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceGray, false, true);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const raw = pixmap.getPixels();
    const grey = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) grey.set(raw.subarray(y * stride, y * stride + width), y * width);
    pages.push({ width, height, grey });
    pixmap.destroy();
    page.destroy();
  }
  return pages;
}
