import { stat } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { mupdf } from './mupdf.js';
import { InputError, asCatalogueError } from './errors.js';
import { writeFileAtomic } from './files.js';
import { progressReporter, type ProgressFn } from './progress.js';
import { readInput, type Fail } from './pdf/open.js';
import { saveOptions, savePdf } from './pdf/save.js';
import { addFramePage, embedImageFile, moveInfoToTrailer, placeFrame, type PageLayout } from './imagepdf/embed.js';

export type { PageLayout } from './imagepdf/embed.js';

/** Share of the progress bar spent on reading and embedding; the rest is saving. */
const EMBED_SHARE = 90;

/** Checks the layout options; INVALID_PARAMS when one is out of range. */
export function validateLayout(options: PageLayout): PageLayout {
  if (!options || typeof options !== 'object') throw new CatalogueError('INVALID_PARAMS', 'missing options');
  const { pageSize, orientation, margin } = options;
  if (pageSize !== 'fit' && pageSize !== 'A4' && pageSize !== 'letter') throw new CatalogueError('INVALID_PARAMS', `page size must be fit, A4 or letter, got ${String(pageSize)}`);
  if (orientation !== 'auto' && orientation !== 'portrait' && orientation !== 'landscape') {
    throw new CatalogueError('INVALID_PARAMS', `orientation must be auto, portrait or landscape, got ${String(orientation)}`);
  }
  // 144 points (2 inches) is the request schema's bound; A4 and letter keep 300+ points inside.
  if (typeof margin !== 'number' || !Number.isFinite(margin) || margin < 0 || margin > 144) {
    throw new CatalogueError('INVALID_PARAMS', `margin must be 0..144 points, got ${String(margin)}`);
  }
  return { pageSize, orientation, margin };
}

/**
 * One PDF page per image (per frame of a multi-page TIFF, the first frame of a GIF), in input
 * order, at `outputPath`. JPEGs are embedded without recompression (the DCT stream is copied
 * as it is; EXIF orientation is applied by the placement matrix), other formats losslessly
 * (Flate, alpha as a soft mask). See `placeFrame` for the page sizes. Errors: no input or bad
 * options -> INVALID_PARAMS; a file that is not a JPG/PNG/BMP/GIF/TIFF image -> 3102; an image
 * MuPDF cannot decode -> FILE_DAMAGED (both as InputError naming the input).
 */
export async function imagesToPdf(inputs: string[], outputPath: string, options: PageLayout, onProgress?: ProgressFn): Promise<{ pages: number }> {
  if (!Array.isArray(inputs) || inputs.length === 0) throw new CatalogueError('INVALID_PARAMS', 'images-to-pdf needs at least one image');
  const layout = validateLayout(options);
  const report = progressReporter(onProgress);
  report(0);
  const sizes = await Promise.all(inputs.map((path) => stat(path).then((s) => s.size, () => 0)));
  const totalSize = sizes.reduce((a, b) => a + b, 0) || 1;
  let doneSize = 0;

  const doc = new mupdf.PDFDocument();
  let data: Uint8Array;
  let pages = 0;
  try {
    for (const [index, path] of inputs.entries()) {
      const fail: Fail = (code, reason) => new InputError(code, index, path, reason);
      const bytes = await readInput(path, fail);
      const { frames } = await embedImageFile(doc, bytes, fail);
      for (const frame of frames) {
        addFramePage(doc, frame, placeFrame(frame, layout));
        pages++;
      }
      doneSize += sizes[index] ?? 0;
      report((doneSize / totalSize) * EMBED_SHARE);
    }
    moveInfoToTrailer(doc);
    data = savePdf(doc, saveOptions.plain);
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    doc.destroy();
  }
  report(EMBED_SHARE + 5);
  await writeFileAtomic(outputPath, data);
  report(100);
  return { pages };
}
