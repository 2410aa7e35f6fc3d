/**
 * PDF to raster images: every page rendered by MuPDF at the chosen resolution, encoded as JPEG,
 * PNG, GIF or TIFF by sharp, or as 24-bit BMP by the engine's own encoder (sharp cannot write
 * BMP). One page gives one image file; more pages give a zip of `<name>-<n>.<ext>`.
 */
import { basename, extname } from 'node:path';
import sharp from 'sharp';
import { CatalogueError } from '@pagewright/contracts';
import { writeFileAtomic } from '../files.js';
import { encodeBmp } from '../image/bmp.js';
import type { PdfInput } from '../merge.js';
import { mupdf } from '../mupdf.js';
import { openInput } from '../pdf/single.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { writeZip } from '../zip.js';
import { pageFailure } from './positional.js';

export type PageImageFormat = 'jpg' | 'png' | 'bmp' | 'gif' | 'tiff';

export const PAGE_IMAGE_DEFAULT_DPI = 150;
export const PAGE_IMAGE_MIN_DPI = 36;
export const PAGE_IMAGE_MAX_DPI = 600;
/**
 * Pixels of one rendered page at most: a poster-sized page at 600 dpi would need gigabytes,
 * so such a page is rendered at the highest resolution that fits (A0 at 300 dpi still fits).
 */
export const PAGE_IMAGE_MAX_PIXELS = 160_000_000;
/** JPEG quality of rendered pages: text edges stay clean. */
const JPEG_QUALITY = 90;

export interface PdfToImagesOptions {
  format: PageImageFormat;
  dpi?: number;
  /** The entry names' stem in a zip (default: the output file's name without extension; a .pdf extension is dropped). */
  name?: string;
}

/** A file name stem without path separators, control or reserved characters. */
export function safeStem(name: string): string {
  const cleaned = name.normalize('NFC').replace(/[^\p{L}\p{N} ._()-]/gu, '_').replace(/^[.\s]+/, '').trim().slice(0, 100);
  return cleaned === '' ? 'page' : cleaned;
}

export function checkDpi(dpi: number | undefined): number {
  const value = dpi ?? PAGE_IMAGE_DEFAULT_DPI;
  if (!Number.isFinite(value) || value < PAGE_IMAGE_MIN_DPI || value > PAGE_IMAGE_MAX_DPI) {
    throw new CatalogueError('INVALID_PARAMS', `dpi must be ${PAGE_IMAGE_MIN_DPI}..${PAGE_IMAGE_MAX_DPI}, got ${String(dpi)}`);
  }
  return value;
}

async function encodePage(rgb: Buffer, width: number, height: number, format: PageImageFormat, dpi: number): Promise<Uint8Array> {
  if (format === 'bmp') return encodeBmp({ width, height, channels: 3, data: rgb }, dpi);
  const image = sharp(rgb, { raw: { width, height, channels: 3 }, limitInputPixels: false }).withMetadata({ density: dpi });
  switch (format) {
    case 'jpg':
      return image.jpeg({ quality: JPEG_QUALITY }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'tiff':
      return image.tiff({ compression: 'lzw', predictor: 'horizontal', xres: dpi / 25.4, yres: dpi / 25.4 }).toBuffer();
  }
}

/**
 * Renders every page (as displayed: rotation and crop box applied, annotations drawn) at `dpi`
 * (default 150, 36..600, else INVALID_PARAMS) on white. Returns the written file's extension:
 * the format for a one-page document, 'zip' otherwise. Open errors as in every PDF tool.
 */
export async function pdfToImages(input: PdfInput, outputPath: string, options: PdfToImagesOptions, onProgress?: ProgressFn): Promise<{ extension: string; pages: number }> {
  const format = options.format;
  if (!['jpg', 'png', 'bmp', 'gif', 'tiff'].includes(format)) throw new CatalogueError('INVALID_PARAMS', `unknown image format '${String(format)}'`);
  const dpi = checkDpi(options.dpi);
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  try {
    const render = async (index: number): Promise<Uint8Array> => {
      let rgb: Buffer;
      let width: number;
      let height: number;
      let pageDpi = dpi;
      try {
        const page = doc.loadPage(index);
        try {
          const bounds = page.getBounds();
          const area = ((bounds[2] - bounds[0]) / 72) * ((bounds[3] - bounds[1]) / 72);
          if (area * pageDpi * pageDpi > PAGE_IMAGE_MAX_PIXELS) pageDpi = Math.floor(Math.sqrt(PAGE_IMAGE_MAX_PIXELS / area));
          const scale = pageDpi / 72;
          const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
          try {
            width = pixmap.getWidth();
            height = pixmap.getHeight();
            const stride = pixmap.getStride();
            const pixels = pixmap.getPixels();
            rgb = Buffer.alloc(width * height * 3);
            const row = width * 3;
            if (stride === row) rgb.set(pixels.subarray(0, row * height));
            else for (let y = 0; y < height; y++) rgb.set(pixels.subarray(y * stride, y * stride + row), y * row);
          } finally {
            pixmap.destroy();
          }
        } finally {
          page.destroy();
        }
      } catch (err) {
        throw pageFailure(index + 1, err);
      }
      try {
        return await encodePage(rgb, width, height, format, pageDpi);
      } catch (err) {
        throw new CatalogueError('UNKNOWN', `page ${index + 1}: cannot encode ${format}: ${err instanceof Error ? err.message : String(err)}`);
      }
    };
    if (pageCount === 1) {
      const data = await render(0);
      report(95);
      await writeFileAtomic(outputPath, data);
      report(100);
      return { extension: format, pages: 1 };
    }
    const stem = safeStem((options.name ?? basename(outputPath, extname(outputPath))).replace(/\.pdf$/i, ''));
    await writeZip(outputPath, async (add) => {
      for (let i = 0; i < pageCount; i++) {
        const data = await render(i);
        // BMP and uncompressed TIFF shrink a lot in the zip; the others are compressed already.
        await add(`${stem}-${i + 1}.${format}`, data, format === 'bmp');
        report(((i + 1) / pageCount) * 98);
      }
    });
    report(100);
    return { extension: 'zip', pages: pageCount };
  } finally {
    doc.destroy();
  }
}
