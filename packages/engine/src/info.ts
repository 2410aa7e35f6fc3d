import { reasonOf } from './errors.js';
import { documentFail as fail, openInput } from './pdf/single.js';

export interface DocumentInfo {
  total_page: number;
  /** Width of page 1 in PDF points, as displayed (crop box, rotation applied). */
  page_w: number;
  /** Height of page 1 in PDF points, as displayed (crop box, rotation applied). */
  page_h: number;
  /** The file is encrypted (it needed a password, or has an owner password only). */
  encrypted: boolean;
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Page count, size of page 1 and encryption of a PDF. Throws CatalogueError: FILE_TYPE_ERROR,
 * FILE_DAMAGED, 3122 (encrypted, no password given), INCORRECT_PASSWORD.
 */
export async function documentInfo(path: string, password?: string): Promise<DocumentInfo> {
  const { doc, pageCount, encrypted } = await openInput(password ? { path, password } : { path });
  try {
    let bounds: number[];
    try {
      const page = doc.loadPage(0);
      try {
        bounds = page.getBounds();
      } finally {
        page.destroy();
      }
    } catch (err) {
      throw fail('FILE_DAMAGED', reasonOf(err));
    }
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = bounds;
    return { total_page: pageCount, page_w: round(x1 - x0), page_h: round(y1 - y0), encrypted };
  } finally {
    doc.destroy();
  }
}
