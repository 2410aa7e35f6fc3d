/** Validation of the page numbers and angles that organize operations take. */
import { documentFail } from './single.js';

/**
 * Checks 1-based page numbers against a document of `pageCount` pages and returns them as a
 * set of 0-based indices. Not an array -> INVALID_PARAMS; a number that is not a whole number
 * from 1 to `pageCount` -> PAGE_RANGE_INVALID.
 */
export function pageIndexSet(pages: unknown, pageCount: number, what = 'pages'): Set<number> {
  if (!Array.isArray(pages)) throw documentFail('INVALID_PARAMS', `${what} must be a list of page numbers`);
  const indices = new Set<number>();
  for (const page of pages as unknown[]) indices.add(pageIndex(page, pageCount));
  return indices;
}

/** One 1-based page number as a 0-based index; PAGE_RANGE_INVALID when outside the document. */
export function pageIndex(page: unknown, pageCount: number): number {
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > pageCount) {
    throw documentFail('PAGE_RANGE_INVALID', `page ${String(page)} is not in 1-${pageCount}`);
  }
  return page - 1;
}

/**
 * The pages an optional `pages` option names: absent or empty means every page.
 */
export function pagesOrAll(pages: unknown, pageCount: number): Set<number> {
  if (pages === undefined || (Array.isArray(pages) && pages.length === 0)) {
    return new Set(Array.from({ length: pageCount }, (_, i) => i));
  }
  return pageIndexSet(pages, pageCount);
}

/** A quarter turn: 90, 180 or 270 (and 0 where `allowZero`); anything else -> INVALID_PARAMS. */
export function checkAngle(angle: unknown, allowZero = false): number {
  if (angle === 90 || angle === 180 || angle === 270 || (allowZero && angle === 0)) return angle;
  throw documentFail('INVALID_PARAMS', `angle must be ${allowZero ? '0, ' : ''}90, 180 or 270, got ${String(angle)}`);
}
