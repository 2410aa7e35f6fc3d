/**
 * The page-range rules of SPEC §5: comma-separated page numbers or ranges such as
 * `1, 6-159, 59-100`, used by rotate, crop, delete pages and split.
 */
export const pageRangeMessages = {
  format: 'Please input something like: 1, 6-159, or 59-100',
  invalid: 'Please enter a valid page range.',
  cropMaxPages: 'Maximum number of pages exceeded:',
  greaterThanMax: "Can't be greater than the max. value",
  lessThanMin: "Can't be less than min. value",
} as const;

export interface PageRange { from: number; to: number }

export type PageRangeResult =
  | { ok: true; ranges: PageRange[] }
  | { ok: false; message: string };

const PART = /^(\d+)(?:\s*-\s*(\d+))?$/;

/**
 * Parses `input` against a document of `totalPages` pages. A malformed string gets the format
 * message; a well-formed one that names page 0, a page past the end or a backward range gets
 * the invalid-range message.
 */
export function parsePageRanges(input: string, totalPages: number): PageRangeResult {
  const parts = input.split(',').map((p) => p.trim());
  if (input.trim() === '' || parts.some((p) => !PART.test(p))) {
    return { ok: false, message: pageRangeMessages.format };
  }
  const ranges: PageRange[] = [];
  for (const part of parts) {
    const m = PART.exec(part)!;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < from || to > totalPages) {
      return { ok: false, message: pageRangeMessages.invalid };
    }
    ranges.push({ from, to });
  }
  return { ok: true, ranges };
}

/** The distinct 1-based pages named by the ranges, ascending. */
export function pagesOf(ranges: readonly PageRange[]): number[] {
  const set = new Set<number>();
  for (const r of ranges) for (let p = r.from; p <= r.to; p++) set.add(p);
  return [...set].sort((a, b) => a - b);
}

/** A split range's bound against the document's min (1) and max (page count). */
export function checkSplitBound(value: number, min: number, max: number): string | null {
  if (!Number.isInteger(value) || value < min) return pageRangeMessages.lessThanMin;
  if (value > max) return pageRangeMessages.greaterThanMax;
  return null;
}
