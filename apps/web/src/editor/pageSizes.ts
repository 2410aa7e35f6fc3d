/**
 * Every page's own size, read up front: pages of another size than page 1 are laid out (and
 * scrolled to, and drawn as thumbnails) at their real size before they are drawn. pdf.js reads
 * only each page's dictionary for this, not its content.
 */
import type { PageSize } from './PageView';

/** The part of pdf.js's document the sizes are read from. */
export interface SizedDocument {
  numPages: number;
  getPage: (page: number) => Promise<{ getViewport: (options: { scale: number }) => { width: number; height: number } }>;
}

/** How many pages' sizes are handed over at a time (one layout per batch, not per page). */
const BATCH = 50;

/**
 * Reads the displayed size (rotation and crop box applied, in points) of every page in page
 * order and hands them over in batches; stops when `signal` aborts.
 */
export async function readPageSizes(doc: SizedDocument, onSizes: (sizes: Map<number, PageSize>) => void, signal: AbortSignal): Promise<void> {
  let batch = new Map<number, PageSize>();
  for (let page = 1; page <= doc.numPages; page++) {
    if (signal.aborted) return;
    const viewport = (await doc.getPage(page)).getViewport({ scale: 1 });
    batch.set(page, { w: viewport.width, h: viewport.height });
    if (batch.size === BATCH || page === doc.numPages) {
      if (signal.aborted) return;
      onSizes(batch);
      batch = new Map();
    }
  }
}
