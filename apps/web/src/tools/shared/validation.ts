/**
 * Client-side checks of SPEC §5 with their exact messages. Messages come from contracts (the
 * catalogue and pageRangeMessages), translated when the locale has a `validation.<name>` or
 * `errors.<code>` entry.
 */
import { pageRangeMessages, parsePageRanges, pagesOf, type PageRange } from '@pagewright/contracts';
import i18next from 'i18next';
import { errorMessage } from '../../toasts/errorToast';

export type RangeMessageName = keyof typeof pageRangeMessages;

export function rangeMessage(name: RangeMessageName): string {
  const key = `validation.${name}`;
  return i18next.exists(key) ? (i18next.t as (k: string) => string)(key) : pageRangeMessages[name];
}

export type RangeCheck = { ok: true; ranges: PageRange[]; pages: number[] } | { ok: false; message: string };

/** A page-range string (rotate, delete pages, split) against a document of `totalPages`. */
export function checkPageRanges(input: string, totalPages: number): RangeCheck {
  const result = parsePageRanges(input, totalPages);
  if (result.ok) return { ok: true, ranges: result.ranges, pages: pagesOf(result.ranges) };
  return {
    ok: false,
    message: result.message === pageRangeMessages.format ? errorMessage('PAGE_RANGE_FORMAT') : errorMessage('PAGE_RANGE_INVALID'),
  };
}

/** Crop's page ranges: a page past the end names the document's page count. */
export function checkCropPageRanges(input: string, totalPages: number): RangeCheck {
  const loose = parsePageRanges(input, Number.MAX_SAFE_INTEGER);
  if (loose.ok && loose.ranges.some((range) => range.to > totalPages)) {
    return { ok: false, message: `${rangeMessage('cropMaxPages')} ${totalPages}` };
  }
  return checkPageRanges(input, totalPages);
}

/** A split bound (a range end or a page count) against min 1 and the document's page count. */
export function checkBound(value: number | string, min: number, max: number): string | null {
  const n = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n) || n < min) return rangeMessage('lessThanMin');
  if (n > max) return rangeMessage('greaterThanMax');
  return null;
}

/** Whether a regular expression compiles (redact-pdf, replace-text with the regex option). */
export function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
