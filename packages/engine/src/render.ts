import { CatalogueError } from '@pagewright/contracts';
import { reasonOf } from './errors.js';
import { mupdf } from './mupdf.js';
import { documentFail as fail, openInput } from './pdf/single.js';

export const RENDER_MIN_DPI = 20;
export const RENDER_MAX_DPI = 150;

/**
 * One page as a PNG at `dpi`, as displayed (rotation applied), for previews and thumbnails.
 * A page past the end -> PAGE_RANGE_INVALID; a dpi outside 20..150 -> INVALID_PARAMS.
 */
export async function renderPage(path: string, pageNumber: number, dpi: number, password?: string): Promise<Uint8Array> {
  if (!(dpi >= RENDER_MIN_DPI && dpi <= RENDER_MAX_DPI)) throw fail('INVALID_PARAMS', `dpi must be ${RENDER_MIN_DPI}..${RENDER_MAX_DPI}`);
  const { doc, pageCount } = await openInput(password ? { path, password } : { path });
  try {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pageCount) throw fail('PAGE_RANGE_INVALID');
    try {
      const page = doc.loadPage(pageNumber - 1);
      try {
        const scale = dpi / 72;
        const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
        try {
          return pixmap.asPNG();
        } finally {
          pixmap.destroy();
        }
      } finally {
        page.destroy();
      }
    } catch (err) {
      if (err instanceof CatalogueError) throw err;
      throw fail('FILE_DAMAGED', reasonOf(err));
    }
  } finally {
    doc.destroy();
  }
}
