import { CatalogueError, pageRangeMessages, pagesOf, parsePageRanges, type PageRange } from '@pagewright/contracts';

/**
 * A SPEC §5 range string checked for its form; the engine checks it against the document's
 * pages, which the request does not know. Empty or absent means every page.
 */
export function parseRanges(value: string | undefined): PageRange[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const result = parsePageRanges(value, Number.MAX_SAFE_INTEGER);
  if (!result.ok) {
    throw new CatalogueError(result.message === pageRangeMessages.format ? 'PAGE_RANGE_FORMAT' : 'PAGE_RANGE_INVALID');
  }
  return result.ranges;
}

export function parsePages(value: string | undefined): number[] | undefined {
  const ranges = parseRanges(value);
  return ranges && pagesOf(ranges);
}
